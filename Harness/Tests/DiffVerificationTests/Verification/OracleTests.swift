import DiffVerification
import Foundation
import SnapshotDiff
import Testing

/// The quality oracles: independent of what they judge, and able to fail.
@Suite struct OracleTests {
  func snapshot(_ sections: [(String, [String])]) throws -> StringSnapshot {
    try StringSnapshot(sections: sections.map { StringSnapshot.Section($0.0, items: $0.1.map { StringSnapshot.Item($0) }) })
  }

  @Test func referenceLISAgreesWithTheFastOneOnRandomSequences() {
    var rng = SplitMix64(seed: 0x0_1ac1e)  // seeded: a failure replays
    for _ in 0..<300 {
      let values = (0..<Int.random(in: 0...60, using: &rng)).map { _ in Int.random(in: 0...40, using: &rng) }
      #expect(Reference.longestIncreasingLength(values) == longestIncreasingSubsequenceLength(values), "\(values)")
    }
    #expect(Reference.longestIncreasingLength([3, 1, 2, 5, 4]) == 3)
    #expect(Reference.longestCommonLength(Array("ABCBDAB"), Array("BDCABA")) == 4)
  }

  @Test func referenceMinimumMovesMatchesTheFastOneOnGeneratedPairs() throws {
    let generator = PairGenerator(maxItems: 300)
    for i in 0..<300 as Range<UInt64> {
      let pair = generator.pair(seed: 11, iteration: i)
      let old = try pair.old.snapshot(), new = try pair.new.snapshot()
      let oracle = PairOracle(old: old, new: new)
      #expect(oracle.referenceMinimumMoves == oracle.fastMinimumMoves)
      #expect(oracle.metricFailure == nil)
    }
  }

  @Test func aWrongFastMinimumMovesIsCaught() throws {
    let old = try snapshot([("A", ["a", "b", "c"])]), new = try snapshot([("A", ["c", "a", "b"])])
    let oracle = PairOracle(old: old, new: new) { _, _ in 2 }  // an LIS one short
    #expect(oracle.referenceMinimumMoves == 1)
    #expect(oracle.metricFailure == .minimumMovesDisagree(fast: 2, reference: 1))
  }

  @Test func everyStrategyKeepsItsMoveRuleOnGeneratedPairs() throws {
    let generator = PairGenerator(maxItems: 120)
    for i in 0..<200 as Range<UInt64> {
      let pair = generator.pair(seed: 5, iteration: i)
      let oracle = PairOracle(old: try pair.old.snapshot(), new: try pair.new.snapshot())
      for strategy in Contenders.library {
        let failure = Verifier.verify(strategy, oracle: oracle)
        #expect(failure == nil, "\(strategy.name), iteration \(i): \(failure?.description ?? "")")
      }
    }
  }

  /// Each move rule, given a changeset that breaks it while staying valid.
  @Test func eachMoveRuleCatchesAValidChangesetThatBreaksIt() throws {
    // A[a1] B[b1 b2] → A[a1 b1] B[b2]: one move by every rule; hashmap's changeset has it.
    let old = try snapshot([("A", ["a1"]), ("B", ["b1", "b2"])])
    let new = try snapshot([("A", ["a1", "b1"]), ("B", ["b2"])])
    let oracle = PairOracle(old: old, new: new)
    var matching = Hashmap().matching(from: old, to: new)
    let good = Changeset(from: old, to: new, matching: matching)
    matching.itemMoved[2] = true  // b2 moved as well: valid, one move too many
    let worse = Changeset(from: old, to: new, matching: matching)
    #expect(worse.counts.moves == 2)
    for strategy in [Hashmap(), Heckel(), Myers(), Stdlib()] as [any DiffStrategy] {
      #expect(Verifier.verify(good, madeBy: strategy.traits, oracle: oracle) == nil, "\(strategy.name)")
      let failure = Verifier.verify(worse, madeBy: strategy.traits, oracle: oracle)
      #expect(failure?.kind == (strategy.traits.moveRule == .minimal ? .notMinimal : .moveRule), "\(strategy.name): \(String(describing: failure))")
      // The fewest stages is counted all the same (the bench's min_stages).
      let judged = Verifier.judge(worse, madeBy: strategy.traits, oracle: oracle)
      #expect(judged.failure == failure && judged.fewestStages == worse.stages.count, "\(strategy.name)")
    }
    #expect(Verifier.verify(worse, madeBy: StrategyTraits(), oracle: oracle) == nil)  // no promise, no failure
  }

