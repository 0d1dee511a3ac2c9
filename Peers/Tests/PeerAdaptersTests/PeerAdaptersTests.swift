import DeepDiff
import DiffBenchCLI
import Differ
import DifferenceKit
import Foundation
import ListDiff
import Testing

@testable import PeerAdapters
@testable import SnapshotDiff

typealias Strings = SnapshotDiff.Snapshot<String, String, String>

/// One section "s" of ids, each `id` or `id=content`.
func flat(_ items: String...) -> Strings {
  try! Strings(section: "s", items: items.map { entry in
    let parts = entry.split(separator: "=").map(String.init)
    return Strings.Item(parts[0], content: parts.count > 1 ? parts[1] : nil)
  })
}

func path(_ item: Int, _ section: Int = 0) -> SnapshotDiff.ItemPath { .init(section: section, item: item) }

/// b deleted, x inserted, d to the front, c's content changed.
let old = flat("a", "b", "c=1", "d")
let new = flat("d", "a", "x", "c=2")

/// Each adapter gives its peer's own output, converted as its UIKit glue sends it.
@Suite struct PeerAdaptersTests {
  @Test func deepDiffSendsItsReplacesAfterTheBatch() {
    let changes = DeepDiff.diff(old: old.allItems.map(DDItem.init), new: new.allItems.map(DDItem.init))
    let changeset = DeepDiffPeer().changeset(from: old, to: new)
    #expect(changeset.stages.count == 2)
    let inside = changeset.stages[0], outside = changeset.stages[1]
    #expect(inside.itemDeletes == changes.compactMap { $0.delete.map { path($0.index) } })
    #expect(inside.itemInserts.map(\.path) == changes.compactMap { $0.insert.map { path($0.index) } })
    #expect(inside.itemMoves == changes.compactMap { $0.move.map { BatchUpdate.Move(from: path($0.fromIndex), to: path($0.toIndex)) } })
    #expect(inside.itemUpdates.isEmpty)
    // The reload, on the state the batch left, carries c's new content.
    #expect(outside.itemUpdates.map(\.path) == changes.compactMap { $0.replace.map { path($0.index) } })
    #expect(outside.itemUpdates.map(\.content) == [Optional("2")])
    #expect(inside.itemInserts.map(\.item) == [Strings.Item("x")])
  }

  @Test func listDiffTurnsAnUpdateIntoADeleteAndAnInsert() {
    let raw = List.diffing(oldArray: old.allItems.map(LDItem.init), newArray: new.allItems.map(LDItem.init))
    #expect(raw.updates == [2])  // c, at its old index
    let batch = raw.forBatchUpdates()
    let changeset = ListDiffPeer().changeset(from: old, to: new)
    #expect(changeset.stages.count == 1)
    let stage = changeset.stages[0]
    #expect(Set(stage.itemDeletes) == Set(batch.deletes.map { path($0) }) && stage.itemDeletes.contains(path(2)))
    #expect(Set(stage.itemInserts.map(\.path)) == Set(batch.inserts.map { path($0) }))
    #expect(stage.itemMoves == batch.moves.map { BatchUpdate.Move(from: path($0.from), to: path($0.to)) })
    #expect(stage.itemUpdates.isEmpty)
    #expect(stage.itemInserts.first { $0.path == path(3) }?.item == Strings.Item("c", content: "2"))
    #expect(ListDiffPeer().traits.moveRule == .greedyRank && !ListDiffPeer().traits.handlesSections)
  }

  @Test func differenceKitSendsEachStageWithItsData() {
    let staged = StagedChangeset(source: old.allItems.map(DKItem.init), target: new.allItems.map(DKItem.init))
    let changeset = DifferenceKitPeer().changeset(from: old, to: new)
    #expect(changeset.stages.count == staged.count)
    for (stage, dk) in zip(changeset.stages, staged) {
      #expect(stage.itemDeletes == dk.elementDeleted.map { path($0.element, $0.section) })
      #expect(stage.itemInserts.map(\.path) == dk.elementInserted.map { path($0.element, $0.section) })
      #expect(stage.itemUpdates.map(\.path) == dk.elementUpdated.map { path($0.element, $0.section) })
      #expect(stage.itemMoves == dk.elementMoved.map { BatchUpdate.Move(from: path($0.source.element), to: path($0.target.element)) })
    }
    #expect(Verifier.check(changeset, from: old, to: new) == nil)
  }

