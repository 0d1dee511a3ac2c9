/// The baseline with no hashing at all: every id is found by linear search,
/// and nothing is ever moved.
///
/// A new section is kept when a linear search finds its id among the old
/// sections after the last kept one; otherwise the old one is deleted and the
/// new one inserted. Within a kept section, an item is kept when a linear
/// search finds it among that section's old items after the last kept one;
/// otherwise (it moved, or changed section) it is deleted and inserted again,
/// as a reload would.
///
/// Each search starts after the last kept position, where the only keepable
/// match can be.
///
/// - Complexity: O(*n*·*m*) comparisons of ids in the worst case; O(*n* +
///   *m*) when the lists are identical or nearly so.
public struct Naive: MatchingStrategy {
  public var name: String { "naive" }
  @inlinable public init() {}

  @inlinable
  public func matching<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> Matching {
    var sectionOldIndex = [Int](repeating: -1, count: new.numberOfSections)
    var lastSection = -1
    for t in 0..<new.numberOfSections {
      // Only a section after the last kept one can be kept: search from there.
      if let s = old._sectionIDs[(lastSection + 1)...].firstIndex(of: new._sectionIDs[t]) {
        sectionOldIndex[t] = s
        lastSection = s
      }
    }
    var itemOldIndex = [Int](repeating: -1, count: new.numberOfItems)
    old._items.withUnsafeBufferPointer { oldItems in
      new._items.withUnsafeBufferPointer { newItems in
        for t in 0..<new.numberOfSections where sectionOldIndex[t] >= 0 {
          let oldRange = old.itemRange(ofSection: sectionOldIndex[t])
          var last = oldRange.lowerBound - 1
          for j in new.itemRange(ofSection: t) {
            // Only an item after the last kept one can be kept (ids are
            // unique): the search resumes there, so a list that barely
            // changed costs O(n).
            let id = newItems[j].id
            var i = last + 1
            while i < oldRange.upperBound && oldItems[i].id != id { i += 1 }
            if i < oldRange.upperBound {
              itemOldIndex[j] = i
              last = i
            }
          }
        }
      }
    }
    return Matching(
      sectionOldIndex: sectionOldIndex,
      sectionMoved: [Bool](repeating: false, count: new.numberOfSections),
      itemOldIndex: itemOldIndex,
      itemMoved: [Bool](repeating: false, count: new.numberOfItems))
  }
}
