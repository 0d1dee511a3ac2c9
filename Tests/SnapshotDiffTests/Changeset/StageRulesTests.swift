import DiffVerification
import PropertyBased
@testable import SnapshotDiff
import Testing

/// Each batch-update rule (the BatchUpdateRules article): a stage that breaks it fails with that rule's error,
/// a stage that keeps them all applies.
@Suite struct StageRulesTests {
  let two = snap([("A", ["a1", "a2", "a3"]), ("B", ["b1", "b2"])])

  func rule(of stage: TestStage, on state: Snap) -> Int? {
    do {
      _ = try stage.apply(to: state)
      return nil
    } catch {
      return (error as? TestStage.Error)?.rule
    }
  }

  @Test func validStageApplies() throws {
    var stage = TestStage()
    stage.itemDeletes = [path(0, 0)]
    stage.itemInserts = [.init(path: path(1, 0), item: Snap.Item("new"))]
    stage.itemMoves = [BatchUpdate.Move(from: path(1, 1), to: path(0, 0))]
    stage.itemUpdates = [.init(path: path(0, 2), content: "x")]
    stage.sectionInserts = [.init(index: 2, section: .init("C", items: [.init("c1")]))]
    let result = try stage.apply(to: two)
    var expected = snap([("A", ["b2", "a2", "a3"]), ("B", ["new", "b1"]), ("C", ["c1"])])
    expected = try Snap(sections: expected.sections.map { s in
      var s = s
      if s.id == "A" { s.items[2].content = "x" }
      return s
    })
    #expect(result == expected)
  }

  @Test func sectionMoveAndDeleteApply() throws {
    let three = snap([("A", ["a"]), ("B", ["b"]), ("C", ["c"])])
    var stage = TestStage()
    stage.sectionDeletes = [1]
    stage.sectionMoves = [BatchUpdate.Move(from: 2, to: 0)]
    stage.sectionUpdates = [.init(index: 0, content: "h")]
    let result = try stage.apply(to: three)
    #expect(result.sectionIdentifiers == ["C", "A"])
    #expect(result.sectionContent(at: 1) == "h")
    #expect(result.itemIdentifiers == ["c", "a"])
  }

  @Test func rule1OldCoordinateMustExist() {
    var stage = TestStage()
    stage.itemDeletes = [path(1, 2)]
    #expect(rule(of: stage, on: two) == 1)
    stage = TestStage()
    stage.sectionDeletes = [2]
    #expect(rule(of: stage, on: two) == 1)
    stage = TestStage()
    stage.itemUpdates = [.init(path: path(-1, 0), content: nil)]
    #expect(rule(of: stage, on: two) == 1)
  }

  @Test func rule1NewCoordinateMustExist() {
    var stage = TestStage()
    stage.sectionInserts = [.init(index: 3, section: .init("C"))]
    #expect(rule(of: stage, on: two) == 1)
    stage = TestStage()
    stage.itemInserts = [.init(path: path(2, 0), item: .init("x"))]
    #expect(rule(of: stage, on: two) == 1)
  }