  /// Strategies that make the same changeset share one replay of it, and
  /// each is judged by its own traits; a different changeset on the same
  /// pair is replayed and judged apart, whichever comes first.
  @Test func aChangesetIsReplayedOnceWhicheverStrategyMadeIt() throws {
    let old = try snapshot([("A", ["a", "b", "c"]), ("B", ["d"])])
    let new = try snapshot([("A", ["c", "a", "e"]), ("B", ["d", "b"])])
    let made = Hashmap().changeset(from: old, to: new)
    var broken = made
    broken.stages[0].itemInserts.removeLast()  // e never arrives
    for order in [[made, broken], [broken, made]] {
      let oracle = PairOracle(old: old, new: new)
      for changeset in order + order {
        // hashmap's moves are the minimum (c), not heckel's greedy rank (a).
        let hashmap = Verifier.verify(changeset, madeBy: Hashmap().traits, oracle: oracle)
        let heckel = Verifier.verify(changeset, madeBy: Heckel().traits, oracle: oracle)
        #expect(hashmap?.kind == (changeset == made ? nil : .wrongCount), "\(String(describing: hashmap))")
        #expect(heckel?.kind == (changeset == made ? .moveRule : .wrongCount), "\(String(describing: heckel))")
      }
      #expect(oracle.changesetsReplayed == 2)
    }
  }

  /// A judgement gives what the stages give where asked (a walk carries it
  /// on): the target where it is reached, the stages' own result where it
  /// is not, nothing where a stage broke a rule.
  @Test func aJudgementGivesWhatTheStagesGive() throws {
    let old = try snapshot([("A", ["a", "b", "c"])])
    let new = try snapshot([("A", ["c", "a", "d"])])
    let oracle = PairOracle(old: old, new: new)
    let made = Hashmap().changeset(from: old, to: new)
    let reached = Verifier.judge(made, madeBy: Hashmap().traits, oracle: oracle, withResult: true)
    #expect(reached.failure == nil && reached.result == new)
    var missed = made
    missed.stages[0].itemInserts.removeLast()  // d never arrives
    let wrong = Verifier.judge(missed, madeBy: Hashmap().traits, oracle: oracle, withResult: true)
    #expect(wrong.failure?.kind == .wrongCount)
    #expect(wrong.result == (try snapshot([("A", ["c", "a"])])))
    var broken = made
    broken.stages[0].itemDeletes.append(ItemPath(section: 0, item: 9))  // no such row
    #expect(Verifier.judge(broken, madeBy: Hashmap().traits, oracle: oracle, withResult: true).result == nil)
    #expect(oracle.changesetsReplayed == 3)
  }

  /// Above ``PairOracle/resultsKeptUpTo`` a replay is still shared, without
  /// its result; a walk's judgement, which needs it, replays again.
  @Test func aLargePairSharesItsReplaysButNotTheirResults() throws {
    let large = try snapshot([("A", (0...PairOracle.resultsKeptUpTo).map { "i\($0)" })])
    var shorter = large
    shorter.deleteItems(["i0"])
    let oracle = PairOracle(old: large, new: shorter)
    let deletes = Hashmap().changeset(from: large, to: shorter)
    for _ in 0..<2 {
      let judged = Verifier.judge(deletes, madeBy: Hashmap().traits, oracle: oracle)
      #expect(judged.failure == nil && judged.result == nil)
    }
    #expect(oracle.changesetsReplayed == 1)
    let walked = Verifier.judge(deletes, madeBy: Hashmap().traits, oracle: oracle, withResult: true)
    #expect(walked.failure == nil && walked.result == shorter)
    #expect(oracle.changesetsReplayed == 1)
  }

