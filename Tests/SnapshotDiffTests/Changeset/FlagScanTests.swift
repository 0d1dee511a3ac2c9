import DiffVerification
@testable import SnapshotDiff
import Testing

/// The direct plan counts its `Bool` flags eight at a time: the counts must
/// equal a plain loop's, at every length and offset.
@Suite struct FlagScanTests {
  static let flags: [Bool] = {
    var rng = SplitMix64(seed: 46)  // seeded: a failure replays
    return (0..<203).map { k in k % 37 < 20 || Bool.random(using: &rng) }
  }()

  @Test func countTrueEqualsALoop() {
    let flags = Self.flags
    #expect(_countTrue(flags) == flags.filter { $0 }.count)
    for lower in [0, 1, 7, 8, 9, 100] {
      for upper in [lower, lower + 1, lower + 8, lower + 63, 203] where upper <= 203 {
        #expect(_countTrue(flags, in: lower..<upper) == flags[lower..<upper].filter { $0 }.count, "\(lower)..<\(upper)")
      }
    }
    #expect(_countTrue([Bool](repeating: true, count: 4_096)) == 4_096)
  }
}
