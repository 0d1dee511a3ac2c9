import DiffSupport
import DiffVerification
import PropertyBased
import SnapshotDiff
import Testing

@Suite struct StrategyTests {
  static let contenders = Contenders.library
  static let strategies = contenders.map(\.strategy)

  @Test func namesAreFixed() {
    #expect(Contenders.library.map(\.name) == ["hashmap", "heckel", "myers", "naive", "stdlib"])
  }

  /// Every corpus file, recursively, through every strategy, for both
  /// UIKits (`--uikit ios13` and `ios15`).
  @Test(arguments: try! CorpusCase.files(at: [corpusFolder]))
  func corpusReplays(file: String) throws {
    let pair = try CorpusCase.load(contentsOf: file)
    for strategy in Self.contenders {
      for kind in [BatchUpdate.UpdateKind.reconfigure, .reload] {
        let failure = Verifier.verify(strategy, oracle: PairOracle(old: pair.old, new: pair.new, updates: kind))
        #expect(failure == nil, "\(strategy.name) \(kind) on \(file): \(failure.map(String.init(describing:)) ?? "")")
      }
    }
  }

  /// Every trace in the corpus, walked by every strategy from its own results.
  @Test(arguments: try! CorpusCase.files(at: [corpusFolder], traces: true).filter(isTraceFile))
  func corpusTracesReplay(file: String) throws {
    for strategy in Self.contenders {
      var trace = try TraceReader(contentsOf: file)
      let failure = try Verifier.walk(strategy, &trace)
      #expect(failure == nil, "\(strategy.name) on \(file): \(failure.map(String.init(describing:)) ?? "")")
    }
  }

  @Test func corpusIsThere() throws {
    #expect(try CorpusCase.files(at: [corpusFolder]).count >= 15)
  }

  func counts(_ strategy: any DiffStrategy, _ old: Snap, _ new: Snap) -> ChangesetCounts {
    strategy.changeset(from: old, to: new).counts
  }

