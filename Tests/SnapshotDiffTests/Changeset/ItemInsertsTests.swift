import DiffVerification
@testable import SnapshotDiff
import Testing

/// A stage's item inserts: sections filled from empty share the new
/// snapshot's items, and read, compare and edit as the listed inserts do.
@Suite struct ItemInsertsTests {
  /// Two empty sections filled, and a third inserted whole.
  let empty = snap([("A", []), ("B", [])])
  let loaded = snap([("A", ["a1", "a2", "a3"]), ("B", ["b1", "b2"]), ("C", ["c1"])])

  /// The inserts of the first load, listed one by one.
  var listed: TestStage.ItemInserts {
    .init([("a1", 0, 0), ("a2", 0, 1), ("a3", 0, 2), ("b1", 1, 0), ("b2", 1, 1)].map { id, s, i in
      TestStage.ItemInsert(path: path(s, i), item: Snap.Item(id))
    })
  }

  @Test(arguments: StrategyTests.strategies.map { $0 as any DiffStrategy })
  func aFirstLoadSharesTheNewItemsAndReadsAsListed(strategy: any DiffStrategy) throws {
    let changeset = strategy.changeset(from: empty, to: loaded)
    let stage = try #require(changeset.stages.first { !$0.itemInserts.isEmpty })
    let inserts = stage.itemInserts
    #expect(inserts._fills.count == 2 && inserts._listed.isEmpty, "not shared")
    #expect(inserts == listed)
    #expect(Array(inserts) == Array(listed))
    #expect(inserts.count == 5)
    #expect(inserts[3] == TestStage.ItemInsert(path: path(1, 0), item: Snap.Item("b1")))
    #expect(inserts.map(\.path) == [path(0, 0), path(0, 1), path(0, 2), path(1, 0), path(1, 1)])
    #expect(inserts.reversed().map(\.item.id) == ["b2", "b1", "a3", "a2", "a1"])
    #expect(try changeset.apply(to: empty) == loaded)
  }

  @Test func anEditListsThemFirst() {
    var inserts = TestStage.ItemInserts()
    inserts._appendFill(section: 0, items: loaded._items[0..<3])
    inserts._appendFill(section: 1, items: loaded._items[3..<5])
    var appended = inserts
    appended.append(.init(path: path(2, 0), item: Snap.Item("c1")))
    #expect(appended._fills.isEmpty)
    #expect(Array(appended) == Array(listed) + [.init(path: path(2, 0), item: Snap.Item("c1"))])
    var changed = inserts
    changed[4].item.content = "new"
    #expect(changed.map(\.item.content) == [nil, nil, nil, nil, "new"])
    #expect(changed != listed)
    var removed = inserts
    removed.removeLast()
    #expect(Array(removed) == Array(listed.dropLast()))
    // A fill after listed inserts is listed too, in order.
    var mixed: TestStage.ItemInserts = [.init(path: path(0, 0), item: Snap.Item("x"))]
    mixed._appendFill(section: 1, items: loaded._items[3..<5])
    #expect(mixed._fills.isEmpty)
    #expect(mixed.map(\.path) == [path(0, 0), path(1, 0), path(1, 1)])
  }

  @Test func insertsBesideKeptItemsAreListed() throws {
    let old = snap([("A", ["a1"]), ("B", [])])
    let new = snap([("A", ["a0", "a1"]), ("B", ["b1"])])
    let changeset = Hashmap().changeset(from: old, to: new)
    #expect(changeset.stages.allSatisfy { $0.itemInserts._fills.isEmpty || $0.itemInserts._listed.isEmpty })
    #expect(try changeset.apply(to: old) == new)
  }
}
