// FlexibleDiff's `Changeset`, reached from a file that imports no other
// module with a type of that name (SnapshotDiff has one).
import FlexibleDiff
import struct SnapshotDiff.SectionSnapshot

/// FlexibleDiff's result, as plain offsets.
struct FlexibleDiffResult {
  var inserts: [Int], removals: [Int], mutations: [Int]
  var moves: [(source: Int, destination: Int, isMutated: Bool)]
}

enum FlexibleDiffCall {
  /// `Changeset(previous:current:identifier:areEqual:)`, items by id, equal when their contents are.
  static func diff<I: Hashable, C: Equatable>(_ old: [SectionSnapshot<I, C>.Item], _ new: [SectionSnapshot<I, C>.Item]) -> FlexibleDiffResult {
    let changeset = Changeset(previous: old, current: new, identifier: { $0.id }, areEqual: { $0.content == $1.content })
    return FlexibleDiffResult(
      inserts: Array(changeset.inserts), removals: Array(changeset.removals), mutations: Array(changeset.mutations),
      // In its tables' order, which varies from one diff to the next (each
      // `Dictionary` has a seed of its own): sorted, the same each time.
      moves: changeset.moves.map { ($0.source, $0.destination, $0.isMutated) }.sorted { $0.destination < $1.destination })
  }
}
