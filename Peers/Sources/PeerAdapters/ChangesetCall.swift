// osteslag's `Changeset`, reached from a file that imports no other module
// with a type of that name (SnapshotDiff has one).
import Changeset
import struct SnapshotDiff.SectionSnapshot

/// One of its edits, as plain offsets.
struct ChangesetEdit {
  enum Kind { case deletion, insertion, substitution, move(origin: Int) }
  var kind: Kind
  var destination: Int
}

enum ChangesetCall {
  /// `Changeset(source:target:).edits`, items equal when id and content are.
  static func edits<I: Hashable, C: Equatable>(_ old: [SectionSnapshot<I, C>.Item], _ new: [SectionSnapshot<I, C>.Item]) -> [ChangesetEdit] {
    Changeset(source: old, target: new).edits.map { edit in
      switch edit.operation {
      case .deletion: return ChangesetEdit(kind: .deletion, destination: edit.destination)
      case .insertion: return ChangesetEdit(kind: .insertion, destination: edit.destination)
      case .substitution: return ChangesetEdit(kind: .substitution, destination: edit.destination)
      case .move(let origin): return ChangesetEdit(kind: .move(origin: origin), destination: edit.destination)
      }
    }
  }
}
