import SnapshotDiff

/// A changeset as people read it (`diff --format text`) and as a
/// `UICollectionView` would receive it (`diff --format uikit`).
package enum ChangesetPrinter {
  /// A stage a paragraph, an operation a line, each with the id it concerns
  /// (read from the state before the stage for old coordinates). Given
  /// `new`, an empty changeset says whether the snapshots differ.
  package static func text(_ changeset: StringChangeset, from old: StringSnapshot, to new: StringSnapshot? = nil) -> String {
    if changeset.stages.isEmpty { return noStage(old, new) + "\n" }
    var out = ""
    var state = old
    for (k, stage) in changeset.stages.enumerated() {
      out += "stage \(k) (of \(changeset.stages.count), counted from 0)\n"
      func sectionID(_ s: Int) -> String { s >= 0 && s < state.numberOfSections ? " \"\(state.sectionIdentifiers[s])\"" : "" }
      func itemID(_ p: ItemPath) -> String {
        p.section >= 0 && p.section < state.numberOfSections && p.item >= 0 && p.item < state.numberOfItems(inSectionAt: p.section)
          ? " \"\(state.item(at: p).id)\"" : ""
      }
      for s in stage.sectionDeletes { out += "  delete section \(s)\(sectionID(s))\n" }
      for i in stage.sectionInserts {
        out += "  insert section \(i.index) \"\(i.section.id)\" with \(i.section.items.count) item\(i.section.items.count == 1 ? "" : "s")\n"
      }
      for m in stage.sectionMoves { out += "  move section \(m.from) → \(m.to)\(sectionID(m.from))\n" }
      for u in stage.sectionUpdates { out += "  update section \(u.index)\(sectionID(u.index)): content \"\(u.content ?? "")\"\n" }
      for p in stage.itemDeletes { out += "  delete item \(p)\(itemID(p))\n" }
      for i in stage.itemInserts { out += "  insert item \(i.path) \"\(i.item.id)\"\n" }
      for m in stage.itemMoves { out += "  move item \(m.from) → \(m.to)\(itemID(m.from))\n" }
      for u in stage.itemUpdates { out += "  update item \(u.path)\(itemID(u.path)): content \"\(u.content ?? "")\"\n" }
      guard let next = try? stage.apply(to: state, updates: changeset.updates) else {
        out += "  (this stage breaks a rule: ids after it are not shown)\n"
        return out
      }
      state = next
    }
    return out
  }

  /// Each stage as the `performBatchUpdates` block a `UICollectionView`
  /// would receive. The data source must show the stage's result before the
  /// block runs, as a diffable data source arranges.
  ///
  /// Under `.reload`, a stage of item reloads alone is printed as the call
  /// on its own, outside any block, as a glue that reloads after its batch
  /// sends it (DeepDiff's); UIKit performs it as an update of its own.
  /// Given the pair, an empty changeset says whether the snapshots differ.
  package static func uikit(_ changeset: StringChangeset, from old: StringSnapshot? = nil, to new: StringSnapshot? = nil) -> String {
    if changeset.stages.isEmpty { return "// " + noStage(old, new) + ", nothing to call\n" }
    let reloads = changeset.updates == .reload
    return laidOut(changeset.stages.map { stage in
      let calls = stage.collectionViewCalls(isReloaded: { _ in reloads })
      if reloads, calls.count == 1, case .reloadItems = calls[0] { return "\(calls[0])  // on its own, outside performBatchUpdates" }
      return "\(StringDataSource.CollectionViewUpdate.batchUpdates(calls, animated: true))"
    })
  }

  /// An empty changeset, said of its pair: equal (or not known to differ),
  /// or left as it was.
  static func noStage(_ old: StringSnapshot?, _ new: StringSnapshot?) -> String {
    guard let old, let new, new != old else { return "no stage: the snapshots are equal" }
    return "no stage, yet the snapshots differ: the screen keeps showing the old one"
  }

  /// Batch updates, one a stage, as `diff --format uikit` lays them out
  /// (also what a `DiffableDataSource` recorded, to set beside it).
  package static func uikit(_ updates: [BatchUpdate.CollectionViewUpdate]) -> String {
    if updates.isEmpty { return "// " + noStage(nil, nil) + ", nothing to call\n" }
    return laidOut(updates.map(\.description))
  }

  /// Each stage's calls under a line that numbers it.
  static func laidOut(_ stages: [String]) -> String {
    stages.enumerated().map { k, calls in
      "// stage \(k) (of \(stages.count), counted from 0): the data source now holds its result\n\(calls)\n"
    }.joined()
  }
}