  @Test func rotateByOne() {
    let old = list(["a", "b", "c"]), new = list(["b", "c", "a"])
    #expect(Snap.minimumMoves(from: old, to: new) == 1)
    #expect(counts(Hashmap(), old, new).moves == 1)
    #expect(counts(Heckel(), old, new).moves == 3)  // greedy: every rank changes
    #expect(counts(Myers(), old, new).moves == 1)
    #expect(counts(Stdlib(), old, new).moves == 1)
    let naive = counts(Naive(), old, new)
    #expect(naive.moves == 0 && naive.deletes == 1 && naive.inserts == 1)
    for strategy in Self.strategies { #expect(counts(strategy, old, new).stages == 1) }
  }

  @Test func plainListNeedsOneStage() {
    let old = try! Snap(section: "s", items: ["a", "b", "c", "d", "e"].map { Snap.Item($0, content: "0") })
    // d deleted, x inserted, b updated, e and c swapped: no item both moves and changes.
    let new = try! Snap(section: "s", items: [
      .init("a", content: "0"), .init("b", content: "1"), .init("x", content: "0"), .init("e", content: "0"),
      .init("c", content: "0"),
    ])
    for strategy in Self.strategies {
      #expect(counts(strategy, old, new).stages == 1, "\(strategy.name)")
    }
  }

  @Test func heckelsGreedyMovesCanCostAStage() {
    // Heckel calls b moved (its rank among kept items changes), so b's
    // update needs a stage of its own; hashmap keeps b in place.
    let old = try! Snap(section: "s", items: ["a", "b", "c", "e"].map { Snap.Item($0, content: "0") })
    let new = try! Snap(section: "s", items: [.init("e", content: "0"), .init("b", content: "1"), .init("c", content: "0")])
    #expect(counts(Heckel(), old, new).stages == 2)
    #expect(counts(Hashmap(), old, new).stages == 1)
  }

  @Test func movedAndUpdatedSection() {
    // A moves to the end and changes content: a move and an update, two stages.
    let old = try! Snap(sections: [.init("A", content: "1"), .init("B"), .init("C")])
    let new = try! Snap(sections: [.init("B"), .init("C"), .init("A", content: "2")])
    for strategy in Self.strategies where strategy.name != "naive" {
      let changeset = strategy.changeset(from: old, to: new)
      #expect(changeset.stages.count == 2, "\(strategy.name)")
      #expect(changeset.stages.last?.sectionUpdates.map(\.index) == [2], "\(strategy.name)")
      #expect(Verifier.check(changeset, from: old, to: new) == nil)
    }
    // naive deletes A and inserts it again: one stage.
    #expect(counts(Naive(), old, new).stages == 1)
  }

  @Test func movedAndUpdatedNeedsTwoStages() throws {
    let pair = try CorpusCase.load(contentsOf: corpusFolder + "/scenarios/move-and-update.json")
    let changeset = Hashmap().changeset(from: pair.old, to: pair.new)
    #expect(changeset.stages.count == 2)
    #expect(changeset.stages[0].itemUpdates.count == 1 && changeset.stages[0].itemMoves.isEmpty)
    #expect(changeset.stages[1].itemMoves.count == 1)
  }

  @Test func identicalIsEmpty() {
    let s = snap([("A", ["a", "b"]), ("B", [])])
    for strategy in Self.strategies { #expect(strategy.changeset(from: s, to: s).stages.isEmpty) }
  }

  /// Properties over random sectioned pairs; the size shrinks on failure.
  @Test func everyStrategyReproducesTheTarget() async {
    await propertyCheck(count: 300, input: Gen.uint64(), Gen.int(in: 0...60)) { seed, size in
      let drafts = PairGenerator(maxItems: size, maxSections: 5).pair(seed: seed, iteration: 0)
      let old = try drafts.old.snapshot(), new = try drafts.new.snapshot()
      for strategy in Self.contenders {
        let failure = Verifier.verify(strategy, from: old, to: new)
        #expect(failure == nil, "\(strategy.name), seed \(seed), size \(size): \(failure.map(String.init(describing:)) ?? "")")
      }
    }
  }

  @Test func hashmapReachesMinimumMoves() async {
    await propertyCheck(count: 300, input: Gen.uint64(), Gen.int(in: 0...80)) { seed, size in
      let drafts = PairGenerator(maxItems: size).pair(seed: seed, iteration: 1)
      let old = try drafts.old.snapshot(), new = try drafts.new.snapshot()
      #expect(Hashmap().changeset(from: old, to: new).counts.moves == Snap.minimumMoves(from: old, to: new))
      // No strategy goes below the minimum, counting a delete and an insert
      // of a kept id as a move.
      let kept = Set(old.itemIdentifiers).intersection(new.itemIdentifiers)
      for strategy in Self.strategies {
        let changeset = strategy.changeset(from: old, to: new)
        let (removedIDs, addedIDs) = Verifier.removedAndAdded(changeset, from: old)
        let removed = Set(removedIDs), added = Set(addedIDs)
        let reinserted = removed.intersection(added).intersection(kept).count
        #expect(changeset.counts.moves + reinserted >= Snap.minimumMoves(from: old, to: new))
      }
    }
  }

  @Test func deletesAndInsertsExactlyTheGoneAndNewIds() async {
    await propertyCheck(count: 200, input: Gen.uint64(), Gen.int(in: 0...50)) { seed, size in
      let drafts = PairGenerator(maxItems: size).pair(seed: seed, iteration: 2)
      let old = try drafts.old.snapshot(), new = try drafts.new.snapshot()
      let gone = Set(old.itemIdentifiers).subtracting(new.itemIdentifiers)
      let fresh = Set(new.itemIdentifiers).subtracting(old.itemIdentifiers)
      for strategy in Self.contenders {
        let (removedIDs, addedIDs) = Verifier.removedAndAdded(strategy.changeset(from: old, to: new), from: old)
        let removed = Set(removedIDs), added = Set(addedIDs)
        if strategy.name == "naive" {
          // Kept ids may be deleted and inserted again, as a pair.
          #expect(removed.isSuperset(of: gone) && added.isSuperset(of: fresh))
          #expect(removed.subtracting(gone) == added.subtracting(fresh))
        } else {
          #expect(removed == gone, "\(strategy.name)")
          #expect(added == fresh, "\(strategy.name)")
        }
      }
    }
  }

  @Test func duplicateIdPairIsRejected() async {
    await propertyCheck(count: 100, input: Gen.uint64(), Gen.int(in: 1...40)) { seed, size in
      var drafts = PairGenerator(maxItems: size).pair(seed: seed, iteration: 3).new
      guard let s = drafts.sections.firstIndex(where: { !$0.items.isEmpty }) else { return }
      let id = drafts.sections[s].items[0].id
      drafts.sections[drafts.sections.count - 1].items.append((id, ""))
      #expect(throws: Snap.Error.self) { try drafts.snapshot() }
    }
  }

  /// (stages, moves, deletes, inserts) per strategy, as each algorithm gives them.
  func shape(_ strategy: any DiffStrategy, _ old: Snap, _ new: Snap) -> [Int] {
    let c = counts(strategy, old, new)
    return [c.stages, c.moves, c.deletes, c.inserts]
  }

  @Test func reverseThree() {
    let old = list(["1", "2", "3"]), new = list(["3", "2", "1"])
    #expect(Snap.minimumMoves(from: old, to: new) == 2)
    #expect(shape(Hashmap(), old, new) == [1, 2, 0, 0])  // "2" stays: a longest increasing run
    #expect(shape(Heckel(), old, new) == [1, 2, 0, 0])  // "2" keeps its rank
    #expect(shape(Myers(), old, new) == [1, 2, 0, 0])  // common subsequence of one
    #expect(shape(Stdlib(), old, new) == [1, 2, 0, 0])
    #expect(shape(Naive(), old, new) == [1, 0, 2, 2])  // "3" kept, "2" and "1" reinserted
  }

  /// Large enough for every table and search path (far past the small
  /// sections' searches); the quadratic strategies' cost in a debug build
  /// grows with its square (10,000 items took 31 s of a test run).
  @Test func reverseTwoThousand() {
    let ids = (0..<2_000).map { "i\($0)" }
    let old = list(ids), new = list(ids.reversed())
    #expect(Snap.minimumMoves(from: old, to: new) == 1_999)
    #expect(shape(Hashmap(), old, new) == [1, 1_999, 0, 0])
    #expect(shape(Heckel(), old, new) == [1, 2_000, 0, 0])  // no item keeps its rank
    #expect(shape(Myers(), old, new) == [1, 1_999, 0, 0])
    #expect(shape(Stdlib(), old, new) == [1, 1_999, 0, 0])
    #expect(shape(Naive(), old, new) == [1, 0, 1_999, 1_999])
    for strategy in [Contender(Hashmap()), Contender(Heckel()), Contender(Myers()), Contender(Stdlib())] {
      #expect(Verifier.verify(strategy, from: old, to: new) == nil)
    }
  }
}
