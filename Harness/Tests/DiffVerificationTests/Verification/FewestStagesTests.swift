import DiffVerification
import SnapshotDiff
import Testing

/// The stage-count oracle: one stage wherever the rules allow it, judged
/// from the changeset's own operations, and never blaming a changeset that
/// needs more.
@Suite struct FewestStagesTests {
  func pair(_ old: String, _ new: String) throws -> PairOracle {
    let text = #"{"old": \#(old), "new": \#(new)}"#
    let c = try CorpusCase.parse(Array(text.utf8))
    return PairOracle(old: c.old, new: c.new)
  }

  /// Hashmap's changeset in two stages: the items change with the sections
  /// where they were, then the sections move.
  func verifySplit(_ oracle: PairOracle) throws -> VerificationFailure? {
    let middle = try StringSnapshot(sections: oracle.old.sectionIdentifiers.map { oracle.new.section(at: oracle.new.indexOfSection($0)!) })
    let items = Hashmap().changeset(from: oracle.old, to: middle), sections = Hashmap().changeset(from: middle, to: oracle.new)
    #expect(items.stages.count == 1 && sections.stages.count == 1)
    return Verifier.verify(Changeset(stages: items.stages + sections.stages), madeBy: Hashmap().traits, oracle: oracle)
  }

  @Test func aSectionMoveBesideItemChangesElsewhereNeedsOneStage() throws {
    // C moves to the front; A, which keeps its place among the rest, gains an item.
    let oracle = try pair(
      #"{"sections": [{"id": "A", "items": ["a"]}, {"id": "B", "items": []}, {"id": "C", "items": []}]}"#,
      #"{"sections": [{"id": "C", "items": []}, {"id": "A", "items": ["a", "x"]}, {"id": "B", "items": []}]}"#)
    #expect(Verifier.verify(Contender(Hashmap()), oracle: oracle) == nil)
    let failure = try verifySplit(oracle)
    #expect(failure?.kind == .tooManyStages, "\(String(describing: failure))")
    #expect(failure?.description == "too many stages: 2, where the rules allow its operations in 1")
  }

  @Test func eachRuleThatOrdersOperationsIsNotBlamed() throws {
    // Each needs two stages: the strategies' changesets pass.
    let cases = [
      // A moved item that changes content (rule 2).
      (#"["a", "b"]"#, #"[{"id": "b", "content": "x"}, "a"]"#),
      // An item joins an inserted section (rule 5).
      (#"{"sections": [{"id": "A", "items": ["a"]}]}"#, #"{"sections": [{"id": "A", "items": []}, {"id": "N", "items": ["a"]}]}"#),
      // An item leaves a deleted section (rule 4).
      (#"{"sections": [{"id": "A", "items": ["a"]}, {"id": "D", "items": ["d"]}]}"#, #"{"sections": [{"id": "A", "items": ["a", "d"]}]}"#),
      // Items change inside a moved section (rule 6).
      (#"{"sections": [{"id": "A", "items": ["a"]}, {"id": "B", "items": ["b"]}]}"#, #"{"sections": [{"id": "B", "items": ["b", "x"]}, {"id": "A", "items": ["a"]}]}"#),
      // A section that moves and changes content (rule 2).
      (#"{"sections": [{"id": "A", "items": []}, {"id": "B", "items": []}]}"#, #"{"sections": [{"id": "B", "content": "x", "items": []}, {"id": "A", "items": []}]}"#),
    ]
    for (old, new) in cases {
      let oracle = try pair(old, new)
      for strategy in Contenders.library {
        #expect(Verifier.verify(strategy, oracle: oracle) == nil, "\(strategy.name): \(old) → \(new)")
      }
    }
  }

  @Test func anIdenticalPairStillNeedsNoStage() throws {
    let oracle = try pair(#"["a", "b"]"#, #"["a", "b"]"#)
    let extra = Changeset<String, String, String>(stages: [StringChangeset.Stage()])
    #expect(Verifier.verify(extra, madeBy: Hashmap().traits, oracle: oracle)?.kind == .notEmpty)
  }
}
