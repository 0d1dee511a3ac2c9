import DiffSupport
import SnapshotDiff

extension Changeset {
  /// Item operation totals (section operations counted apart): the
  /// harness's reading of a changeset, for its reports.
  ///
  /// - Complexity: O(*s*) for *s* stages.
  package var counts: ChangesetCounts {
    var c = ChangesetCounts()
    c.stages = stages.count
    for stage in stages {
      c.sectionOperations += stage.sectionOperationCount
      c.deletes += stage.itemDeletes.count
      c.inserts += stage.itemInserts.count
      c.moves += stage.itemMoves.count
      c.updates += stage.itemUpdates.count
    }
    return c
  }
}
