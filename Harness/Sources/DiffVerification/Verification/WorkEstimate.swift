import Foundation
import SnapshotDiff

/// What decides the cost of the quadratic strategies on a pair.
package struct WorkEstimate: Sendable {
  /// Σ over new sections of (its items × its old section's items): naive's comparisons.
  package var linearSearch: Double
  /// The same searches resumed after the last kept item (naive's): for each
  /// new item, the old items up to its match, or to the section's end.
  package var resumedSearch: Double
  /// (N + M) · D, D = N + M − 2 · (longest common subsequence of the flat id lists): stdlib's.
  package var myersWork: Double
  /// The linear-space Myers' search: Σ over section pairs of
  /// D² + (N+M) · log₂(D+1) / 2, where N+M counts the pair's shared ids and
  /// D = 2 × those off its common subsequence (the edit distance once ids
  /// on one side only are set aside). D² is the search's expected cost, the
  /// second term its recursion's scans, each halving D; the ratio ½ is fitted
  /// to counted instructions (`Guides/Myers.md`).
  package var myersSearch: Double
  /// Items of both snapshots.
  package var items: Int
  /// Whether most ids are longer than Swift's small-string form (15 UTF-8
  /// bytes): each is then a heap object that a comparison reads, as UUIDs
  /// are, and a search or an edit script costs more a unit.
  package var longIDs: Bool

  package init(old: StringSnapshot, new: StringSnapshot) {
    let matching = Hashmap().matching(from: old, to: new)
    var search = 0.0
    var squares = 0.0
    var resumed = 0.0
    for t in 0..<new.numberOfSections where matching.sectionOldIndex[t] >= 0 {
      let s = matching.sectionOldIndex[t]
      search += Double(new.numberOfItems(inSectionAt: t)) * Double(old.numberOfItems(inSectionAt: s))
      var last = old.itemRange(ofSection: s).lowerBound - 1
      for j in new.itemRange(ofSection: t) {
        let i = matching.itemOldIndex[j]
        if old.itemRange(ofSection: s).contains(i) && i > last {
          resumed += Double(i - last)
          last = i
        } else {
          resumed += Double(old.itemRange(ofSection: s).upperBound - last)
        }
      }
      // Hashmap's unmoved kept items are a longest common subsequence of the pair.
      let oldRange = old.itemRange(ofSection: s)
      var shared = 0, common = 0
      for j in new.itemRange(ofSection: t) where oldRange.contains(matching.itemOldIndex[j]) {
        shared += 1
        if !matching.itemMoved[j] { common += 1 }
      }
      let d = Double(2 * (shared - common))
      squares += d * d + Double(2 * shared) * log2(d + 1) / 2
    }
    items = old.numberOfItems + new.numberOfItems
    let long = old.allItems.lazy.filter { $0.id.utf8.count > 15 }.count + new.allItems.lazy.filter { $0.id.utf8.count > 15 }.count
    longIDs = 2 * long > items
    linearSearch = search
    resumedSearch = resumed
    myersSearch = squares
    let lcs = longestIncreasingSubsequenceLength(matching.itemOldIndex.filter { $0 >= 0 })
    let n = Double(old.numberOfItems + new.numberOfItems)
    myersWork = n * (n - 2 * Double(lcs))
  }
}

extension WorkEstimate {
  /// The units of work a cost model counts on this pair.
  package func units(_ cost: StrategyTraits.Cost) -> Double {
    switch cost {
    case .linear: return 0
    case .productOfSizes: return linearSearch
    case .scanFromLastKept: return resumedSearch
    case .flatEditScript: return myersWork
    case .squaredEditDistancePerSection: return myersSearch
    }
  }
}

/// When a strategy call is hung: the CPU time it may use on a pair.
///
/// A hang is judged on CPU time, so a call starved by other processes is not
/// hung. The deadline is the larger of the `--timeout` and a generous
/// multiple of what the strategy's cost model (``StrategyTraits/Cost``)
/// estimates for the pair, so a quadratic strategy on a large pair is given
/// the time it needs. A call that blocks without using CPU is caught by a
/// wall-clock backstop, ``backstopFactor`` times the deadline.
package struct Deadline: Sendable, Equatable {
  /// CPU seconds the call may use.
  package var cpuSeconds: Double
  /// Wall seconds after which it is hung even without using CPU.
  package var wallSeconds: Double { cpuSeconds * Self.backstopFactor }

  /// How many times its estimate a call may take before it is hung.
  package static let margin = 10.0
  package static let backstopFactor = 10.0

  /// Nanoseconds of CPU per unit of each cost model: about the slowest rate
  /// measured here (release build) for the library's strategy of that model
  /// on the grid's workloads up to 10,000 items, rounded up (naive 3.2–4.4,
  /// stdlib 0.9–7.7; myers 0.6–9.8, the most on a million items, where its
  /// recursion's scans miss the cache).
  static func nanosecondsPerUnit(_ cost: StrategyTraits.Cost) -> Double {
    switch cost {
    case .linear: return 0
    case .productOfSizes, .scanFromLastKept: return 5
    case .flatEditScript: return 10
    case .squaredEditDistancePerSection: return 10
    }
  }

  /// Nanoseconds per item of the pair that any strategy may spend, so that
  /// small unit counts (a reversal for naive) are not estimated at nothing.
  static let nanosecondsPerItem = 200.0

  /// `timeout` seconds, or ``margin`` times the estimate for a strategy of
  /// this cost model on the pair, whichever is more. Without an estimate of
  /// the work (a linear strategy), the timeout.
  package init(timeout: Double, cost: StrategyTraits.Cost, work: WorkEstimate?) {
    guard let work, cost != .linear else {
      cpuSeconds = timeout
      return
    }
    cpuSeconds = max(timeout, Self.margin * Self.estimatedSeconds(cost, work: work))
  }

  package init(cpuSeconds: Double) { self.cpuSeconds = cpuSeconds }

  /// The cost model's estimate for a strategy of this model on the pair, in
  /// seconds of CPU (an upper bound: the slowest rate measured).
  package static func estimatedSeconds(_ cost: StrategyTraits.Cost, work: WorkEstimate) -> Double {
    (work.units(cost) * nanosecondsPerUnit(cost) + Double(work.items) * nanosecondsPerItem) / 1e9
  }
}