  @Test func differDeletesAndInsertsAChangedItem() {
    let diff = old.allItems.map(DifferItem.init).extendedDiff(new.allItems.map(DifferItem.init))
    let update = BatchUpdate(diff: diff)
    let stage = DifferPeer().changeset(from: old, to: new).stages[0]
    #expect(stage.itemDeletes == update.deletions.map { path($0[1]) })
    #expect(stage.itemInserts.map(\.path) == update.insertions.map { path($0[1]) })
    #expect(stage.itemMoves == update.moves.map { BatchUpdate.Move(from: path($0.from[1]), to: path($0.to[1])) })
    #expect(stage.itemDeletes.contains(path(2)) && stage.itemUpdates.isEmpty)
  }

  /// FlexibleDiff's recipe in one batch: its removals, inserts and
  /// mutations at their offsets, its unchanged moves as moves.
  @Test func flexibleDiffSendsItsOffsetsInOneBatch() throws {
    let raw = FlexibleDiffCall.diff(old.allItems, new.allItems)
    let changeset = FlexibleDiffPeer().changeset(from: old, to: new)
    #expect(changeset.stages.count == 1)
    let stage = changeset.stages[0]
    let mutatedMoves = raw.moves.filter(\.isMutated)
    #expect(Set(stage.itemDeletes) == Set((raw.removals + mutatedMoves.map(\.source)).map { path($0) }))
    #expect(Set(stage.itemInserts.map(\.path)) == Set((raw.inserts + mutatedMoves.map(\.destination)).map { path($0) }))
    #expect(stage.itemMoves.count == raw.moves.count - mutatedMoves.count)
    #expect(try changeset.apply(to: old) == new)
    #expect(Verifier.verify(Contender(FlexibleDiffPeer()), from: old, to: new) == nil)
  }

  /// Changeset's glue: each move a deletion and an insertion, each
  /// substitution a `reloadItems` at its destination offset.
  @Test func changesetSendsMovesAsDeletesAndInserts() throws {
    let edits = ChangesetCall.edits(old.allItems, new.allItems)
    let stage = try #require(ChangesetPeer().changeset(from: old, to: new).stages.first)
    #expect(stage.itemMoves.isEmpty)
    #expect(stage.itemDeletes.count + stage.itemInserts.count + stage.itemUpdates.count
      == edits.reduce(0) { n, edit in if case .move = edit.kind { return n + 2 } else { return n + 1 } })
    // A changed item alone in place: a substitution, reloaded where it is.
    let changed = ChangesetPeer().changeset(from: flat("a", "b=1"), to: flat("a", "b=2"))
    #expect(changed.stages.count == 1 && changed.stages[0].itemUpdates.map(\.path) == [path(1)])
    #expect(try changed.apply(to: flat("a", "b=1")) == flat("a", "b=2"))
  }

  @Test func sectionedPeersDiffSections() throws {
    let a = try Strings(sections: [Strings.Section("A", items: [Strings.Item("1"), Strings.Item("2")]), Strings.Section("B", items: [Strings.Item("3")])])
    let b = try Strings(sections: [Strings.Section("B", items: [Strings.Item("3"), Strings.Item("2")]), Strings.Section("A", items: [Strings.Item("1")])])
    for peer in [DifferenceKitPeer(), DifferentiatorPeer()] as [any DiffStrategy] {
      #expect(peer.traits.handlesSections)
      let changeset = peer.changeset(from: a, to: b)
      #expect(Verifier.check(changeset, from: a, to: b) == nil, "\(peer.name)")
    }
    // Differ moves the sections and the item in one batch: UIKit refuses an
    // item operation inside a moved section (rule 6). A finding, kept as one.
    guard case .invalidStage(let error)? = Verifier.check(DifferPeer().changeset(from: a, to: b), from: a, to: b),
      let broken = error.brokenRule
    else {
      Issue.record("Differ's section swap is no longer refused by a rule: update Peers/Findings")
      return
    }
    #expect(broken.rule == 6)
    #expect(!a.isFlat(with: b) && !StrategyTraits(handlesSections: false).handles(a, b))
  }

  /// The prepared diff holds the peer's call alone: converting happens in
  /// `changeset()`, after it, and the result is what `changeset(from:to:)` gives.
  @Test(arguments: Peers.all.map(\.name))
  func preparedDiffGivesTheSameChangeset(name: String) {
    let peer = Peers.all.first { $0.name == name }!
    let prepared = peer.prepareDiff(from: old, to: new)
    #expect(prepared.changeset() == nil)  // nothing diffed yet
    prepared.diff()
    #expect(prepared.changeset() == peer.changeset(from: old, to: new))
    #expect(prepared.changeset() == nil)  // taken
  }
}