  @Test func rule2OldPositionOnce() throws {
    var stage = TestStage()
    stage.itemDeletes = [path(0, 1)]
    stage.itemUpdates = [.init(path: path(0, 1), content: "x")]
    #expect(throws: TestStage.Error.brokenRule(.duplicateOldPosition(.item(path(0, 1)), .itemDelete, .itemUpdate))) {
      try stage.apply(to: two)
    }
    stage = TestStage()
    stage.sectionDeletes = [0]
    stage.sectionMoves = [BatchUpdate.Move(from: 0, to: 0)]
    #expect(rule(of: stage, on: two) == 2)
  }

  /// With few operations or many (compared pairwise, or sorted), rule 2
  /// names the least shared path and its first two operations, in order.
  @Test func rule2NamesTheLeastSharedPathEitherWay() throws {
    let big = snap([("A", (0..<100).map { "a\($0)" })])
    for deletes in [4, 40] {
      var stage = TestStage()
      // Deletes of items 10, 11, …; item 12 updated twice after them, item 11 moved.
      stage.itemDeletes = (10..<(10 + deletes)).map { path(0, $0) }
      stage.itemUpdates = [.init(path: path(0, 12), content: "x"), .init(path: path(0, 12), content: "y")]
      stage.itemMoves = [BatchUpdate.Move(from: path(0, 11), to: path(0, 0))]
      // Item 11: a delete, then a move (listed before the updates); item 12: a delete and two updates.
      #expect(throws: TestStage.Error.brokenRule(.duplicateOldPosition(.item(path(0, 11)), .itemDelete, .itemMove)), "\(deletes)") {
        try stage.apply(to: big)
      }
    }
  }

  /// Deletes repeated past the section count leave no sections after the
  /// update, never a negative count: a destination there is out of range.
  @Test func repeatedSectionDeletesLeaveNoSectionsNotATrap() throws {
    let one = snap([("A", ["a"])])
    var stage = TestStage()
    stage.sectionDeletes = [0, 0]
    stage.sectionMoves = [BatchUpdate.Move(from: 0, to: 0)]
    #expect(throws: TestStage.Error.brokenRule(.positionOutOfRange(.sectionMove, .section(0), isNew: true))) {
      try stage.apply(to: one)
    }
    stage.sectionMoves = []
    #expect(throws: TestStage.Error.brokenRule(.duplicateOldPosition(.section(0), .sectionDelete, .sectionDelete))) {
      try stage.apply(to: one)
    }
  }

  @Test func rule3NewPositionOnce() {
    var stage = TestStage()
    stage.itemInserts = [.init(path: path(0, 0), item: .init("x"))]
    stage.itemMoves = [BatchUpdate.Move(from: path(1, 0), to: path(0, 0))]
    #expect(rule(of: stage, on: two) == 3)
    stage = TestStage()
    stage.sectionInserts = [.init(index: 0, section: .init("C")), .init(index: 0, section: .init("D"))]
    #expect(rule(of: stage, on: two) == 3)
  }

  @Test func rule4NoItemOperationInDeletedSection() {
    var stage = TestStage()
    stage.sectionDeletes = [1]
    stage.itemMoves = [BatchUpdate.Move(from: path(1, 0), to: path(0, 0))]
    #expect(rule(of: stage, on: two) == 4)
  }

  @Test func rule5NoItemOperationInInsertedSection() {
    var stage = TestStage()
    stage.sectionInserts = [.init(index: 0, section: .init("C"))]
    stage.itemMoves = [BatchUpdate.Move(from: path(0, 0), to: path(0, 0))]
    #expect(rule(of: stage, on: two) == 5)
  }

  @Test func rule6NoItemOperationInMovedOrUpdatedSection() {
    var stage = TestStage()
    stage.sectionMoves = [BatchUpdate.Move(from: 1, to: 0)]
    stage.itemDeletes = [path(1, 0)]
    #expect(rule(of: stage, on: two) == 6)
    stage = TestStage()
    stage.sectionUpdates = [.init(index: 0, content: "h")]
    stage.itemInserts = [.init(path: path(0, 0), item: .init("x"))]
    #expect(rule(of: stage, on: two) == 6)
  }

  @Test func rule7CountsAddUp() {
    var stage = TestStage()
    stage.itemDeletes = [path(1, 0)]
    stage.itemInserts = [.init(path: path(1, 2), item: .init("x"))]  // B keeps 1 + 1 = 2 items
    #expect(throws: TestStage.Error.brokenRule(.invalidItemCount(section: 1, countAfterUpdate: 2, .itemInsert, path(1, 2)))) {
      try stage.apply(to: two)
    }
  }

  @Test func duplicateInsertedIdIsAnInvalidResult() {
    var stage = TestStage()
    stage.itemInserts = [.init(path: path(0, 0), item: .init("b1"))]
    #expect(throws: TestStage.Error.invalidResult(.duplicateItem("b1", first: path(0, 0), second: path(1, 0)))) {
      try stage.apply(to: two)
    }
  }

  /// Every way an insert can repeat an id, on a small state (ids compared)
  /// and on one past the comparison's bound (the full check): the same error.
  @Test func everyRepeatedIdIsAnInvalidResult() {
    let big = snap([("A", (0..<3_000).map { "a\($0)" }), ("B", ["b1", "b2"])])
    for state in [two, big] {
      let a = state.numberOfItems(inSectionAt: 0)
      // Two inserts of one new id.
      var twice = TestStage()
      twice.itemInserts = [.init(path: path(1, 0), item: .init("x")), .init(path: path(1, 1), item: .init("x"))]
      #expect(throws: TestStage.Error.invalidResult(.duplicateItem("x", first: path(1, 0), second: path(1, 1)))) {
        try twice.apply(to: state)
      }
      // A section inserted with a kept item's id, or with a kept section's id.
      var item = TestStage()
      item.sectionInserts = [.init(index: 2, section: .init("C", items: [.init("b2")]))]
      #expect(throws: TestStage.Error.invalidResult(.duplicateItem("b2", first: path(1, 1), second: path(2, 0)))) {
        try item.apply(to: state)
      }
      var section = TestStage()
      section.sectionInserts = [.init(index: 0, section: .init("B", items: []))]
      #expect(throws: TestStage.Error.invalidResult(.duplicateSection("B", first: 0, second: 2))) {
        try section.apply(to: state)
      }
      // New ids, each once: applies.
      var fresh = TestStage()
      fresh.itemInserts = [.init(path: path(0, a), item: .init("x"))]
      fresh.sectionInserts = [.init(index: 2, section: .init("C", items: [.init("y")]))]
      #expect(throws: Never.self) { try fresh.apply(to: state) }
      // Checked by the id table, the result keeps it, current.
      let applied = try? fresh.apply(to: state)
      #expect(applied?._indexIsCurrent == true && (state == two || applied?._index != nil))
    }
  }

  @Test func errorsNameTheRule() {
    let error = BatchUpdate.Error.itemOperationInDeletedSection(.itemMove, path(1, 0))
    #expect(error.description == "rule 4: item move at [1, 0] is inside a section this stage deletes")
  }

  @Test func changesetNamesTheStage() {
    var bad = TestStage()
    bad.sectionDeletes = [5]
    let changeset = Changeset(stages: [TestStage(), bad])
    #expect(throws: Changeset<String, String, String>.Error(stage: 1, error: .brokenRule(.positionOutOfRange(.sectionDelete, .section(5), isNew: false)))) {
      try changeset.apply(to: two)
    }
  }
}

