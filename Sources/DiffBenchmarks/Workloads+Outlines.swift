import DiffVerification
import SnapshotDiff

// The outline workloads: one section's visible rows as an outline screen
// shows them (``OutlineSession``), where expanding a row inserts its
// visible descendants and collapsing deletes them.

/// `outline-3-level-5k`: a file browser of 5,010 rows in three levels (10
/// roots of 20 folders of 24 files; roots expanded, about half the folders
/// expanded, so about 2,600 rows show), then 400 steps: a tap that expands
/// or collapses a row (60 %), a row added (15 %) or deleted (10 %), a row's
/// content changed (15 %). 400 applies.
func outlineSession() -> TraceSource {
  var rng = SplitMix64(seed: Workload.seed &+ 20, iteration: 0)
  var outline = OutlineSession(roots: 10, folders: 20, files: 24, expanded: 0.5, section: "files", &rng)
  return session(applies: 400) { step in
    if step > 0 { outline.step(&rng) }
    return TraceSnapshot(name: "step \(step)", snapshot: try! outline.draft.snapshot())
  }
}

/// `outline-expand-all-5k`: the same 5,010 rows, collapsed to the 10 roots,
/// then every row expanded (a pair): 5,000 rows inserted under their
/// parents, the largest expand a screen sends.
func outlineExpandAll() -> (SnapshotDraft, SnapshotDraft) {
  var rng = SplitMix64(seed: Workload.seed &+ 21, iteration: 0)
  let tree = OutlineSession(roots: 10, folders: 20, files: 24, expanded: 0, section: "files", &rng)
  var collapsed = tree.outline, expanded = tree.outline
  collapsed.collapse(collapsed.rootItems)
  expanded.expand(expanded.items)
  func draft(_ outline: SectionSnapshot<String, String>) -> SnapshotDraft {
    SnapshotDraft(sections: [.init(id: "files", items: outline.visibleItemsWithContent.map { ($0.id, $0.content ?? "") })])
  }
  return (draft(collapsed), draft(expanded))
}
