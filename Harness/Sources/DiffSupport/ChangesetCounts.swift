/// A changeset's totals over its stages: what the CSV report and `compare`
/// count (item operations, section operations apart). Made from a changeset
/// by `Changeset.counts` (DiffVerification); here, so that the results
/// model reads them without the library.
package struct ChangesetCounts: Hashable, Sendable {
  package var stages = 0
  package var sectionOperations = 0
  package var deletes = 0
  package var inserts = 0
  package var moves = 0
  package var updates = 0
  package init() {}

  /// Adds another changeset's counts (a session's applies, summed).
  package static func += (total: inout ChangesetCounts, other: ChangesetCounts) {
    total.stages += other.stages
    total.sectionOperations += other.sectionOperations
    total.deletes += other.deletes
    total.inserts += other.inserts
    total.moves += other.moves
    total.updates += other.updates
  }
}
