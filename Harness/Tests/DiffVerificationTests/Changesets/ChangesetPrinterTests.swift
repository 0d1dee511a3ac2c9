import DiffVerification
import SnapshotDiff
import Testing

/// What `diff --format text` and `--format uikit` print.
@Suite struct ChangesetPrinterTests {
  let old = try! StringSnapshot(section: "s", items: [.init("a"), .init("b", content: "1")])
  let changed = try! StringSnapshot(section: "s", items: [.init("a"), .init("b", content: "2")])

  /// An empty changeset for a pair that differs (a peer that sends nothing)
  /// is never called equal.
  @Test func anEmptyChangesetSaysWhetherThePairDiffers() {
    #expect(ChangesetPrinter.text(StringChangeset(), from: old, to: old) == "no stage: the snapshots are equal\n")
    #expect(ChangesetPrinter.text(StringChangeset(), from: old, to: changed) == "no stage, yet the snapshots differ: the screen keeps showing the old one\n")
    #expect(ChangesetPrinter.uikit(StringChangeset(), from: old, to: changed) == "// no stage, yet the snapshots differ: the screen keeps showing the old one, nothing to call\n")
  }

  /// Reloads alone, as a glue that reloads after its batch sends them: the
  /// call on its own; reconfigured, or beside other calls, inside a block.
  @Test func reloadsAloneArePrintedAsTheCallOnItsOwn() {
    var stage = StringChangeset.Stage()
    stage.itemUpdates = [.init(path: ItemPath(section: 0, item: 1), content: "2")]
    let reloaded = StringChangeset(stages: [stage], updates: .reload)
    #expect(ChangesetPrinter.uikit(reloaded) == """
      // stage 0 (of 1, counted from 0): the data source now holds its result
      collectionView.reloadItems(at: [IndexPath(item: 1, section: 0)])  // on its own, outside performBatchUpdates

      """)
    let reconfigured = StringChangeset(stages: [stage], updates: .reconfigure)
    #expect(ChangesetPrinter.uikit(reconfigured).contains("collectionView.performBatchUpdates {\n  collectionView.reconfigureItems("))
    stage.itemDeletes = [ItemPath(section: 0, item: 0)]
    #expect(ChangesetPrinter.uikit(StringChangeset(stages: [stage], updates: .reload)).contains("collectionView.performBatchUpdates {\n  collectionView.deleteItems("))
  }
}
