@testable import SnapshotDiff
import Testing

/// `hashmap`'s walk records the stretches it found unchanged, and the
/// validation, the content comparison and the direct plan skip them whole.
/// A run that is wrong, or kept after the matching changed, would hide an
/// update or a malformed matching: these tests hold both ways.
@Suite struct UnchangedRunsTests {
  func items(_ ids: [String], content: (Int) -> String = { _ in "" }) -> Snap {
    try! Snap(sections: [Snap.Section("main", items: ids.enumerated().map { Snap.Item($1, content: content($0)) })])
  }

  @Test func anUnchangedListIsOneRun() {
    let ids = (0..<1_000).map { "i\($0)" }
    let m = Hashmap().matching(from: items(ids), to: items(ids))
    #expect(m._unchangedRuns == [_UnchangedRun(new: 0, old: 0, count: 1_000)])
    #expect(Hashmap().changeset(from: items(ids), to: items(ids)).stages.isEmpty)
  }

  /// A changed content ends a run; the item is still updated, and only it.
  @Test(arguments: [0, 1, 15, 16, 500, 998, 999])
  func aChangedContentIsUpdated(at changed: Int) throws {
    let ids = (0..<1_000).map { "i\($0)" }
    let old = items(ids), new = items(ids) { $0 == changed ? "new" : "" }
    let m = Hashmap().matching(from: old, to: new)
    #expect(!m._unchangedRuns.contains { $0.new <= changed && changed < $0.new + $0.count })
    #expect(m._unchangedRunsHold(from: old, to: new))
    let changeset = Hashmap().changeset(from: old, to: new)
    #expect(changeset.counts.updates == 1)
    #expect(changeset.stages.first?.itemUpdates.map(\.path) == [path(0, changed)])
    #expect(try changeset.apply(to: old) == new)
  }

  /// Ids and contents longer than 15 bytes live in their own buffers: equal
  /// items with other bits, which the bitwise step cannot take. Item by item
  /// they are matched all the same, and the runs are recorded.
  @Test func equalItemsWithOtherBitsAreMatchedByEquality() throws {
    let ids = (0..<300).map { "a long identifier, number \($0)" }
    let old = items(ids) { "a long content string, number \($0)" }
    let new = items(ids.map { String($0.utf8.map { Character(UnicodeScalar($0)) }) }) { "a long content string, number \($0)" }
    #expect(old._items[0].id == new._items[0].id)
    let m = Hashmap().matching(from: old, to: new)
    #expect(m._unchangedRuns == [_UnchangedRun(new: 0, old: 0, count: 300)])
    #expect(Hashmap().changeset(from: old, to: new).stages.isEmpty)
  }

  /// The runs belong to the arrays they came with: changing any array drops
  /// them, so a validation that skips them cannot miss what was changed.
  @Test func changingTheMatchingDropsItsRuns() {
    let ids = (0..<100).map { "i\($0)" }
    let old = items(ids), new = items(ids)
    var m = Hashmap().matching(from: old, to: new)
    #expect(!m._unchangedRuns.isEmpty)
    m.itemOldIndex[10] = 11
    #expect(m._unchangedRuns.isEmpty)
    #expect(throws: Matching.Error(field: .itemOldIndex, position: 11, problem: .usedTwice(11, firstAt: 10))) {
      try Changeset(from: old, to: new, checking: m)
    }
    var moved = Hashmap().matching(from: old, to: new)
    moved.itemMoved[3] = true
    #expect(moved._unchangedRuns.isEmpty)
    #expect(Changeset(from: old, to: new, matching: moved).counts.moves == 1)
  }

  /// The check that debug builds run on every strategy's runs finds each way
  /// a run can be wrong.
  @Test func theCheckFindsAWrongRun() {
    let ids = (0..<100).map { "i\($0)" }
    let old = items(ids), new = items(ids) { $0 == 50 ? "x" : "" }
    let m = Hashmap().matching(from: old, to: new)
    #expect(m._unchangedRunsHold(from: old, to: new))
    for wrong in [
      _UnchangedRun(new: 40, old: 40, count: 20),  // over a changed content
      _UnchangedRun(new: 0, old: 1, count: 20),  // off by one
      _UnchangedRun(new: 90, old: 90, count: 20),  // past the end
    ] {
      var bad = m
      bad._unchangedRuns = [wrong]
      #expect(!bad._unchangedRunsHold(from: old, to: new), "\(wrong)")
    }
    var unordered = m
    unordered._unchangedRuns = [_UnchangedRun(new: 60, old: 60, count: 20), _UnchangedRun(new: 0, old: 0, count: 20)]
    #expect(!unordered._unchangedRunsHold(from: old, to: new))
  }

  /// `_identicalCount` never counts past the first difference, from either
  /// end, and counts all of two identical ranges.
  @Test(arguments: [0, 1, 7, 31, 32, 33, 100, 299])
  func identicalCountStopsBeforeADifference(at difference: Int) {
    let a = Array(0..<300)
    var b = a
    b[difference] = -1
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        let front = _identicalCount(a.baseAddress!, b.baseAddress!, count: 300, fromBack: false)
        let back = _identicalCount(a.baseAddress!, b.baseAddress!, count: 300, fromBack: true)
        #expect(front <= difference)
        #expect(back <= 299 - difference)
        #expect(_identicalCount(a.baseAddress!, a.baseAddress!, count: 300, fromBack: false) == 300)
        #expect(_identicalCount(a.baseAddress!, a.baseAddress!, count: 300, fromBack: true) == 300)
      }
    }
  }

  /// Where the old indices do not increase, validation takes its table
  /// pass, and marks a run's old indices in one step: a repeat of one of
  /// them outside the run is still found, at the same place as item by item.
  @Test func theTablePassFindsARepeatAcrossARun() throws {
    let old = items((0..<40).map { "a\($0)" })
    let runFirst = items((0..<20).map { "a\($0)" } + ["x"]), runLast = items(["x"] + (0..<20).map { "a\($0)" })
    for (new, oldIndex, run) in [
      (runFirst, Array(0..<20) + [5], _UnchangedRun(new: 0, old: 0, count: 20)),
      (runLast, [5] + Array(0..<20), _UnchangedRun(new: 1, old: 0, count: 20)),
    ] {
      let plain = Matching(sectionOldIndex: [0], sectionMoved: [false], itemOldIndex: oldIndex, itemMoved: oldIndex.map { _ in false })
      let withRun = plain._withUnchangedRuns([run], from: old, to: new)
      #expect(withRun._unchangedRuns == [run])
      let expected = Matching.Error(field: .itemOldIndex, position: oldIndex.lastIndex(of: 5)!, problem: .usedTwice(5, firstAt: oldIndex.firstIndex(of: 5)!))
      #expect(throws: expected) { try withRun.validate(from: old, to: new) }
      #expect(throws: expected) { try plain.validate(from: old, to: new) }
    }
  }
}
