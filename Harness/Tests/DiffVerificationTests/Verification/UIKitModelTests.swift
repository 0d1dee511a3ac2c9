@testable import DiffVerification
import SnapshotDiff
import Testing

/// The referee's own model of UIKit: it agrees with the library's apply on
/// every stage, valid or not, and a bug planted in the library's apply or
/// comparison shows as a disagreement, not as a pass.
@Suite struct UIKitModelTests {
  typealias Snap = StringSnapshot
  typealias Stage = StringChangeset.Stage

  /// A snapshot of up to `sections` sections of up to `items` items, ids
  /// drawn from a small pool so that inserts sometimes repeat one.
  static func snapshot(_ rng: inout SplitMix64, sections: Int = 4, items: Int = 5) -> Snap {
    var next = 0
    let built = (0..<Int.random(in: 0...sections, using: &rng)).map { s in
      Snap.Section("S\(s)", content: Bool.random(using: &rng) ? "c" : nil, items: (0..<Int.random(in: 0...items, using: &rng)).map { _ in
        next += 1
        return Snap.Item("i\(next)", content: Bool.random(using: &rng) ? "1" : nil)
      })
    }
    return try! Snap(sections: built)
  }

  /// A stage of random operations on `state`, positions a little past
  /// either end so that every rule is broken now and then.
  static func stage(on state: Snap, _ rng: inout SplitMix64) -> Stage {
    // Mostly in range, a position past either end now and then.
    func int(_ upper: Int) -> Int {
      Int.random(in: 0..<10, using: &rng) == 0 || upper == 0 ? Int.random(in: -1...(upper + 1), using: &rng) : Int.random(in: 0..<upper, using: &rng)
    }
    func path() -> ItemPath {
      let s = int(state.numberOfSections)
      let count = s >= 0 && s < state.numberOfSections ? state.numberOfItems(inSectionAt: s) : 2
      return ItemPath(section: s, item: int(count))
    }
    func some(_ most: Int) -> Range<Int> { 0..<(Int.random(in: 0..<3, using: &rng) == 0 ? Int.random(in: 0...most, using: &rng) : 0) }
    let fresh = { (k: Int) in "n\(k)" }
    var stage = Stage()
    for _ in some(1) { stage.sectionDeletes.append(int(state.numberOfSections)) }
    for k in some(1) {
      let items = some(2).map { Snap.Item(fresh(100 + 10 * k + $0)) }
      stage.sectionInserts.append(.init(index: int(state.numberOfSections), section: Snap.Section("N\(k)", items: items)))
    }
    for _ in some(1) { stage.sectionMoves.append(BatchUpdate.Move(from: int(state.numberOfSections), to: int(state.numberOfSections))) }
    for _ in some(1) { stage.sectionUpdates.append(.init(index: int(state.numberOfSections), content: "u")) }
    for _ in some(3) { stage.itemDeletes.append(path()) }
    for k in some(3) {
      // Now and then an id already there: an invalid result.
      let id = Int.random(in: 0..<8, using: &rng) == 0 ? (state.allItems.randomElement(using: &rng)?.id ?? "i1") : fresh(k)
      stage.itemInserts.append(.init(path: path(), item: Snap.Item(id)))
    }
    for _ in some(3) { stage.itemMoves.append(BatchUpdate.Move(from: path(), to: path())) }
    for _ in some(3) { stage.itemUpdates.append(.init(path: path(), content: "2")) }
    return stage
  }

  @Test(arguments: [BatchUpdate.UpdateKind.reconfigure, .reload])
  func theModelAndTheLibraryAgreeOnRandomStages(kind: BatchUpdate.UpdateKind) {
    var rng = SplitMix64(seed: kind == .reload ? 0x5eed_13 : 0x5eed_15)  // seeded: a failure replays
    var valid = 0, rules = Set<Int>()
    for round in 0..<20_000 {
      let state = Self.snapshot(&rng)
      let stage = Self.stage(on: state, &rng)
      let modelled = caught { try UIKitModel.perform(stage, on: UIKitModel.State(state), updates: kind) }
      let applied = caught { try stage.apply(to: state, updates: kind) }
      let disagreement = Replay<String, String, String>.disagreement(modelled, applied)
      #expect(disagreement == nil, "round \(round): \(disagreement ?? "")\n\(state)\n\(stage)")
      if disagreement != nil { return }
      switch modelled {
      case .success: valid += 1
      case .failure(let error): rules.insert(error.rule ?? 0)
      }
    }
    // Both sides were exercised: valid stages, every rule and an invalid result.
    #expect(valid > 500, "\(valid) valid")
    #expect(rules == Set(0...7), "\(rules.sorted())")
  }

