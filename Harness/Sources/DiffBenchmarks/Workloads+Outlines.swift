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

// The outline operations of an app at scale (snapshot workloads: no pair,
// the subject `snapshot`): a sidebar of 10,020 rows in three levels, 20
// roots of 20 folders of 24 files, as app code builds and taps it through
// the data source, with no content (`Never`), as UIKit's.
extension Workload {
  typealias Outline = NSDiffableDataSourceSectionSnapshot<String>

  /// The ids of the sidebar: roots, each root's folders, each folder's files.
  static func sidebarIDs() -> (roots: [String], folders: [[String]], files: [[[String]]]) {
    let roots = (0..<20).map { "root-\($0)" }
    let folders = (0..<20).map { r in (0..<20).map { "folder-\(r)-\($0)" } }
    let files = (0..<20).map { r in (0..<20).map { f in (0..<24).map { "file-\(r)-\(f)-\($0)" } } }
    return (roots, folders, files)
  }

  /// The sidebar appended as an app appends it: each parent, then its children.
  static func sidebar(_ ids: (roots: [String], folders: [[String]], files: [[[String]]])) -> Outline {
    var outline = Outline()
    outline.append(ids.roots)
    for (r, root) in ids.roots.enumerated() {
      outline.append(ids.folders[r], to: root)
      for (f, folder) in ids.folders[r].enumerated() { outline.append(ids.files[r][f], to: folder) }
    }
    return outline
  }

  /// The sidebar with every row expanded but `closed`.
  static func sidebar(closed: String? = nil) -> Outline {
    var outline = sidebar(sidebarIDs())
    outline.expand(outline.items.filter { $0 != closed })
    return outline
  }

  /// A data source that shows the sidebar with one folder collapsed, and
  /// the folder (about the middle of the rows).
  static func sidebarScreen() -> (DiffableDataSource<String, String>, folder: String) {
    let folder = "folder-10-10"
    let dataSource = DiffableDataSource<String, String>()
    dataSource.apply(sidebar(closed: folder), to: "sidebar", animatingDifferences: false)
    return (dataSource, folder)
  }

  static let outlineOperations: [Workload] = [
    // Building the outline, expanding every parent, reading what shows.
    snapshot("outline-build-expand-all-10k", items: 10_020) {
      let ids = sidebarIDs()
      return {
        var outline = sidebar(ids)
        outline.expand(outline.items)
        blackHole(outline.visibleItems)
      }
    },
    // One tap on a folder's disclosure and the tap that closes it again:
    // `expand` then `collapse` on the data source (24 rows in, 24 out).
    snapshot("outline-expand-collapse-10k", items: 10_020) {
      let (dataSource, folder) = sidebarScreen()
      return {
        dataSource.expand(folder)
        dataSource.collapse(folder)
        dataSource.updates.removeAll()
      }
    },
    // The same two changes as section snapshots applied to the section.
    snapshot("outline-apply-to-section-10k", items: 10_020) {
      let (dataSource, folder) = sidebarScreen()
      let open = sidebar(), closed = sidebar(closed: folder)
      return {
        dataSource.apply(open, to: "sidebar")
        dataSource.apply(closed, to: "sidebar")
        dataSource.updates.removeAll()
      }
    },
    // The same two changes applied by hand, as whole snapshots of the
    // visible rows: what `outline-apply-to-section-10k` is held to.
    snapshot("outline-apply-by-hand-10k", items: 10_020) {
      let (dataSource, folder) = sidebarScreen()
      let open = sidebar(), closed = sidebar(closed: folder)
      return {
        for outline in [open, closed] {
          var snapshot = NSDiffableDataSourceSnapshot<String, String>()
          snapshot.appendSections(["sidebar"])
          snapshot.appendItems(outline.visibleItems)
          dataSource.apply(snapshot)
        }
        dataSource.updates.removeAll()
      }
    },
  ]
}
