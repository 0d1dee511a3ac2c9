extension Snapshot {
  /// The fewest item moves any valid changeset from `old` to `new` can have
  /// (a delete and an insert of a kept id counting as a move).
  ///
  /// Items whose section identifier changes, plus, for every section present
  /// in both, the items kept in that section less the longest subsequence of
  /// them that keeps its relative order.
  ///
  /// - Complexity: O(*n* + *m* log *m* + *s*·*s′*) for *s* old and *s′* new
  ///   sections: each new section's old index is found by a linear search.
  @inlinable
  public static func minimumMoves(from old: Self, to new: Self) -> Int {
    var oldPosition = [ItemID: Int](minimumCapacity: old.numberOfItems)
    for (i, item) in old._items.enumerated() { oldPosition[item.id] = i }
    let oldSectionOf = _sectionOfEachItem(old._sectionStarts)
    var moves = 0
    var kept = [Int]()
    for t in 0..<new.numberOfSections {
      let s = old.indexOfSection(new._sectionIDs[t])
      kept.removeAll(keepingCapacity: true)
      for j in new.itemRange(ofSection: t) {
        guard let i = oldPosition[new._items[j].id] else { continue }
        if Int(oldSectionOf[i]) == s { kept.append(i) } else { moves += 1 }
      }
      moves += kept.count - _longestIncreasingSubsequenceLength(kept)
    }
    return moves
  }
}
