import SnapshotDiff
import Testing

/// A malformed matching is a typed error naming the field and the position,
/// found before anything is indexed with it.
@Suite struct MatchingValidationTests {
  typealias S = Snapshot<String, String, String>
  let old = try! S(sections: [.init("A", items: [.init("a"), .init("b")]), .init("B", items: [.init("c")])])
  let new = try! S(sections: [.init("B", items: [.init("c"), .init("a")]), .init("A", items: [.init("b"), .init("d")])])

  var valid: Matching {
    Matching(sectionOldIndex: [1, 0], sectionMoved: [true, false], itemOldIndex: [2, 0, 1, -1], itemMoved: [false, false, false, false])
  }

  @Test func aValidMatchingPassesAndBuildsTheChangeset() throws {
    try valid.validate(from: old, to: new)
    let changeset = try Changeset(from: old, to: new, checking: valid)
    #expect(try changeset.apply(to: old) == new)
  }

  @Test func eachViolationIsNamed() {
    func error(_ change: (inout Matching) -> Void) -> Matching.Error? {
      var m = valid
      change(&m)
      do { try m.validate(from: old, to: new) } catch { return error }
      return nil
    }
    #expect(error { $0.itemOldIndex.removeLast() } == Matching.Error(field: .itemOldIndex, position: nil, problem: .count(expected: 4, found: 3)))
    #expect(error { $0.sectionMoved.append(false) } == Matching.Error(field: .sectionMoved, position: nil, problem: .count(expected: 2, found: 3)))
    #expect(error { $0.itemOldIndex[3] = 3 } == Matching.Error(field: .itemOldIndex, position: 3, problem: .outOfRange(3, count: 3)))
    #expect(error { $0.itemOldIndex[3] = -2 } == Matching.Error(field: .itemOldIndex, position: 3, problem: .outOfRange(-2, count: 3)))
    #expect(error { $0.sectionOldIndex[1] = 2 } == Matching.Error(field: .sectionOldIndex, position: 1, problem: .outOfRange(2, count: 2)))
    #expect(error { $0.itemOldIndex[3] = 0 } == Matching.Error(field: .itemOldIndex, position: 3, problem: .usedTwice(0, firstAt: 1)))
    #expect(error { $0.sectionOldIndex[1] = 1 } == Matching.Error(field: .sectionOldIndex, position: 1, problem: .usedTwice(1, firstAt: 0)))
    #expect(error { $0.itemMoved[3] = true } == Matching.Error(field: .itemMoved, position: 3, problem: .movedButInserted))
    #expect(error { $0.sectionOldIndex[0] = -1; $0.sectionMoved[0] = true } == Matching.Error(field: .sectionMoved, position: 0, problem: .movedButInserted))
  }

  /// An increasing matching is checked without a table, and any other
  /// starts again with one: either way the error named is the first in new
  /// order, whatever comes after it.
  @Test func theFirstViolationIsNamedWhicheverPassFindsIt() {
    func error(_ itemOldIndex: [Int], _ itemMoved: [Bool] = [false, false, false, false]) -> Matching.Error? {
      var m = valid
      m.itemOldIndex = itemOldIndex
      m.itemMoved = itemMoved
      do { try m.validate(from: old, to: new) } catch { return error }
      return nil
    }
    // A repeat before an index out of range, and after one.
    #expect(error([0, 0, 9, -1]) == Matching.Error(field: .itemOldIndex, position: 1, problem: .usedTwice(0, firstAt: 0)))
    #expect(error([0, 9, 0, -1]) == Matching.Error(field: .itemOldIndex, position: 1, problem: .outOfRange(9, count: 3)))
    // Out of order but unique: valid; a moved insert after the disorder is still found.
    #expect(error([2, 0, 1, -1]) == nil)
    #expect(error([2, 0, -1, 1], [false, false, true, false]) == Matching.Error(field: .itemMoved, position: 2, problem: .movedButInserted))
    #expect(error([2, 1, 2, -1]) == Matching.Error(field: .itemOldIndex, position: 2, problem: .usedTwice(2, firstAt: 0)))
  }

  /// Stretches of inserts are checked a block at a time: an error inside
  /// one is named at its own position all the same, and a list of inserts
  /// after a kept item is valid.
  @Test func anErrorAmongManyInsertsIsNamedWhereItIs() throws {
    let old = try S(section: "s", items: [.init("kept")])
    let new = try S(section: "s", items: [.init("kept")] + (0..<300).map { .init("n\($0)") })
    func error(_ change: (inout Matching) -> Void) -> Matching.Error? {
      var m = Matching(
        sectionOldIndex: [0], sectionMoved: [false], itemOldIndex: [0] + Array(repeating: -1, count: 300),
        itemMoved: Array(repeating: false, count: 301))
      change(&m)
      do { try m.validate(from: old, to: new) } catch { return error }
      return nil
    }
    #expect(error { _ in } == nil)
    for j in [1, 64, 65, 130, 200, 299, 300] {
      #expect(error { $0.itemMoved[j] = true } == Matching.Error(field: .itemMoved, position: j, problem: .movedButInserted))
      #expect(error { $0.itemOldIndex[j] = -2 } == Matching.Error(field: .itemOldIndex, position: j, problem: .outOfRange(-2, count: 1)))
      #expect(error { $0.itemOldIndex[j] = 0 } == Matching.Error(field: .itemOldIndex, position: j, problem: .usedTwice(0, firstAt: 0)))
    }
    // Two errors: the first in new order, past a block of inserts.
    #expect(error { $0.itemMoved[250] = true; $0.itemOldIndex[100] = 7 }
      == Matching.Error(field: .itemOldIndex, position: 100, problem: .outOfRange(7, count: 1)))
  }

  @Test func theErrorReadsAsOneLine() {
    let error = Matching.Error(field: .itemOldIndex, position: 3, problem: .usedTwice(0, firstAt: 1))
    #expect(error.description == "itemOldIndex[3]: old index 0 is already used at itemOldIndex[1]")
  }

  @Test func theCheckedEntryPointThrowsWhereTheStagePlanWouldReadOutOfBounds() {
    var m = valid
    m.itemOldIndex[0] = 1_000_000
    #expect(throws: Matching.Error.self) { try Changeset(from: old, to: new, checking: m) }
  }
}
