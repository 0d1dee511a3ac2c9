@testable import SnapshotDiff
import Testing

/// The direct plan reads its `Bool` flags eight at a time: the counts and
/// positions must equal a plain loop's, at every length and offset.
@Suite struct FlagScanTests {
  static let flags: [Bool] = {
    var rng = SystemRandomNumberGenerator()
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

  @Test func nextFalseEqualsALoop() {
    var flags = Self.flags
    flags.withUnsafeMutableBufferPointer { buffer in
      for from in [0, 1, 19, 20, 36, 150, 203] {
        for to in [from, 203] {
          let expected = (from..<to).first { !buffer[$0] } ?? to
          #expect(_nextFalse(buffer, from: from, to: to) == expected, "\(from)..<\(to)")
        }
      }
    }
  }
}