/// The batch as UIKit receives it, as a stage: contents read from the state after it.
@Suite struct UIKitBatchTests {
  @Test func insertsAndReloadsTakeTheirContentFromTheStateAfter() {
    let before = flat("a=1", "b")
    let after = flat("b", "a=2", "n=3")
    let batch = UIKitBatch(insertItems: [path(2)], reloadItems: [path(0)], moveItems: [(path(1), path(0))])
    // Reconfigured in place: as a reload, its insert would land on the move's destination.
    let (changeset, mismatch) = Changeset.glued([(batch, after.sections)], from: before, by: StrategyTraits(updates: .reconfigure))
    #expect(mismatch == nil && changeset.updates == .reconfigure)
    #expect(changeset.stages.count == 1)
    #expect(changeset.stages[0].itemInserts == [.init(path: path(2), item: Strings.Item("n", content: "3"))])
    #expect(changeset.stages[0].itemUpdates == [.init(path: path(0), content: "2")])
    #expect(Verifier.check(changeset, from: before, to: after) == nil)
  }

  @Test func anEmptyBatchIsNoStageAndAPlaceOutOfRangeIsKept() {
    let before = flat("a")
    let (changeset, mismatch) = Changeset.glued(
      [(UIKitBatch(), before.sections), (UIKitBatch(deleteItems: [path(5)]), flat("a").sections)], from: before, by: StrategyTraits(updates: .reload))
    #expect(changeset.stages.count == 1 && changeset.stages[0].itemDeletes == [path(5)])
    #expect(mismatch == nil)  // the broken rule is the verdict
    guard case .invalidStage(let error)? = Verifier.check(changeset, from: before, to: flat("a")), let broken = error.brokenRule
    else {
      Issue.record("the out-of-range delete was not judged by a rule")
      return
    }
    #expect(broken.rule == 1)
  }

  /// The data a glue sets is never replaced: UIKit counts it against the
  /// batch (DifferenceKit 0.3.0's "invalid number of items", its issue #5).
  @Test func dataWhoseCountDiffersFromTheBatchIsUIKitsInvalidNumberOfItems() {
    let before = flat("a", "b")
    let batch = UIKitBatch(deleteItems: [path(0)])  // leaves one item; the data holds two
    let (_, mismatch) = Changeset.glued([(batch, flat("b", "x").sections)], from: before, by: StrategyTraits(updates: .reload))
    #expect(mismatch == GlueDataError(stage: 0, problem: .count("invalid number of items in section 0: the batch leaves 1, the data source holds 2")))
    let sections = UIKitBatch(deleteSections: [0])
    let (_, kept) = Changeset.glued([(sections, before.sections)], from: before, by: StrategyTraits(updates: .reload))
    #expect(kept == GlueDataError(stage: 0, problem: .count("invalid number of sections: the batch leaves 0, the data source holds 1")))
  }

  /// Every count right, but an id twice in the data: shown as it is, an item twice.
  @Test func dataWithAnIDTwiceAndEveryCountRightIsAWrongScreen() throws {
    let before = flat("a", "b")
    let twice = [Snapshot<String, String, String>.Section("s", items: [Strings.Item("a"), Strings.Item("a")])]
    let (changeset, mismatch) = Changeset.glued([(UIKitBatch(reloadItems: [path(1)]), twice)], from: before, by: StrategyTraits(updates: .reload))
    #expect(changeset.stages.count == 1)
    guard case .ids(let text)? = mismatch?.problem else {
      Issue.record("an id twice was not found: \(String(describing: mismatch))")
      return
    }
    #expect(mismatch?.stage == 0 && text.hasPrefix("the data source's data is no snapshot: "), "\(text)")
  }
}
