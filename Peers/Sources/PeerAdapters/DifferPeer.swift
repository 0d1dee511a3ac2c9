import DiffBenchCLI
import Differ
import Foundation

/// Differ (tonyarnold): Myers' diff of equal elements, moves paired after.
///
/// Timed: `extendedDiff(_:)` on a flat pair, `nestedExtendedDiff(to:isEqualSection:isEqualElement:)`
/// on sections; its glue (`animateItemChanges`, `animateItemAndSectionChanges`)
/// sends its `BatchUpdate` (`NestedBatchUpdate`) in one `performBatchUpdates`.
/// Differ compares whole elements and has no reloads: an item (a section)
/// whose content changed is deleted and inserted again.
///
/// - Complexity: O((*N* + *M*) · *D*), plus O(*D*²) to pair moves.
public struct DifferPeer: ConvertingStrategy {
  public init() {}
  public var name: String { "differ" }
  /// It sends no reloads; declared so that its batches are judged as sent.
  public var traits: StrategyTraits { StrategyTraits(moveRule: .unspecified, reinsertsKeptItems: true, cost: .flatEditScript, updates: .reload) }

  public func prepareDiff<S: Hashable, I: Hashable, C: Equatable>(
    from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
  ) -> PreparedDiff<S, I, C> {
    func path(_ p: IndexPath) -> ItemPath { ItemPath(section: p[0], item: p[1]) }
    if old.isFlat(with: new) {
      let source = old.allItems.map(DifferItem.init), target = new.allItems.map(DifferItem.init)
      return PreparedDiff(diff: { source.extendedDiff(target) }) { diff in
        let update = BatchUpdate(diff: diff)
        return SnapshotDiff.Changeset.glued(
          [(
            UIKitBatch(
              deleteItems: update.deletions.map(path), insertItems: update.insertions.map(path),
              moveItems: update.moves.map { (path($0.from), path($0.to)) }),
            new.sections
          )], from: old, by: traits)
      }
    }
    let source = old.sections.map(DifferSection.init), target = new.sections.map(DifferSection.init)
    return PreparedDiff(diff: {
      source.nestedExtendedDiff(to: target, isEqualSection: { $0.id == $1.id && $0.content == $1.content }, isEqualElement: { $0 == $1 })
    }) { diff in
      let update = NestedBatchUpdate(diff: diff)
      return SnapshotDiff.Changeset.glued(
        [(
          UIKitBatch(
            deleteSections: Array(update.sectionDeletions), insertSections: Array(update.sectionInsertions),
            moveSections: update.sectionMoves, deleteItems: update.itemDeletions.map(path),
            insertItems: update.itemInsertions.map(path), moveItems: update.itemMoves.map { (path($0.from), path($0.to)) }),
          new.sections
        )], from: old, by: traits)
    }
  }
}

struct DifferItem<ID: Hashable, Content: Equatable>: Equatable {
  let id: ID
  let content: Content?
  init(_ item: SectionSnapshot<ID, Content>.Item) { (id, content) = (item.id, item.content) }
}

/// A section as Differ's nested diff wants it: a collection of its items.
struct DifferSection<ID: Hashable, ItemID: Hashable, Content: Equatable>: RandomAccessCollection {
  let id: ID
  let content: Content?
  let items: [DifferItem<ItemID, Content>]
  init(_ section: Snapshot<ID, ItemID, Content>.Section) {
    (id, content, items) = (section.id, section.content, section.items.map(DifferItem.init))
  }
  var startIndex: Int { 0 }
  var endIndex: Int { items.count }
  subscript(position: Int) -> DifferItem<ItemID, Content> { items[position] }
}
