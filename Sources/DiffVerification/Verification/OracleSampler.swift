import Foundation

/// Which pairs of a random fuzz run get the slow reference oracles: every
/// small pair, and of the large ones one a second (per worker), so each
/// oracle is still exercised every second while most large pairs cost only
/// the strategies and the linear checks.
///
/// A failure is re-checked with every oracle before it is kept or shrunk, so
/// sampling changes how fast failures are found, never what a failure is.
public struct OracleSampler: Sendable {
  /// Pairs with at most this many items on each side always get every oracle.
  public var smallItems: Int
  /// Seconds between two large pairs that get every oracle.
  public var interval: Double
  var lastFull: Double = -.infinity

  public init(smallItems: Int = 256, interval: Double = 1) {
    self.smallItems = smallItems
    self.interval = interval
  }

  /// The limits for a pair with sides of `oldItems` and `newItems` items,
  /// seen at `now` (seconds on any monotonic clock).
  public mutating func limits(oldItems: Int, newItems: Int, now: Double) -> OracleLimits {
    if max(oldItems, newItems) <= smallItems { return .full }
    guard now - lastFull >= interval else { return .none }
    lastFull = now
    return .full
  }
}
