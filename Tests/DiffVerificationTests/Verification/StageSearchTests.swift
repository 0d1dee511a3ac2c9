import DiffVerification
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
      // Known gap, kept visible: where a section reload sits beside a
      // section move (placed ignoring moves, so kept apart), the plan uses
      // one stage more than the search finds, and the oracle's allowance
      // (``Verifier/fewestStages``) spares exactly that stage: never more,
      // never a stage the search needs. Measured: 29 of the space's pairs for
      // hashmap, myers and stdlib; more is a regression.
      #expect(tally.oracleWrongCount == tally.extraStagesCount, "\(tally.name): \(tally.oracleWrong + tally.extraStages)")
      for line in tally.oracleWrong {
        let numbers = line.split(separator: ":").last!.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .punctuationCharacters)) }
        #expect(numbers.count == 2 && numbers[0] == numbers[1] + 1, "\(tally.name): \(line)")
      }
      #expect(tally.extraStagesCount <= 29, "\(tally.name): \(tally.extraStagesCount) pairs with a stage too many")
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
  }
}
