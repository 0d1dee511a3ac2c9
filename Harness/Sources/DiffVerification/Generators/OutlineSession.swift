import SnapshotDiff

/// An outline screen's session (a sidebar, a file browser): a forest held
/// in a ``SectionSnapshot``, tapped and edited as users do, one step at a
/// time. Each screen is the section's visible rows: expanding a row inserts
/// its visible descendants below it, collapsing deletes them, the diff the
/// outline workloads and `fuzz`'s outline sessions hand the strategies.
package struct OutlineSession {
  package private(set) var outline = SectionSnapshot<String, String>()
  /// Rows that hold others (roots and folders), and rows that do not.
  private var parents: [String] = []
  private var leaves: [String] = []
  private var next = 0
  private let section: String
  private let prefix: String

  /// A forest of `roots` roots, each with `folders` folders of `files`
  /// files; the roots expanded, and each folder with chance `expanded`.
  package init(roots: Int, folders: Int, files: Int, expanded: Double, section: String = "outline", prefix: String = "", _ rng: inout SplitMix64) {
    self.section = section
    self.prefix = prefix
    for r in 0..<roots {
      let root = "\(prefix)root-\(r)"
      outline.append([root])  // fresh ids throughout
      parents.append(root)
      for f in 0..<folders {
        let folder = "\(prefix)folder-\(r)-\(f)"
        outline.append([.init(folder, content: "\(files) files")], to: root)
        parents.append(folder)
        let names = (0..<files).map { "\(prefix)file-\(r)-\(f)-\($0)" }
        outline.append(names.map { .init($0, content: "v0") }, to: folder)
        leaves += names
        if rng.chance(expanded) { outline.expand([folder]) }
      }
      outline.expand([root])
    }
  }

  /// One step: a tap that expands or collapses a row (60 %), a row added
  /// (15 %) or deleted (10 %), or a row's content changed (15 %).
  ///
  /// - Returns: what it did, for the trace's apply name.
  @discardableResult
  package mutating func step(_ rng: inout SplitMix64) -> String {
    let roll = rng.int(below: 100)
    if roll < 60, !parents.isEmpty {
      // A tap lands on a row on screen: a visible parent, if one is found.
      var row = parents[rng.int(below: parents.count)]
      for _ in 0..<3 where !outline.isVisible(row) { row = parents[rng.int(below: parents.count)] }
      if outline.isExpanded(row) {
        outline.collapse([row])
        return "collapse \(row)"
      }
      outline.expand([row])
      return "expand \(row)"
    }
    if roll < 75 || leaves.isEmpty {
      next += 1
      let row = "\(prefix)new-\(next)"
      if parents.isEmpty || rng.chance(0.1) {
        outline.append([.init(row, content: "v0")])
        parents.append(row)
      } else {
        outline.append([.init(row, content: "v0")], to: parents[rng.int(below: parents.count)])
        leaves.append(row)
      }
      return "add \(row)"
    }
    let k = rng.int(below: leaves.count)
    if roll < 85 {
      leaves.swapAt(k, leaves.count - 1)
      let row = leaves.removeLast()
      outline.delete([row])
      return "delete \(row)"
    }
    let row = leaves[k]
    outline.updateContent(outline.content(of: row) == "v0" ? "v1" : "v0", of: row)
    return "edit \(row)"
  }

  /// The screen: the section's visible rows, with their contents.
  package var draft: SnapshotDraft {
    SnapshotDraft(sections: [.init(id: section, items: outline.visibleItemsWithContent.map { ($0.id, $0.content ?? "") })])
  }
}
