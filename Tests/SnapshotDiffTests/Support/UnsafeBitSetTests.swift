import DiffVerification
@testable import SnapshotDiff
import Testing

/// The one bitset: set by ranges and by single bits, read 64 at a time;
/// every position must equal a plain array of flags, at every length and offset.
@Suite struct UnsafeBitSetTests {
  @Test func bitsEqualFlags() {
    var rng = SplitMix64(seed: 64)  // seeded: a failure replays
    for count in [0, 1, 63, 64, 65, 203, 700] {
      var flags = [Bool](repeating: false, count: count)
      var words = [UInt64](repeating: 0, count: (count + 63) / 64)
      words.withUnsafeMutableBufferPointer { words in
        let set = _UnsafeBitSet(words: words)
        for _ in 0..<12 where count > 0 {
          let a = Int.random(in: 0...count, using: &rng), b = Int.random(in: 0...count, using: &rng)
          let range = min(a, b)..<max(a, b)
          set.insert(contentsOf: range)
          for k in range { flags[k] = true }
          let single = Int.random(in: 0..<count, using: &rng)
          #expect(set.testAndInsert(single) == flags[single])
          flags[single] = true
        }
        for k in 0..<count {
          #expect((words[k >> 6] >> UInt64(k & 63)) & 1 == (flags[k] ? 1 : 0), "bit \(k) of \(count)")
          #expect(set.contains(k) == flags[k])
        }
        #expect(set.count == flags.filter { $0 }.count)
        for from in Set([0, 1, 63, 64, 65, count / 2, count]) where from <= count {
          for to in Set([from, min(from + 1, count), min(from + 64, count), count]) {
            let expected = (from..<to).first { !flags[$0] } ?? to
            #expect(set.firstNonMember(from: from, to: to) == expected, "\(from)..<\(to) of \(count)")
            #expect(set.containsAny(from: from, to: to) == (from..<to).contains { flags[$0] }, "\(from)..<\(to) of \(count)")
          }
        }
      }
    }
    // All set: the scan runs to its end, a word at a time.
    var full = [UInt64](repeating: 0, count: 4)
    full.withUnsafeMutableBufferPointer { words in
      let set = _UnsafeBitSet(words: words)
      set.insert(contentsOf: 0..<256)
      #expect(words.allSatisfy { $0 == ~0 })
      #expect(set.firstNonMember(from: 3, to: 256) == 256)
      #expect(set.firstNonMember(from: 3, to: 200) == 200)
      set.removeAll()
      #expect(set.count == 0 && set.firstNonMember(from: 3, to: 200) == 3)
    }
  }
}
