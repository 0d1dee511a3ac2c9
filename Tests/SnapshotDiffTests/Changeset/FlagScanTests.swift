@testable import SnapshotDiff
import Testing

/// The direct plan counts its `Bool` flags eight at a time and reads its kept
/// bits 64 at a time: the counts and positions must equal a plain loop's, at
/// every length and offset.
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

  /// The kept bits: set by ranges and by single bits, read 64 at a time.
  @Test func bitsEqualFlags() {
    var rng = SystemRandomNumberGenerator()
    for count in [0, 1, 63, 64, 65, 203, 700] {
      var flags = [Bool](repeating: false, count: count)
      var words = [UInt64](repeating: 0, count: (count + 63) / 64)
      words.withUnsafeMutableBufferPointer { words in
        for _ in 0..<12 where count > 0 {
          let a = Int.random(in: 0...count, using: &rng), b = Int.random(in: 0...count, using: &rng)
          let range = min(a, b)..<max(a, b)
          _setBits(words, range)
          for k in range { flags[k] = true }
          let single = Int.random(in: 0..<count, using: &rng)
          words[single >> 6] |= 1 << UInt64(single & 63)
          flags[single] = true
        }
        for k in 0..<count { #expect((words[k >> 6] >> UInt64(k & 63)) & 1 == (flags[k] ? 1 : 0), "bit \(k) of \(count)") }
        for from in Set([0, 1, 63, 64, 65, count / 2, count]) where from <= count {
          for to in Set([from, min(from + 1, count), min(from + 64, count), count]) {
            let expected = (from..<to).first { !flags[$0] } ?? to
            #expect(_nextClearBit(words, from: from, to: to) == expected, "\(from)..<\(to) of \(count)")
          }
        }
      }
    }
    // All set: the scan runs to its end, a word at a time.
    var full = [UInt64](repeating: 0, count: 4)
    full.withUnsafeMutableBufferPointer { words in
      _setBits(words, 0..<256)
      #expect(words.allSatisfy { $0 == ~0 })
      #expect(_nextClearBit(words, from: 3, to: 256) == 256)
      #expect(_nextClearBit(words, from: 3, to: 200) == 200)
    }
  }
}
