/// The yardsticks that judge a changeset's quality, computed from the pair
/// alone with code that shares nothing with the strategies or the library's
/// metrics: plain dictionaries and quadratic dynamic programming, obviously
/// correct and slow, so they run on pairs up to a few thousand items.
/// How large a pair each slow reference oracle runs on: beyond a limit,
/// that oracle is not consulted (the others still are), and where it runs it
/// is exact. The defaults are the reference sizes; a fuzzer after throughput
/// samples large pairs (``none`` on most of them).
package struct OracleLimits: Hashable, Sendable {
  /// The largest side the quadratic reference `min_moves` runs on.
  package var referenceItems: Int
  /// The largest item-count product of a section pair the LCS check runs on.
  package var lcsCells: Int
  /// The largest side the standard library's difference is recomputed on.
  package var differenceItems: Int
  /// Whether the quality oracles that index the pair by id run: each
  /// strategy's move rule and the stage count. (Validity, exactness, ids,
  /// an identical pair's empty changeset and `min_moves` always run.)
  package var quality: Bool

  package init(
    referenceItems: Int = Reference.maximumItems, lcsCells: Int = Reference.maximumLCSCells,
    differenceItems: Int = Reference.maximumDifferenceItems, quality: Bool = true
  ) {
    (self.referenceItems, self.lcsCells, self.differenceItems, self.quality) = (referenceItems, lcsCells, differenceItems, quality)
  }

  /// Every oracle at its full size.
  package static let full = OracleLimits()
  /// Only the checks every changeset gets: valid stages, the exact target,
  /// the ids, an identical pair's empty changeset, moves ≥ the library's `min_moves`.
  package static let none = OracleLimits(referenceItems: -1, lcsCells: -1, differenceItems: -1, quality: false)
}

package enum Reference {
  /// Pairs with more items than this on either side get no reference
  /// `min_moves` (its LIS is quadratic in the kept items of a section).
  package static let maximumItems = 4_000
  /// Section pairs whose item-count product exceeds this get no LCS check.
  package static let maximumLCSCells = 40_000
  /// Pairs with more items than this on either side get no check of the
  /// standard library's difference (it costs as much as the strategy).
  package static let maximumDifferenceItems = 1_000

  /// Length of a longest strictly increasing subsequence, by the textbook
  /// O(n²) recurrence: `best[i]` = 1 + the best over `j < i` with
  /// `values[j] < values[i]`.
  package static func longestIncreasingLength(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    var longest = 0
    values.withUnsafeBufferPointer { values in
      best.withUnsafeMutableBufferPointer { best in
        for i in values.indices {
          for j in 0..<i where values[j] < values[i] && best[j] + 1 > best[i] { best[i] = best[j] + 1 }
          longest = max(longest, best[i])
        }
      }
    }
    return longest
  }

  /// Length of a longest common subsequence, by the O(n·m) table.
  package static func longestCommonLength<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
    if a.isEmpty || b.isEmpty { return 0 }
    var previous = [Int](repeating: 0, count: b.count + 1)
    var current = previous
    for i in 1...a.count {
      for j in 1...b.count {
        current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] + 1 : max(previous[j], current[j - 1])
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// the documented `min_moves`, straight from its definition: items whose
  /// section id changes, plus per section present in both the kept items
  /// less a longest subsequence of them in their old relative order.
  package static func minimumMoves(from old: StringSnapshot, to new: StringSnapshot) -> Int {
    // Item id → its old section's index and its position there. Read from
    // the items and each section's range, with room for every id: built
    // from `sections` (each a copy of its items), with the section id in
    // every entry, as the table grew, it was a fourteenth of a verify, profiled.
    var home: [String: (section: Int, position: Int)] = [:]
    home.reserveCapacity(old.numberOfItems)
    let oldItems = old.allItems, newItems = new.allItems
    for s in old.sectionIdentifiers.indices {
      let range = old.itemRange(ofSection: s)
      for k in range { home[oldItems[k].id] = (s, k - range.lowerBound) }
    }
    var oldSection: [String: Int] = [:]
    for (s, id) in old.sectionIdentifiers.enumerated() { oldSection[id] = s }
    var moves = 0
    for (t, id) in new.sectionIdentifiers.enumerated() {
      let same = oldSection[id] ?? -1  // the old section of the same id
      var kept: [Int] = []
      for item in newItems[new.itemRange(ofSection: t)] {
        guard let h = home[item.id] else { continue }
        if h.section == same { kept.append(h.position) } else { moves += 1 }
      }
      moves += kept.count - longestIncreasingLength(kept)
    }
    return moves
  }
}
