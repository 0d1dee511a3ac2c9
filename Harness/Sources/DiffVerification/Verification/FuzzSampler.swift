import Foundation

/// What a random fuzz run spends its time on, pair by pair. Measured here at
/// the default 2,000 items, the slow reference oracles cost a tenth of a
/// run and the superlinear strategies most of the rest (`stdlib`'s flat
/// difference alone: 381 pairs/s against 2,500–3,600 for each other
/// strategy), while bugs show on small pairs as well as on large ones. So:
///
/// * every small pair gets every oracle, and of the large ones one a second
///   (per worker), so each oracle is still exercised every second; the other
///   large pairs get the checks every changeset needs (valid, exact, the
///   ids, `min_moves` from the library), not the reference yardsticks nor
///   the quality oracles that index the pair (move rule, stage count), which
///   on sessions' many applies were most of a run;
/// * every strategy call its cost model estimates as cheap runs; expensive
///   ones (a large pair, or a large session's walk) run while the strategy's
///   time on expensive calls stays under a share of the run (5 % each), so
///   each strategy still meets large pairs, about as often as its cost allows.
///
/// A failure is re-checked with every oracle before it is kept or shrunk, so
/// sampling changes how fast failures are found, never what a failure is.
package struct FuzzSampler: Sendable {
  /// Pairs with at most this many items on each side always get every oracle.
  package var smallItems: Int
  /// A strategy call estimated under this many seconds always runs.
  package var cheapSeconds: Double
  /// Seconds between two large pairs that get every oracle.
  package var interval: Double
  /// The share of the run's time each strategy may spend on expensive calls.
  package var expensiveShare: Double
  var lastFullOracles: Double = -.infinity
  var expensiveSeconds: [String: Double] = [:]

  package init(smallItems: Int = 100, cheapSeconds: Double = 0.001, interval: Double = 1, expensiveShare: Double = 0.05) {
    self.smallItems = smallItems
    self.cheapSeconds = cheapSeconds
    self.interval = interval
    self.expensiveShare = expensiveShare
  }

  /// The oracle limits for a pair with sides of `oldItems` and `newItems`
  /// items, seen at `now` (seconds on any monotonic clock).
  package mutating func limits(oldItems: Int, newItems: Int, now: Double) -> OracleLimits {
    if max(oldItems, newItems) <= smallItems { return .full }
    guard now - lastFullOracles >= interval else { return .none }
    lastFullOracles = now
    return .full
  }

  /// Whether `strategy` runs on this pair, given its cost model's estimate,
  /// `now` seconds into the run. An expensive call that runs must be
  /// reported with ``spent(_:seconds:)``.
  package func runs(_ strategy: String, estimatedSeconds: Double, now: Double) -> Bool {
    estimatedSeconds < cheapSeconds || expensiveSeconds[strategy, default: 0] <= expensiveShare * now
  }

  /// Records the time an expensive call of `strategy` took.
  package mutating func spent(_ strategy: String, seconds: Double) {
    expensiveSeconds[strategy, default: 0] += seconds
  }
}