/// Applying never traps: random stages, mostly invalid, on random snapshots
/// either apply or throw a typed error.
@Suite struct StageApplyNeverTrapsTests {
  @Test func randomStagesApplyOrThrow() async {
    await propertyCheck(count: 2_000, input: Gen.uint64()) { seed in
      var rng = SplitMix64(seed: seed)
      let drafts = PairGenerator(maxItems: 12, maxSections: 4).pair(seed: seed, iteration: 0)
      let state = try drafts.old.snapshot()
      func index() -> Int { rng.int(in: -1...5) }
      func path() -> ItemPath { ItemPath(section: index(), item: index()) }
      func some<T>(_ make: () -> T) -> [T] { (0..<rng.int(in: 0...2)).map { _ in make() } }
      var stage = TestStage()
      stage.sectionDeletes = some(index)
      stage.sectionInserts = some { .init(index: index(), section: .init("new\(rng.int(below: 3))", items: [.init("x\(rng.int(below: 3))")])) }
      stage.sectionMoves = some { BatchUpdate.Move(from: index(), to: index()) }
      stage.sectionUpdates = some { .init(index: index(), content: "c") }
      stage.itemDeletes = some(path)
      stage.itemInserts = .init(some { TestStage.ItemInsert(path: path(), item: .init("i\(rng.int(in: 1...4))")) })
      stage.itemMoves = some { BatchUpdate.Move(from: path(), to: path()) }
      stage.itemUpdates = some { .init(path: path(), content: "u") }
      let result: Snap
      do {
        result = try stage.apply(to: state)
      } catch {
        // The message names the rule it reports.
        guard let error = error as? TestStage.Error else { Issue.record("not a stage error: \(error)"); return }
        if let rule = error.rule {
          #expect(error.description.hasPrefix("rule \(rule): "))
        } else {
          #expect(error.description.hasPrefix("result is not a valid snapshot: duplicate"))
        }
        return
      }
      // Moves conserve items: the count changes only by deletes and inserts.
      let removed = stage.itemDeletes.count + stage.sectionDeletes.reduce(0) { $0 + state.numberOfItems(inSectionAt: $1) }
      let added = stage.itemInserts.count + stage.sectionInserts.reduce(0) { $0 + $1.section.items.count }
      #expect(result.numberOfItems == state.numberOfItems - removed + added)
      #expect(result.numberOfSections == state.numberOfSections - stage.sectionDeletes.count + stage.sectionInserts.count)
      #expect(try Snap(sections: result.sections) == result)
    }
  }
}