  /// Rules 2 and 3 name the least position two operations share and its
  /// first two operations in list order, as the library's apply does, on
  /// either side, whatever the order the operations are listed in.
  @Test func theModelNamesTheLeastSharedPositionAsTheLibraryDoes() throws {
    let state = try Snap(sections: [Snap.Section("A", items: (0..<20).map { Snap.Item("a\($0)") })])
    var old = Stage()
    old.itemDeletes = [ItemPath(section: 0, item: 12), ItemPath(section: 0, item: 11), ItemPath(section: 0, item: 3)]
    old.itemUpdates = [.init(path: ItemPath(section: 0, item: 12), content: "x"), .init(path: ItemPath(section: 0, item: 11), content: "y")]
    old.itemMoves = [BatchUpdate.Move(from: ItemPath(section: 0, item: 11), to: ItemPath(section: 0, item: 0))]
    var new = Stage()
    new.itemInserts = [.init(path: ItemPath(section: 0, item: 5), item: Snap.Item("n1")), .init(path: ItemPath(section: 0, item: 2), item: Snap.Item("n2"))]
    new.itemMoves = [BatchUpdate.Move(from: ItemPath(section: 0, item: 9), to: ItemPath(section: 0, item: 5)), BatchUpdate.Move(from: ItemPath(section: 0, item: 8), to: ItemPath(section: 0, item: 2))]
    let expected: [(Stage, BatchUpdate.Error)] = [
      (old, .duplicateOldPosition(.item(ItemPath(section: 0, item: 11)), .itemDelete, .itemMove)),
      (new, .duplicateNewPosition(.item(ItemPath(section: 0, item: 2)), .itemInsert, .itemMove)),
    ]
    for (stage, error) in expected {
      let modelled = caught { try UIKitModel.perform(stage, on: UIKitModel.State(state), updates: .reconfigure) }
      let applied = caught { try stage.apply(to: state) }
      #expect(throws: Stage.Error.brokenRule(error)) { try modelled.get() }
      #expect(throws: Stage.Error.brokenRule(error)) { try applied.get() }
    }
  }

  /// Stages the strategies make, on pairs the fuzzer draws: every one
  /// valid, and the model reaches the target.
  @Test func theModelReplaysEveryStrategysChangesets() throws {
    let generator = PairGenerator(maxItems: 60, maxSections: 5)
    for i in 0..<300 as Range<UInt64> {
      let pair = generator.pair(seed: 23, iteration: i)
      let old = try pair.old.snapshot(), new = try pair.new.snapshot()
      for strategy in Contenders.library {
        for kind in [BatchUpdate.UpdateKind.reconfigure, .reload] {
          guard case .success(let changeset) = Verifier.changeset(strategy, from: old, to: new, updates: kind) else {
            Issue.record("\(strategy.name): no changeset")
            continue
          }
          let replay = Replay(changeset, from: old)
          #expect(replay.error == nil && replay.disagreement == nil, "\(strategy.name) \(kind) \(i)")
          #expect(UIKitModel.firstDifference(replay.shown, UIKitModel.State(new)) == nil, "\(strategy.name) \(kind) \(i)")
        }
      }
    }
  }

  /// `firstDifference` is `nil` exactly when the snapshots are equal, for
  /// the model's and the library's alike, trailing extras and drops included.
  @Test func aDifferenceIsFoundExactlyWhenTheSnapshotsDiffer() {
    var rng = SplitMix64(seed: 0xd1ff)
    for round in 0..<5_000 {
      let a = Self.snapshot(&rng, sections: 3, items: 4)
      var sections = a.sections
      switch Int.random(in: 0..<6, using: &rng) {
      case 0 where !sections.isEmpty: sections[sections.count - 1].items.append(Snap.Item("extra"))
      case 1 where !sections.isEmpty && !sections[sections.count - 1].items.isEmpty: sections[sections.count - 1].items.removeLast()
      case 2: sections.append(Snap.Section("extra"))
      case 3 where !sections.isEmpty: sections.removeLast()
      case 4 where sections.count > 1 && !sections[0].items.isEmpty:
        sections[1].items.insert(sections[0].items.removeLast(), at: 0)  // a boundary moved, the flat list kept
      default: break  // equal, or another snapshot altogether
      }
      let b = Bool.random(using: &rng) ? try! Snap(sections: sections) : Self.snapshot(&rng, sections: 3, items: 4)
      let model = UIKitModel.firstDifference(UIKitModel.State(a), UIKitModel.State(b))
      #expect((model == nil) == (a == b), "round \(round): \(a) vs \(b): \(model ?? "equal")")
      #expect((a.firstDifference(to: b) == nil) == (a == b), "round \(round)")
    }
  }

