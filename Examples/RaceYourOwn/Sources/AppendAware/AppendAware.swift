import SnapshotDiff

/// A diff for the commonest list update of all, the next page appended:
/// when every section keeps its id, content and items in front and only gains
/// items at its end, the changeset is those inserts, found in O(*n*) by
/// comparing ids with no hashing. Anything else falls back to `Hashmap`.
///
/// - Complexity: O(*n* + *m*) comparisons for an append; `Hashmap`'s otherwise.
public struct AppendAware: MatchingStrategy {
  public init() {}
  public var name: String { "append-aware" }

  @inlinable
  public func matching<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> Matching {
    guard let itemOldIndex = appendedItems(from: old, to: new) else { return Hashmap().matching(from: old, to: new) }
    return Matching(
      sectionOldIndex: Array(0..<new.numberOfSections), sectionMoved: [Bool](repeating: false, count: new.numberOfSections),
      itemOldIndex: itemOldIndex, itemMoved: [Bool](repeating: false, count: new.numberOfItems))
  }

  /// For a pure append, each new item's old position (-1 for the appended
  /// ones); `nil` when the pair is anything else. The appended ids are new:
  /// every old id already sits in the kept prefix, and ids are unique.
  @inlinable
  func appendedItems<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> [Int]? {
    guard old.numberOfSections == new.numberOfSections, old.numberOfItems <= new.numberOfItems else { return nil }
    var oldIndex = [Int](repeating: -1, count: new.numberOfItems)
    for s in 0..<old.numberOfSections {
      guard old.sectionIdentifiers[s] == new.sectionIdentifiers[s], old.sectionContent(at: s) == new.sectionContent(at: s) else {
        return nil
      }
      let before = old.itemRange(ofSection: s), after = new.itemRange(ofSection: s)
      guard before.count <= after.count else { return nil }
      for k in 0..<before.count {
        let a = old.allItems[before.lowerBound + k], b = new.allItems[after.lowerBound + k]
        guard a.id == b.id, a.content == b.content else { return nil }
        oldIndex[after.lowerBound + k] = before.lowerBound + k
      }
    }
    return oldIndex
  }
}
