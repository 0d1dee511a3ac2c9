import DiffVerification
import FaultyStrategies
import SnapshotDiff
import Testing

/// The stage-count oracle held to the exhaustive search, and every
/// built-in strategy's stage count to both, on every small pair
/// (`diffbench stages` runs larger spaces).
@Suite struct StageSearchTests {
  @Test func theOracleAndThePlanMatchTheSearchOnEverySmallPair() {
    let proof = StageProof(sections: 2, items: 1, strategies: Contenders.library)
    #expect(proof.pairs > 300)
    for tally in proof.tallies {
      #expect(tally.changesets == proof.pairs, "\(tally.name)")
      #expect(tally.unsearched == 0, "\(tally.name)")
      #expect(tally.invalid.isEmpty, "\(tally.name): \(tally.invalid)")
      #expect(tally.oracleWrong.isEmpty, "\(tally.name): \(tally.oracleWrong)")
      #expect(tally.extraStages.isEmpty, "\(tally.name): \(tally.extraStages)")
    }
    // The space holds pairs that need three stages.
    let hashmap = proof.tallies.first { $0.name == "hashmap" }!
    #expect(hashmap.byFewest.count == 4 && hashmap.byFewest[3] > 0, "\(hashmap.byFewest)")
  }

  @Test func theSearchCountsStagesOfHandWrittenPairs() throws {
    func fewest(_ old: String, _ new: String) throws -> (search: Int?, oracle: Int?, plan: Int) {
      let c = try CorpusCase.parse(Array(#"{"old": \#(old), "new": \#(new)}"#.utf8))
      let changeset = Hashmap().changeset(from: c.old, to: c.new)
      return (StageSearch.fewestStages(changeset, from: c.old, to: c.new),
              Verifier.fewestStages(changeset, oracle: PairOracle(old: c.old, new: c.new)), changeset.stages.count)
    }
    // An item leaves a deleted section and another joins an inserted one:
    // the insert and the leaving move first, the joining move and the delete second.
    let two = try fewest(
      #"{"sections": [{"id": "A", "items": ["a"]}, {"id": "D", "items": ["d"]}]}"#,
      #"{"sections": [{"id": "A", "items": ["d"]}, {"id": "N", "items": ["a"]}]}"#)
    #expect(two.search == 2 && two.oracle == 2 && two.plan == 2, "\(two)")
    // A moved section that changes content, with an item that moves and changes inside it: four.
    let four = try fewest(
      #"{"sections": [{"id": "A", "items": ["a", "b"]}, {"id": "B", "items": []}, {"id": "C", "items": []}]}"#,
      #"{"sections": [{"id": "B", "items": []}, {"id": "C", "items": []}, {"id": "A", "content": "x", "items": [{"id": "b", "content": "y"}, {"id": "a", "content": "z"}]}]}"#)
    #expect(four.search == 4 && four.oracle == 4 && four.plan == 4, "\(four.search as Any) \(four.oracle as Any) \(four.plan)")
    // A section reload beside a section move (issue 72): UIKit places the
    // reload ignoring the move, so the two go in different stages, and
    // the item insert goes with the move, not with the reload: two.
    let reload = try fewest(
      #"{"sections": [{"id": "A", "items": []}, {"id": "B", "items": []}]}"#,
      #"{"sections": [{"id": "B", "items": ["a"]}, {"id": "A", "content": "x", "items": []}]}"#)
    #expect(reload.search == 2 && reload.oracle == 2 && reload.plan == 2, "\(reload)")
    let both = try fewest(
      #"{"sections": [{"id": "A", "items": []}, {"id": "B", "items": []}]}"#,
      #"{"sections": [{"id": "B", "content": "y", "items": ["a"]}, {"id": "A", "content": "x", "items": []}]}"#)
    #expect(both.search == 3 && both.oracle == 3 && both.plan == 3, "\(both)")
  }

  /// The regression planted: reloads kept apart from section moves in a
  /// batch of their own. The oracle still agrees with the search, and the
  /// extra stages are counted.
  @Test func aReloadKeptApartFromAMoveIsAStageTooMany() {
    let proof = StageProof(sections: 2, items: 1, strategies: [Contender(ReloadsApartFromMoves())])
    let tally = proof.tallies[0]
    #expect(tally.invalid.isEmpty && tally.oracleWrong.isEmpty, "\(tally.invalid + tally.oracleWrong)")
    #expect(tally.extraStagesCount > 0)
  }
}
