@testable import SnapshotDiff
import Testing

/// `_alignRuns`, the walk that matches the items that line up so that only
/// the rest are hashed. Whatever it does, every item must end matched to
/// its equal id or set aside (the leftovers are matched by id after it);
/// what it sets aside beyond the real edits is cost, which the resync keeps
/// down. These tests hold both.
@Suite struct RunAlignmentTests {
  typealias I = SectionSnapshot<String, String>.Item

  /// What the walk did with one pair of lists.
  struct Walk {
    var oldIndex: [Int]  // -2: neither matched nor set aside
    var leftOld: [Int], leftNew: [Int]
  }

  func walk(_ old: [String], _ new: [String]) -> Walk {
    let oldItems = old.map { I($0) }, newItems = new.map { I($0) }
    var oldIndex = [Int](repeating: -2, count: new.count)
    var leftOld = _Leftovers(), leftNew = _Leftovers(), runs = [_UnchangedRun]()
    oldItems.withUnsafeBufferPointer { o in
      newItems.withUnsafeBufferPointer { n in
        oldIndex.withUnsafeMutableBufferPointer { index in
          _alignRuns(old: o, 0..<o.count, new: n, 0..<n.count, oldIndex: index,
            leftOld: &leftOld, leftNew: &leftNew, runs: &runs)
        }
      }
    }
    return Walk(oldIndex: oldIndex, leftOld: Array(leftOld), leftNew: Array(leftNew))
  }