/// The data source's last stage is compared with its target in place, not
/// built (`_apply(to:expecting:)`): it must agree with building the state
/// and comparing, on every stage of real changesets, against the state
/// itself, the pair's target, and the state with one content, one id or
/// one section content changed.
@Suite struct StageComparedInPlaceTests {
  @Test func comparingInPlaceAgreesWithBuilding() async {
    await propertyCheck(count: 1_000, input: Gen.uint64()) { seed in
      let drafts = PairGenerator(maxItems: 12, maxSections: 4).pair(seed: seed, iteration: 0)
      let old = try drafts.old.snapshot(), new = try drafts.new.snapshot()
      var state = old
      for stage in Hashmap().changeset(from: old, to: new).stages {
        let built = try stage.apply(to: state)
        var targets = [built, new]
        var sections = built.sections
        if let s = sections.indices.first(where: { !sections[$0].items.isEmpty }) {
          sections[s].items[0].content = "changed"
          targets.append(try Snap(sections: sections))
          sections[s].items[0].id = "no-such-id"
          targets.append(try Snap(sections: sections))
        }
        if !sections.isEmpty {
          sections = built.sections
          sections[0].content = "changed"
          targets.append(try Snap(sections: sections))
        }
        // Near misses that keep the flat list of items but move a section
        // boundary, either way, and that add or drop a trailing item.
        for s in built.sections.indices.dropLast() {
          sections = built.sections
          if let last = sections[s].items.popLast() {
            sections[s + 1].items.insert(last, at: 0)
            targets.append(try Snap(sections: sections))
          }
          sections = built.sections
          if !sections[s + 1].items.isEmpty {
            sections[s].items.append(sections[s + 1].items.removeFirst())
            targets.append(try Snap(sections: sections))
          }
        }
        if let s = built.sections.indices.last {
          sections = built.sections
          sections[s].items.append(Snap.Item("trailing-extra"))
          targets.append(try Snap(sections: sections))
          if !built.sections[s].items.isEmpty {
            sections = built.sections
            sections[s].items.removeLast()
            targets.append(try Snap(sections: sections))
          }
        }
        for target in targets {
          let compared = try stage._apply(to: state, expecting: target)
          // nil exactly when the built state is the target; else the built state itself.
          #expect((compared == nil) == (built == target), "seed \(seed)")
          if let compared { #expect(compared == built, "seed \(seed)") }
        }
        state = built
      }
    }
  }
}
