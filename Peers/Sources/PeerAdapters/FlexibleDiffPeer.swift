import DiffBenchCLI

/// FlexibleDiff (RACCommunity): a hash-based diff of flat lists into
/// removals, inserts, position-invariant mutations and moves.
///
/// Timed: `Changeset(previous:current:identifier:areEqual:)` (the form
/// DifferenceKit's README benchmark times). FlexibleDiff ships no UIKit glue;
/// the batch is its documentation's own recipe (0.0.9's
/// `FlexibleDiff/Changeset.swift`, "Reproducing an array"): one
/// `performBatchUpdates` with `deleteItems(removals)`, `insertItems(inserts)`,
/// `reloadItems(mutations)` (offsets "valid across both versions"), and
/// `moveItem` per move. A move whose element also changed
/// (`isMutated`) is, as the recipe treats every move, a removal at its
/// source and an insertion at its destination: UIKit cannot reload a moved
/// item in the same batch (the batch update rules, rule 2).
///
/// - Complexity: O(*n*) expected.
public struct FlexibleDiffPeer: ConvertingStrategy {
  public init() {}
  public var name: String { "flexiblediff" }
  /// Flat lists only (its `SectionedChangeset` has no glue either); a
  /// changed item that moves is deleted and inserted again: a cost.
  public var traits: StrategyTraits {
    StrategyTraits(moveRule: .unspecified, reinsertsKeptItems: true, cost: .linear, handlesSections: false, updates: .reload)
  }

  public func prepareDiff<S: Hashable, I: Hashable, C: Equatable>(
    from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
  ) -> PreparedDiff<S, I, C> {
    let source = old.allItems, target = new.allItems
    return PreparedDiff(diff: { FlexibleDiffCall.diff(source, target) }) { result in
      func path(_ k: Int) -> ItemPath { ItemPath(section: 0, item: k) }
      let batch = UIKitBatch(
        deleteItems: (result.removals + result.moves.filter(\.isMutated).map(\.source)).map(path),
        insertItems: (result.inserts + result.moves.filter(\.isMutated).map(\.destination)).map(path),
        reloadItems: result.mutations.map(path),
        moveItems: result.moves.filter { !$0.isMutated }.map { (path($0.source), path($0.destination)) })
      return SnapshotDiff.Changeset.glued([(batch, new.sections)], from: old, by: traits)
    }
  }
}