  /// Each pair matched has equal ids; the rest is set aside once, in order,
  /// and with it every partner it has: matching the leftovers by id then
  /// finishes the job exactly.
  func expectSound(_ old: [String], _ new: [String], _ w: Walk, _ note: Comment) {
    let position = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
    var matchedOld = Set<Int>()
    for (j, i) in w.oldIndex.enumerated() where i != -2 {
      #expect(i >= 0 && old[i] == new[j], note)
      matchedOld.insert(i)
    }
    #expect(w.leftNew == w.oldIndex.indices.filter { w.oldIndex[$0] == -2 }, note)
    #expect(w.leftOld == old.indices.filter { !matchedOld.contains($0) }, note)
    let leftOld = Set(w.leftOld)
    for j in w.leftNew { if let i = position[new[j]] { #expect(leftOld.contains(i), note) } }
  }

  func ids(_ prefix: String, _ range: Range<Int>) -> [String] { range.map { "\(prefix)\($0)" } }

  /// A block of deletes or inserts of any length is found by the search:
  /// only the block itself is set aside, not what lines up after it. (The
  /// last items differ, so that the common suffix does not do the work.)
  @Test(arguments: [5, 17, 100, 1_000, 9_000])
  func aBlockOfDeletesOrInsertsSetsAsideOnlyItself(length: Int) {
    let kept = ids("i", 0..<10_000), block = ids("x", 0..<length)
    let with = Array(kept[0..<3_000] + block + kept[3_000...]) + ["end of the longer"]
    let without = kept + ["end of the shorter"]
    let deletes = walk(with, without)
    expectSound(with, without, deletes, "deletes")
    #expect(deletes.leftOld == Array(3_000..<(3_000 + length)) + [with.count - 1])
    #expect(deletes.leftNew == [without.count - 1])
    let inserts = walk(without, with)
    expectSound(without, with, inserts, "inserts")
    #expect(inserts.leftNew == Array(3_000..<(3_000 + length)) + [with.count - 1])
    #expect(inserts.leftOld == [without.count - 1])
  }

  /// Deletes and inserts at random spots, in clusters that put the lists
  /// further apart than the lookahead sees: the walk finds its way back, so
  /// little more than the edits is set aside.
  @Test(arguments: 0..<8)
  func driftingListsLineUpAgain(seed: Int) {
    var seed = UInt64(seed) &+ 77
    var rng = SeededGenerator(&seed)
    let old = ids("i", 0..<20_000)
    var new = old
    var edits = 0
    for _ in 0..<200 {
      let at = Int.random(in: 0..<(new.count - 20), using: &rng), length = Int.random(in: 1...12, using: &rng)
      if Bool.random(using: &rng) {
        new.removeSubrange(at..<(at + length))
      } else {
        new.insert(contentsOf: ids("n\(edits)-", 0..<length), at: at)
      }
      edits += length
    }
    let w = walk(old, new)
    expectSound(old, new, w, "seed \(seed)")
    // Overlapping edits can cancel out, so `edits` bounds the real ones.
    #expect(w.leftOld.count + w.leftNew.count <= 2 * edits, "seed \(seed): \(w.leftOld.count) + \(w.leftNew.count) set aside for \(edits) edits")
  }

  /// A filtered list (a search narrowing results): the new list is the
  /// old one with items left out, in runs of any length. Runs up to 36 the
  /// far lookahead skips; longer ones the resync finds its way past, since
  /// it takes a place where the next kept id turns up within 64 items. Down
  /// to one item kept in ten the walk sets aside exactly what was left out,
  /// nothing it kept (before that confirmation, one kept in five lost the
  /// walk: 19,917 of 20,000 old items set aside where 16,060 were left out).
  /// Sparser lists have runs past that window, and can still cost the rest
  /// of the list: sound, and hashed after.
  @Test(arguments: [0.9, 0.55, 0.2, 0.1, 0.05, 0.01])
  func aFilteredListSetsAsideOnlyWhatWasLeftOut(kept fraction: Double) {
    var seed = UInt64(fraction * 1_000)
    var rng = SeededGenerator(&seed)
    let all = ids("item-", 0..<20_000)
    let shown = all.indices.filter { _ in Double.random(in: 0..<1, using: &rng) < fraction }
    let filtered = shown.map { all[$0] } + ["typed"]
    let narrowing = walk(all + ["cleared"], filtered)
    // Erasing the query: the same runs come back.
    let widening = walk(filtered, all + ["cleared"])
    expectSound(all + ["cleared"], filtered, narrowing, "narrowing, \(fraction)")
    expectSound(filtered, all + ["cleared"], widening, "widening, \(fraction)")
    guard fraction >= 0.1 else { return }
    let hidden = all.count - shown.count
    #expect(narrowing.leftOld.count == hidden + 1, "narrowing, \(fraction): \(narrowing.leftOld.count) set aside for \(hidden)")
    #expect(narrowing.leftNew.count == 1, "narrowing, \(fraction)")
    #expect(widening.leftNew.count == hidden + 1, "widening, \(fraction): \(widening.leftNew.count) set aside for \(hidden)")
    #expect(widening.leftOld.count == 1, "widening, \(fraction)")
  }

  /// Shuffled, moved and replaced stretches cannot line up: the walk sets
  /// them aside and stays sound (the search finds the ids out of place, or
  /// not at all, and must not line up there).
  @Test(arguments: 0..<8)
  func unalignedStretchesStaySound(seed: Int) {
    var seed = UInt64(seed) &+ 5
    var rng = SeededGenerator(&seed)
    let old = ids("i", 0..<3_000)
    var new = old
    let start = Int.random(in: 0..<2_000, using: &rng), length = Int.random(in: 1...1_000, using: &rng)
    new[start..<(start + length)].shuffle(using: &rng)
    let moved = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
    new.insert(moved, at: Int.random(in: 0...new.count, using: &rng))
    new.replaceSubrange(100..<150, with: ids("r", 0..<70))
    expectSound(old, new, walk(old, new), "seed \(seed)")
    expectSound(new, old, walk(new, old), "seed \(seed), reversed")
    let shuffled = old.shuffled(using: &rng)
    expectSound(old, shuffled, walk(old, shuffled), "seed \(seed), shuffled")
  }

  /// Equal ids with other bits (strings in their own buffers) are invisible
  /// to the bitwise search: the walk sets them aside as before, and the
  /// result stays sound.
  @Test func equalIDsWithOtherBitsFallBackToSettingAside() {
    let kept = (0..<2_000).map { "a long identifier, number \($0)" }
    let copies = kept.map { String($0.utf8.map { Character(UnicodeScalar($0)) }) }
    let old = Array(kept[0..<500]) + (0..<300).map { "deleted, a long identifier \($0)" } + Array(kept[500...])
    let w = walk(old, copies)
    expectSound(old, copies, w, "long ids")
    #expect(w.leftOld.count >= 300)
  }
}
