@testable import SnapshotDiff
import DiffVerification
import Testing

/// The strategies hash ASCII `String` and `Int` ids with `_IDHash`, and every
/// other id with `hashValue`. The hash must agree with `==` whatever the
/// bytes, and spread well enough for a table that takes its slot from the low
/// bits and its tag from the high ones.
@Suite struct IDHashTests {
  /// `==` on strings is canonical equivalence: the Kelvin sign is "K", and
  /// "é" is "e" with a combining accent. Each pair is one id, so a diff from
  /// one spelling to the other keeps every item. The ASCII ids around them
  /// are reversed, so `hashmap` and `myers` hash them too (their side-by-side
  /// walk gives up) and `heckel` always does. (The strategies that may delete
  /// and insert a kept item again are held to the target only, by
  /// `StrategyTests`.)
  @Test(arguments: [
    ("K", "\u{212A}"), ("\u{E9}", "e\u{301}"), ("\u{212B}x", "\u{C5}x"),
  ])
  func canonicallyEquivalentIdsAreOneId(spelling: String, other: String) throws {
    let ascii = (0..<60).map { "id\($0)" }
    for (oldHas, newHas) in [(spelling, other), (other, spelling)] {
      let old = list(ascii + [oldHas])
      let new = list([newHas] + ascii.reversed())
      for strategy in Contenders.library.map(\.strategy) where !strategy.traits.reinsertsKeptItems {
        let changeset = strategy.changeset(from: old, to: new)
        let counts = changeset.counts
        #expect(counts.inserts == 0 && counts.deletes == 0, "\(strategy.name): \(counts)")
        #expect(try changeset.apply(to: old) == new, "\(strategy.name)")
      }
    }
  }

  /// An ASCII id hashes the same however its string was made (small or
  /// heap storage, built by appending or by slicing), and `nil` marks
  /// exactly the strings with a byte outside ASCII.
  @Test func asciiHashDependsOnTheBytesOnly() {
    let hash = _IDHash()
    for length in 0...70 {
      let literal = String(repeating: "a", count: length)
      var appended = ""
      for _ in 0..<length { appended.append("a") }
      let sliced = String(("xy" + literal + "z").dropFirst(2).dropLast())
      // Heap storage even when short: the small-string path and the byte
      // path must agree.
      var reserved = ""
      reserved.reserveCapacity(80)
      reserved.append(literal)
      #expect(hash(literal) != nil)
      #expect(hash(literal) == hash(appended))
      #expect(hash(literal) == hash(sliced))
      #expect(hash(literal) == hash(reserved))
      let digits = String((0..<length).map { Character(String($0 % 10)) })
      var reservedDigits = ""
      reservedDigits.reserveCapacity(80)
      reservedDigits.append(digits)
      #expect(hash(digits) == hash(reservedDigits), "length \(length)")
      #expect(hash(digits) == Array(digits.utf8).withUnsafeBufferPointer { hash.hashASCII($0) })
      if length > 0 {
        // A non-ASCII byte at the start, middle or end is always seen.
        for at in [0, length / 2, length - 1] {
          var scalars = Array(literal.unicodeScalars)
          scalars[at] = "\u{E9}"
          var string = ""
          string.unicodeScalars.append(contentsOf: scalars)
          #expect(hash(string) == nil, "length \(length), at \(at)")
        }
      }
    }
  }

  /// Distinct ids of every length up to 40 get distinct hashes, and the low
  /// bits (the slot) and high bits (the tag) each spread over their range.
  @Test(arguments: [1, 3, 7, 8, 15, 16, 17, 40])
  func spreadsDistinctIds(width: Int) {
    let hash = _IDHash()
    let ids = (0..<4096).map { n in
      let digits = String(n)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }.filter { $0.count == width }
    let hashes = ids.map { hash($0)! }
    #expect(Set(hashes).count == ids.count)
    let slots = Set(hashes.map { $0 & 1023 })
    let tags = Set(hashes.map { UInt(bitPattern: $0) >> 54 })
    // A snapshot's id table takes its slot from the tag's low bits.
    let tagSlots = Set(hashes.map { (UInt(bitPattern: $0) >> 32) & 1023 })
    // 4096 (or 1000 for width 3) keys into 1024 bins fill most of them.
    let expected = min(ids.count, 1024) * 6 / 10
    #expect(slots.count >= expected && tags.count >= expected && tagSlots.count >= expected,
            "width \(width): \(slots.count), \(tags.count), \(tagSlots.count)")
  }

  @Test func intIdsSpreadAndDiffExactly() throws {
    let hash = _IDHash()
    let hashes = (0..<4096).map { hash($0 * 1024)! }
    #expect(Set(hashes.map { $0 & 1023 }).count >= 600)
    let old = try Snapshot<Int, Int, Int>(sections: [.init(0, items: (0..<500).map { .init($0) })])
    let new = try Snapshot<Int, Int, Int>(sections: [.init(0, items: (250..<750).reversed().map { .init($0) })])
    for strategy in Contenders.library.map(\.strategy) where !strategy.traits.reinsertsKeptItems {
      let counts = strategy.changeset(from: old, to: new).counts
      #expect(counts.deletes == 250 && counts.inserts == 250, "\(strategy.name): \(counts)")
    }
  }
}
