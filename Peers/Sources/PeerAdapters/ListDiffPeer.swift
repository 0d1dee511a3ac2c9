import DiffBenchCLI
import Foundation
import ListDiff

/// ListDiff (lxcid): IGListKit's diff, ported to Swift. Flat lists only.
///
/// Timed: `List.diffing(oldArray:newArray:)`. IGListKit's batch-update
/// conversion (`forBatchUpdates()`: an updated item, moved or not, becomes a
/// delete and an insert) then gives one `performBatchUpdates`: so is it judged.
///
/// - Complexity: O(*n*) expected.
public struct ListDiffPeer: ConvertingStrategy {
  public init() {}
  public var name: String { "listdiff" }
  /// IGListKit's move rule is the greedy rank rule (an item moves when its
  /// place among kept items changes); an updated item is re-inserted.
  public var traits: StrategyTraits {
    StrategyTraits(moveRule: .greedyRank, reinsertsKeptItems: true, cost: .linear, handlesSections: false, updates: .reload)
  }

  public func prepareDiff<S: Hashable, I: Hashable, C: Equatable>(
    from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
  ) -> PreparedDiff<S, I, C> {
    let source = old.allItems.map(LDItem.init), target = new.allItems.map(LDItem.init)
    return PreparedDiff(diff: { List.diffing(oldArray: source, newArray: target) }) { result in
      #if LISTDIFF_RAW_RESULT
        // 0.1.0 has no batch conversion: its raw result is the batch (an
        // updated item that moves is moved and reloaded: ListDiff #6).
        let batch = result
      #else
        let batch = result.forBatchUpdates()
      #endif
      func path(_ k: Int) -> ItemPath { ItemPath(section: 0, item: k) }
      return SnapshotDiff.Changeset.glued(
        [(
          UIKitBatch(
            deleteItems: batch.deletes.map(path), insertItems: batch.inserts.map(path),
            reloadItems: batch.updates.map(path), moveItems: batch.moves.map { (path($0.from), path($0.to)) }),
          new.sections
        )], from: old, by: traits)
    }
  }
}

struct LDItem<ID: Hashable, Content: Equatable>: Diffable, Equatable {
  let id: ID
  let content: Content?
  init(_ item: SectionSnapshot<ID, Content>.Item) { (id, content) = (item.id, item.content) }
  var diffIdentifier: AnyHashable { AnyHashable(id) }
}
