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
/// - Complexity: O(*n*·*m*) comparisons of ids.
public struct Naive: MatchingStrategy {
  public var name: String { "naive" }
  public var traits: StrategyTraits { StrategyTraits(moveRule: .forwardScan, reinsertsKeptItems: true, cost: .productOfSizes) }
  @inlinable public init() {}

  @inlinable
  public func matching<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> Matching {
    var sectionOldIndex = [Int](repeating: -1, count: new.numberOfSections)
    var lastSection = -1
    for t in 0..<new.numberOfSections {
      if let s = old._sectionIDs.firstIndex(of: new._sectionIDs[t]), s > lastSection {
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
            let id = newItems[j].id
            var i = oldRange.lowerBound
            while i < oldRange.upperBound && oldItems[i].id != id { i += 1 }
            if i < oldRange.upperBound && i > last {
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