  /// A changeset that removes and adds more ids than
  /// ``PairOracle/replaysKeptUpToIDs`` is replayed for each judgement and
  /// not kept; one at the limit is kept.
  @Test func aReplayOfTooManyIDsIsNotKept() throws {
    let count = PairOracle.replaysKeptUpToIDs / 2
    let old = try snapshot([("A", (0..<count).map { "i\($0)" })])
    let new = try snapshot([("A", (0..<count).map { "j\($0)" })])
    let oracle = PairOracle(old: old, new: new)
    let atLimit = Hashmap().changeset(from: old, to: new)  // count deletes, count inserts
    #expect(atLimit.counts.deletes + atLimit.counts.inserts == PairOracle.replaysKeptUpToIDs)
    #expect(Verifier.verify(atLimit, madeBy: Hashmap().traits, oracle: oracle) == nil)
    #expect(oracle.changesetsReplayed == 1)
    let plus = try snapshot([("A", (0...count).map { "j\($0)" })])
    let over = PairOracle(old: old, new: plus)
    let changeset = Hashmap().changeset(from: old, to: plus)
    for _ in 0..<2 { #expect(Verifier.verify(changeset, madeBy: Hashmap().traits, oracle: over) == nil) }
    #expect(over.changesetsReplayed == 0)
  }

  /// IGListKit's rule (greedy rank, its updates a delete and an insert):
  /// an item the rule moves may be re-inserted instead, never left alone
  /// while other items move in its place.
  @Test func greedyRankLetsAReinsertingStrategyReinsertWhatTheRuleMoves() throws {
    let old = try snapshot([("A", ["a", "b", "c", "d"])]), new = try snapshot([("A", ["b", "a", "c", "d"])])
    let oracle = PairOracle(old: old, new: new)
    let greedy = StrategyTraits(moveRule: .greedyRank), reinserting = StrategyTraits(moveRule: .greedyRank, reinsertsKeptItems: true)
    let matching = Heckel().matching(from: old, to: new)
    #expect(matching.itemMoved == [true, true, false, false])  // b and a change rank
    let moved = Changeset(from: old, to: new, matching: matching)
    #expect(Verifier.verify(moved, madeBy: greedy, oracle: oracle) == nil)
    #expect(Verifier.verify(moved, madeBy: reinserting, oracle: oracle) == nil)
    var reinserted = matching
    reinserted.itemOldIndex[0] = -1  // b deleted and inserted again
    reinserted.itemMoved[0] = false
    let reinsert = Changeset(from: old, to: new, matching: reinserted)
    #expect(Verifier.verify(reinsert, madeBy: reinserting, oracle: oracle) == nil)
    #expect(Verifier.verify(reinsert, madeBy: greedy, oracle: oracle)?.kind == .wrongIDs)
    var others = matching
    others.itemMoved[2] = true  // c moves as well: valid, not the rule
    let failure = Verifier.verify(Changeset(from: old, to: new, matching: others), madeBy: reinserting, oracle: oracle)
    #expect(failure == .moveRule("moved item \"c\": not expected by the rule, but the changeset has it"))
    others = matching
    others.itemMoved[0] = false  // b neither moved nor re-inserted: a alone moves, valid
    let kept = Verifier.verify(Changeset(from: old, to: new, matching: others), madeBy: reinserting, oracle: oracle)
    #expect(kept == .moveRule("moved or re-inserted item \"b\": expected, but the changeset does not have it"))
  }

  @Test func naiveRuleNamesTheItemItShouldHaveKept() throws {
    // b's content changes: the scan keeps b and updates it.
    let old = try snapshot([("A", ["a", "b"])])
    let changed = try StringSnapshot(sections: [StringSnapshot.Section("A", items: [.init("a"), .init("b", content: "2")])])
    let oracle = PairOracle(old: old, new: changed)
    var matching = Naive().matching(from: old, to: changed)
    matching.itemOldIndex[1] = -1  // b deleted and inserted again instead of updated
    let failure = Verifier.verify(Changeset(from: old, to: changed, matching: matching), madeBy: Naive().traits, oracle: oracle)
    #expect(failure == .moveRule("re-inserted item \"b\": not expected by the rule, but the changeset has it"))
  }

  @Test func anIdenticalPairMustGiveNoStage() throws {
    let old = try snapshot([("A", ["a", "b"])])
    let oracle = PairOracle(old: old, new: old)
    let moved = Changeset(from: old, to: old, matching: Matching(sectionOldIndex: [0], sectionMoved: [false], itemOldIndex: [0, 1], itemMoved: [true, false]))
    #expect(Verifier.verify(moved, madeBy: StrategyTraits(), oracle: oracle) == .notEmpty(stages: 1))
  }
}
