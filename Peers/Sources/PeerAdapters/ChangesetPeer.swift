import DiffBenchCLI

/// Changeset (osteslag): the Wagner–Fischer edit distance between two flat
/// lists of `Equatable` elements, deletion and insertion pairs of one
/// element then reduced to moves.
///
/// Timed: `Changeset(source:target:)` on the items (an item equals another
/// with the same id and content: the library has no notion of identity).
/// Its UIKit glue (3.2.0's `Sources/UIKit+Changeset.swift`,
/// `UICollectionView.update(with:in:completion:)`) sends one
/// `performBatchUpdates`: deletions at their offsets, insertions at theirs,
/// each move as a deletion at its origin and an insertion at its
/// destination, and `reloadItems` at each substitution's destination offset:
/// so is it judged.
///
/// - Complexity: O(*n* · *m*) time and memory (its matrix).
public struct ChangesetPeer: ConvertingStrategy {
  public init() {}
  public var name: String { "changeset" }
  /// Flat lists only (its glue takes one section); every move is a deletion
  /// and an insertion; a changed item is substituted (`reloadItems`).
  public var traits: StrategyTraits {
    StrategyTraits(moveRule: .unspecified, reinsertsKeptItems: true, cost: .productOfSizes, handlesSections: false, updates: .reload)
  }

  public func prepareDiff<S: Hashable, I: Hashable, C: Equatable>(
    from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
  ) -> PreparedDiff<S, I, C> {
    let source = old.allItems, target = new.allItems
    return PreparedDiff(diff: { ChangesetCall.edits(source, target) }) { edits in
      func path(_ k: Int) -> ItemPath { ItemPath(section: 0, item: k) }
      var batch = UIKitBatch()
      for edit in edits {
        switch edit.kind {
        case .deletion: batch.deleteItems.append(path(edit.destination))
        case .insertion: batch.insertItems.append(path(edit.destination))
        case .move(let origin):
          batch.deleteItems.append(path(origin))
          batch.insertItems.append(path(edit.destination))
        case .substitution: batch.reloadItems.append(path(edit.destination))
        }
      }
      return SnapshotDiff.Changeset.glued([(batch, new.sections)], from: old, by: traits)
    }
  }
}
