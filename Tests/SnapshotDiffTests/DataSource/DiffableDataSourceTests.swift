import FaultyStrategies
import SnapshotDiff
import Testing

/// `DiffableDataSource`: each member of the README's table, what it records,
/// and every way an apply is refused with the state left as it was.
@Suite struct DiffableDataSourceTests {
  typealias Source = ContentDiffableDataSource<String, String, String>

  func loaded(_ s: Snap, strategy: any DiffStrategy = Hashmap()) throws -> Source {
    let source = Source(strategy: strategy)
    source.apply(s)
    return source
  }

  @Test func firstApplyInsertsTheSectionsAndLookupsFollowTheState() throws {
    let source = Source()
    #expect(source.snapshot() == Snap() && source.updates.isEmpty)
    let s = snap([("top", ["a", "b"]), ("list", ["c"])])
    let applied = source.apply(s)
    #expect(applied == [.batchUpdates([.insertSections([0, 1])], animated: true)])
    #expect(source.updates == applied)
    #expect(source.snapshot() == s)
    #expect(source.itemIdentifier(for: indexPath(1, 0)) == "c")
    #expect(source.itemIdentifier(for: indexPath(1, 1)) == nil && source.itemIdentifier(for: indexPath(2, 0)) == nil)
    #expect(source.indexPath(for: "b") == indexPath(0, 1) && source.indexPath(for: "zz") == nil)
    #expect(source.sectionIdentifier(for: 1) == "list" && source.sectionIdentifier(for: 2) == nil)
    #expect(source.index(for: "list") == 1 && source.index(for: "nope") == nil)
  }

  @Test func contentChangesAreReconfiguredAndMovesKeptInOrder() throws {
    let source = try loaded(list(["a", "b", "c"]))
    var next = source.snapshot()
    next.moveItem("c", beforeItem: "a")
    #expect(try source.apply(next) == [.batchUpdates([.moveItem(at: path(0, 2), to: path(0, 0))], animated: true)])
    let priced = try Snap(section: "main", items: [.init("c"), .init("a", content: "9.99"), .init("b")])
    #expect(try source.apply(priced, animatingDifferences: false) == [.batchUpdates([.reconfigureItems([path(0, 1)])], animated: false)])
  }

  @Test func reloadAndReconfigureMarksUpdateEqualContentAndAreConsumed() throws {
    let source = try loaded(snap([("top", ["a", "b"]), ("list", ["c", "d"])]))
    var next = source.snapshot()
    next.reloadItems(["b"])
    next.reconfigureItems(["d"])
    next.reloadSections(["list"])
    let applied = source.apply(next)
    // Items of a reloaded section are updated in a stage of their own (as
    // the stage plan's rules require): first the items, then the section.
    #expect(applied == [
      .batchUpdates([.reloadItems([path(0, 1)]), .reconfigureItems([path(1, 1)])], animated: true),
      .batchUpdates([.reloadSections([1])], animated: true),
    ])
    #expect(source.snapshot().reloadedItemIdentifiers.isEmpty && source.snapshot().reconfiguredItemIdentifiers.isEmpty)
    #expect(source.snapshot().reloadedSectionIdentifiers.isEmpty)
    // Applied again without marks: nothing to do.
    #expect(try source.apply(source.snapshot()) == [])
  }

  @Test func aMarkedItemThatMovesIsUpdatedInItsOwnStage() throws {
    let source = try loaded(list(["a", "b", "c"]))
    var next = source.snapshot()
    next.moveItem("a", afterItem: "c")
    next.reloadItems(["a"])
    let applied = source.apply(next)
    // Rule 2: an item is not moved and updated in one stage.
    #expect(applied.count == 2)
    #expect(applied.contains(.batchUpdates([.reloadItems([path(0, 0)])], animated: true)))
    #expect(source.snapshot() == next)
  }

  @Test func reloadDataReplacesWithoutDiffing() throws {
    let source = try loaded(list(["a", "b"]))
    var completed = false
    var next = snap([("other", ["x"])])
    next.reloadItems(["x"])
    source.applySnapshotUsingReloadData(next) { completed = true }
    #expect(completed)
    #expect(source.updates.last == .reloadData)
    #expect(source.snapshot() == next && source.snapshot().reloadedItemIdentifiers.isEmpty)
  }

  @Test func completionRunsAfterTheStateChanged() throws {
    let source = Source()
    var seen: Snap?
    source.apply(list(["a"])) { seen = source.snapshot() }
    #expect(seen == list(["a"]))
  }

  @Test func theStrategyDecidesTheUpdates() throws {
    // naive deletes and re-inserts what moved.
    let source = try loaded(list(["a", "b", "c"]), strategy: Naive())
    var next = source.snapshot()
    next.moveItem("c", beforeItem: "a")
    let applied = source.apply(next)
    #expect(!applied.isEmpty)
    for case .batchUpdates(let calls, _) in applied {
      #expect(!calls.contains { if case .moveItem = $0 { return true } else { return false } })
    }
    #expect(source.snapshot() == next)
  }

  // MARK: What UIKit would crash on: refused, nothing changed

  /// Applies `next` with a faulty strategy; it must throw `expected` and
  /// leave the state and the recorded updates as they were.
  func refused(_ strategy: any DiffStrategy, from old: Snap, to next: Snap, _ expected: (Source.ApplyError) -> Bool) throws {
    let source = try loaded(old, strategy: strategy)
    let (state, updates) = (source.snapshot(), source.updates)
    do {
      try source._applyChecking(next)
      Issue.record("\(strategy.name): apply succeeded")
    } catch {
      #expect(expected(error), "\(strategy.name): \(error)")
    }
    #expect(source.snapshot() == state && source.updates == updates, "\(strategy.name)")
  }

  @Test func aStageThatBreaksARuleIsRefused() throws {
    let old = try Snap(section: "main", items: [.init("a", content: "1"), .init("b"), .init("c")])
    let new = try Snap(section: "main", items: [.init("c"), .init("a", content: "2"), .init("b")])
    try refused(BreaksRuleTwo(), from: old, to: new) {
      if case .brokenStage(strategy: "breaks-rule-2", _) = $0 { return true } else { return false }
    }
  }

  @Test func updatesThatMissTheSnapshotAreRefused() throws {
    let old = try Snap(section: "main", items: [.init("a", content: "1"), .init("b"), .init("c")])
    let new = try Snap(section: "main", items: [.init("b"), .init("c"), .init("a", content: "2")])
    try refused(ForgetsMovedUpdates(), from: old, to: new) {
      $0 == .wrongResult(strategy: "forgets-updates", "item [0, 2] content: \"1\", expected \"2\"")
    }
  }

  @Test func aMalformedMatchingIsRefused() throws {
    try refused(MalformedMatching(.usedTwice), from: list(["a", "b"]), to: list(["b", "a"])) {
      if case .invalidMatching(strategy: "matching-used-twice", _) = $0 { return true } else { return false }
    }
  }

  @Test func errorsReadAsOneLine() {
    let error = Source.ApplyError.wrongResult(strategy: "x", "item [0, 1]: \"b\", expected \"c\"")
    #expect(error.description == "x: the updates do not reach the snapshot: item [0, 1]: \"b\", expected \"c\"")
  }
}
