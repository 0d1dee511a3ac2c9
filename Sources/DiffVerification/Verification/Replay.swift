import SnapshotDiff

/// A changeset applied stage by stage: the result, or the first stage that
/// broke a rule, and on the way what it did to identities: the ids it removed
/// (item deletes, and the items of deleted sections) and added (item inserts,
/// and the items of inserted sections), the items and sections it moved, and
/// the sections it deleted and inserted. Updates are performed as the
/// changeset says (``Changeset/updates``); a reload's delete and insert
/// are not counted as removing and adding its id.
struct Replay<S: Hashable, I: Hashable, C: Equatable> {
  var result: Snapshot<S, I, C>
  var error: ChangesetError?
  var removed: [I] = []
  var added: [I] = []
  var movedItems: [I] = []
  var movedSections: [S] = []
  var removedSections: [S] = []
  var addedSections: [S] = []

  init(_ changeset: Changeset<S, I, C>, from old: Snapshot<S, I, C>) {
    result = old
    for (k, stage) in changeset.stages.enumerated() {
      // Ids are read before the stage applies, and only where they exist:
      // an out-of-range path is the stage's error, reported below.
      func exists(_ p: ItemPath) -> Bool {
        p.section >= 0 && p.section < result.numberOfSections && p.item >= 0 && p.item < result.numberOfItems(inSectionAt: p.section)
      }
      func exists(_ s: Int) -> Bool { s >= 0 && s < result.numberOfSections }
      for p in stage.itemDeletes where exists(p) { removed.append(result.item(at: p).id) }
      for m in stage.itemMoves where exists(m.from) { movedItems.append(result.item(at: m.from).id) }
      for s in stage.sectionDeletes where exists(s) {
        removed += result.section(at: s).items.map(\.id)
        removedSections.append(result.sectionIdentifiers[s])
      }
      for m in stage.sectionMoves where exists(m.from) { movedSections.append(result.sectionIdentifiers[m.from]) }
      for insert in stage.itemInserts { added.append(insert.item.id) }
      for insert in stage.sectionInserts {
        added += insert.section.items.map(\.id)
        addedSections.append(insert.section.id)
      }
      do {
        result = try stage.apply(to: result, updates: changeset.updates)
      } catch {
        self.error = ChangesetError(stage: k, error: error)
        return
      }
    }
  }
}