  // MARK: Planted bugs in the library, caught by the referee

  /// A changeset that drops a section's trailing item: a count UIKit
  /// raises on (wrong count), the item named; with the count right, a
  /// wrong result naming it.
  @Test func aDroppedTrailingItemIsNamed() throws {
    let old = try Snap(section: "A", items: [.init("a"), .init("b")])
    var stage = Stage()
    stage.itemDeletes = [ItemPath(section: 0, item: 1)]
    let failure = Verifier.check(StringChangeset(stages: [stage]), from: old, to: old)
    #expect(
      failure
        == .wrongCount(
          "invalid number of items in section 0: the batch leaves 1, the data has 2; first difference: item [0, 1]: missing, expected \"b\"",
          CountMismatch(section: 0, after: 2, before: 2, deleted: 1)))
    // In UIKit's words, with its numbers.
    #expect(
      failure?.inUIKit == "NSInternalInconsistencyException: \"Invalid update: invalid number of items in section 0. The number of items "
        + "contained in an existing section after the update (2) must be equal to the number of items contained in that section before "
        + "the update (2), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted) and plus or "
        + "minus the number of items moved into or out of that section (0 moved in, 0 moved out).\"")
    stage.itemInserts = [.init(path: ItemPath(section: 0, item: 0), item: .init("x"))]
    let replaced = Verifier.check(StringChangeset(stages: [stage]), from: old, to: old)
    #expect(replaced == .wrongResult("item [0, 0]: \"x\", expected \"a\""))
  }

  /// The library's comparison planted to compare only the common length:
  /// the referee still finds the dropped item, and says the two disagree.
  @Test func aComparisonThatIgnoresLengthsIsCaught() throws {
    let old = try Snap(section: "A", items: [.init("a"), .init("b")])
    var stage = Stage()
    stage.itemDeletes = [ItemPath(section: 0, item: 1)]
    let changeset = StringChangeset(stages: [stage])
    var planted = Library<String, String, String>.shipped
    planted.firstDifference = { a, b in
      for s in 0..<min(a.numberOfSections, b.numberOfSections) {
        for k in 0..<min(a.numberOfItems(inSectionAt: s), b.numberOfItems(inSectionAt: s)) {
          let p = ItemPath(section: s, item: k)
          if a.item(at: p) != b.item(at: p) { return "item \(p)" }
        }
      }
      return nil
    }
    let failure = Verifier.check(Replay(changeset, from: old, library: planted), to: old, library: planted)
    #expect(failure?.kind == .modelDisagrees, "\(String(describing: failure))")
  }

  /// The library's apply planted to skip rule 6 in section 0: the model
  /// still raises it, and the disagreement is the verdict.
  @Test func aRuleCheckThatSkipsASectionIsCaught() throws {
    let old = try Snap(sections: [Snap.Section("A", items: [.init("a")]), Snap.Section("B", items: [.init("b")])])
    var stage = Stage()
    stage.sectionMoves = [BatchUpdate.Move(from: 0, to: 1)]
    stage.itemUpdates = [.init(path: ItemPath(section: 0, item: 0), content: "2")]
    var planted = Library<String, String, String>.shipped
    planted.apply = { (stage, state, kind) throws in
      do {
        return try stage.apply(to: state, updates: kind)
      } catch let error as Stage.Error {
        guard case .brokenRule(.itemOperationInChangedSection(_, let path, _)) = error, path.section == 0 else { throw error }
        // The bug: section 0 is not checked; its item operations apply after the sections'.
        var sections = stage, items = stage
        (sections.itemUpdates, sections.itemDeletes, sections.itemInserts, sections.itemMoves) = ([], [], [], [])
        (items.sectionUpdates, items.sectionDeletes, items.sectionInserts, items.sectionMoves) = ([], [], [], [])
        return try items.apply(to: sections.apply(to: state))
      }
    }
    let changeset = StringChangeset(stages: [stage])
    #expect(try planted.apply(stage, old, .reconfigure).numberOfItems == 2)  // the planted apply accepts it
    let failure = Verifier.check(Replay(changeset, from: old, library: planted), to: old, library: planted)
    #expect(failure?.kind == .modelDisagrees, "\(String(describing: failure))")
    // The shipped library agrees with the model: rule 6.
    #expect(Verifier.check(changeset, from: old, to: old)?.kind == .rule(6))
  }
}

/// What `body` gives, or the stage error it throws (a stage's apply and the
/// model throw no other).
func caught<T>(_ body: () throws -> T) -> Result<T, StringChangeset.Stage.Error> {
  do { return .success(try body()) } catch { return .failure(error as! StringChangeset.Stage.Error) }
}
