import DiffVerification
import SnapshotDiff
import Testing

/// A strategy whose glue sets data of its own before each batch: the data is
/// judged, never replaced by the target.
@Suite struct GlueDataTests {
  /// Test-only: one stage deleting the first item, the glue's data as given.
  struct GluedDelete: ConvertingStrategy {
    var problem: GlueDataError.Problem?
    var name: String { "glued-delete" }
    var traits: StrategyTraits { StrategyTraits(updates: .reload) }
    func prepareDiff<S: Hashable, I: Hashable, C: Equatable>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> PreparedDiff<S, I, C> {
      PreparedDiff(diff: { () }, glue: { _ in
        var stage = Changeset<S, I, C>.Stage()
        stage.itemDeletes = [ItemPath(section: 0, item: 0)]
        return (Changeset<S, I, C>(stages: [stage], updates: .reload), problem.map { GlueDataError(stage: 0, problem: $0) })
      })
    }
  }

  let old = try! StringSnapshot(section: "s", items: [.init("a"), .init("b")])
  let new = try! StringSnapshot(section: "s", items: [.init("b")])

  @Test func dataThatAgreesIsJudgedByItsStages() {
    #expect(Verifier.verify(Contender(GluedDelete()), from: old, to: new) == nil)
  }

  @Test func aCountThatDiffersIsAWrongCountACrash() {
    let failure = Verifier.verify(Contender(GluedDelete(problem: .count("invalid number of items in section 0: the batch leaves 1, the data source holds 2"))), from: old, to: new)
    #expect(failure == .wrongCount("stage 0: invalid number of items in section 0: the batch leaves 1, the data source holds 2"))
    #expect(failure?.severity == .crash)
  }

  @Test func anIDTwiceWithEveryCountRightIsAWrongScreen() {
    let failure = Verifier.verify(Contender(GluedDelete(problem: .ids("the data source's data is no snapshot: x"))), from: old, to: new)
    #expect(failure == .wrongResult("stage 0: the data source's data is no snapshot: x"))
    #expect(failure?.severity == .wrongScreen)
  }
}
