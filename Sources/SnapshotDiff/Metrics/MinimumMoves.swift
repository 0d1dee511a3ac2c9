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
    // Old positions from the old snapshot's id table (made here where it
    // has none): a dictionary of its own was 48 MB of a million-item pair,
    // the referee's peak (measured).
    let table = old._index?.items ?? old._itemTable()
    let oldSectionOf = _sectionOfEachItem(old._sectionStarts)
    var moves = 0
    var kept = [Int]()
    old._items.withUnsafeBufferPointer { oldItems in
      let column = _IDColumn(items: oldItems)
      for t in 0..<new.numberOfSections {
        let s = old.indexOfSection(new._sectionIDs[t])
        kept.removeAll(keepingCapacity: true)
        for j in new.itemRange(ofSection: t) {
          let i = table.index(of: new._items[j].id, in: column)
          guard i >= 0 else { continue }
          if Int(oldSectionOf[i]) == s { kept.append(i) } else { moves += 1 }
        }
        moves += kept.count - _longestIncreasingSubsequenceLength(kept)
      }
    }
    return moves
  }
}
