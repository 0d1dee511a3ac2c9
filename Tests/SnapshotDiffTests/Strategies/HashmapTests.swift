import PropertyBased
@testable import SnapshotDiff
import Testing

/// `hashmap` matches most items by comparing ids side by side and hashes only
/// the rest. Whatever the shape of the change, the matching must be exactly
/// "the same id", which these tests compute the obvious way.
@Suite struct HashmapTests {
  /// For each new item, the flat old position of the same id, or -1.
  func expectedOldIndex(_ old: Snap, _ new: Snap) -> [Int] {
    var position = [String: Int]()
    for (i, id) in old.itemIdentifiers.enumerated() { position[id] = i }
    return new.itemIdentifiers.map { position[$0] ?? -1 }
  }

  /// Long unaligned stretches in every place the side-by-side walk can lose
  /// its way: block deletes and inserts longer than its look-ahead, a
  /// shuffled prefix, a reversed middle, a moved block, whole sections
  /// deleted, inserted and moved, items moved across sections.
  @Test func matchesExactlyTheSameIds() async {
    await propertyCheck(count: 300, input: Gen.uint64(), Gen.int(in: 0...400)) { seed, size in
      var rng = seed | 1
      func next(_ bound: Int) -> Int {
        rng = rng &* 6364136223846793005 &+ 1442695040888963407
        return bound <= 0 ? 0 : Int((rng >> 33) % UInt64(bound))
      }
      let sectionCount = 1 + next(4)
      var sections = (0..<sectionCount).map { s in ("s\(s)", (0..<(size / sectionCount)).map { "s\(s)-\($0)" }) }
      let old = snap(sections)
      var fresh = 0, freshSections = 0
      for _ in 0..<(1 + next(6)) {
        let s = next(sections.count)
        var items = sections[s].1
        let a = next(items.count + 1), b = a + next(items.count - a + 1)
        switch next(7) {
        case 0: items.removeSubrange(a..<b)
        case 1: items.insert(contentsOf: (0..<(b - a + next(40))).map { _ in fresh += 1; return "n\(fresh)" }, at: a)
        case 2:
          var generator = SeededGenerator(&rng)
          items[a..<b].shuffle(using: &generator)
        case 3: items[a..<b].reverse()
        case 4:
          let block = Array(items[a..<b])
          items.removeSubrange(a..<b)
          items.insert(contentsOf: block, at: next(items.count + 1))
        case 5 where !items.isEmpty:
          let moved = items.remove(at: next(items.count))
          let t = next(sections.count)
          sections[t].1.insert(moved, at: next(sections[t].1.count + 1))
        default:
          if next(2) == 0 && sections.count > 1 { sections.remove(at: s); continue }
          // Its own counter: `fresh` does not move when the section is empty.
          freshSections += 1
          sections.insert(("x\(freshSections)", (0..<next(30)).map { _ in fresh += 1; return "n\(fresh)" }), at: next(sections.count + 1))
          continue
        }
        sections[s].1 = items
      }
      if sections.count > 1 && next(3) == 0 { sections.swapAt(0, sections.count - 1) }
      let new = snap(sections)
      #expect(Hashmap().matching(from: old, to: new).itemOldIndex == expectedOldIndex(old, new), "seed \(seed), size \(size)")
    }
  }

  @Test func identicalListsNeedNoHashing() {
    let ids = (0..<1000).map { "i\($0)" }
    let m = Hashmap().matching(from: list(ids), to: list(ids))
    #expect(m.itemOldIndex == Array(0..<1000) && !m.itemMoved.contains(true))
  }

  /// Long sections of a few unchanged runs and some shuffled items: the
  /// moves come from a heaviest increasing subsequence with each run taken
  /// whole, and must still be as few as can be.
  @Test(arguments: 0..<6)
  func sectionsOfRunsGetMinimalMoves(seed: Int) throws {
    var seed = UInt64(seed) &+ 3
    var rng = SeededGenerator(&seed)
    let old = (0..<3_000).map { "i\($0)" }
    var new = old
    new.removeSubrange(1_000..<(1_000 + Int.random(in: 0...500, using: &rng)))
    new.insert(contentsOf: (0..<Int.random(in: 0...300, using: &rng)).map { "n\($0)" }, at: 1_500)
    let shuffled = Int.random(in: 0..<2_000, using: &rng)
    new[shuffled..<(shuffled + 200)].shuffle(using: &rng)
    let moved = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
    new.insert(moved, at: Int.random(in: 0...new.count, using: &rng))
    let m = Hashmap().matching(from: list(old), to: list(new))
    #expect(m.itemMoved.filter { $0 }.count == Snap.minimumMoves(from: list(old), to: list(new)), "seed \(seed)")
    #expect(try Hashmap().changeset(from: list(old), to: list(new)).apply(to: list(old)) == list(new), "seed \(seed)")
  }

  /// A deleted stretch longer than the look-ahead, then a common suffix.
  @Test func longDeleteThenSuffix() {
    let old = (0..<100).map { "i\($0)" }
    let new = Array(old[0..<10] + old[60..<100])
    let m = Hashmap().matching(from: list(old), to: list(new))
    #expect(m.itemOldIndex == Array(0..<10) + Array(60..<100))
  }
}

/// The seeded generator above as a `RandomNumberGenerator` for `shuffle`.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(_ seed: inout UInt64) {
    state = seed
    seed = seed &* 2862933555777941757 &+ 3037000493
  }
  mutating func next() -> UInt64 {
    state = state &* 6364136223846793005 &+ 1442695040888963407
    return state ^ (state >> 29)
  }
}

/// Sections are found by comparing ids while there are few of them
/// (`_Tuning.sectionScanPairs` pairs) and through a table past that: the same
/// indices either way, equal ids with other bits included.
@Suite struct HashmapSectionLookupTests {
  @Test(arguments: [false, true])
  func sectionsEitherSideOfTheScanLimit(long: Bool) throws {
    let side = Int(Double(_Tuning.sectionScanPairs).squareRoot())
    for count in [side, side + 1] {
      // A long id built at run time has its own heap buffer: equal, not bitwise equal.
      func id(_ s: Int) -> String { long ? String(repeating: "s", count: 20) + String(s) : "s\(s)" }
      let oldIDs = (0..<count).map(id)
      // Reversed, one deleted, one inserted: the same count of sections.
      var newIDs = Array(oldIDs.reversed())
      newIDs.remove(at: 1)
      newIDs.insert(id(1_000), at: 2)
      #expect((oldIDs.count * newIDs.count <= _Tuning.sectionScanPairs) == (count == side))
      func sections(_ ids: [String]) -> Snap { snap(ids.map { id -> (String, [String]) in (id, [id + "-a"]) }) }
      let old = sections(oldIDs), new = sections(newIDs)
      let m = Hashmap().matching(from: old, to: new)
      #expect(m.sectionOldIndex == newIDs.map { oldIDs.firstIndex(of: $0) ?? -1 }, "\(count) sections, long \(long)")
      #expect(try Hashmap().changeset(from: old, to: new).apply(to: old) == new)
    }
  }
}
