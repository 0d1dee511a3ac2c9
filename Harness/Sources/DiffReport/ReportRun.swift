import DiffProcesses
import DiffResults
import Foundation

/// One commit's cells from one report file (raw or summary): a timed run or
/// a counted one.
package struct ReportRun {
  package var file: String
  package var commit: String
  /// The earliest `date` among its cells (ISO 8601, so it sorts as text).
  package var date: String
  /// Its cells, in the order the report has them.
  package var cells: [CellSummary]
  let index: [CellKey: CellSummary]

  package init(file: String, commit: String, date: String, cells: [CellSummary]) {
    self.file = file
    self.commit = commit
    self.date = date
    self.cells = cells
    index = Dictionary(cells.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// Whether its cells count instructions rather than time.
  package var counted: Bool { cells.first?.counted ?? false }
  /// The raw rows its cells summarize.
  package var samples: Int { cells.reduce(0) { $0 + $1.samples } }

  /// Its workloads and strategies, in the order the report has them.
  package var workloads: [String] { unique(cells.map(\.workload)) }
  /// The workloads that are one pair, and those that are sessions.
  package var pairWorkloads: [String] { unique(cells.filter { !$0.isTrace }.map(\.workload)) }
  package var traceWorkloads: [String] { unique(cells.filter(\.isTrace).map(\.workload)) }
  /// The pair workloads with a floor cell, drawn as multiples of it, and
  /// those with none: the snapshot operations (one subject, no diff, so
  /// nothing to divide by).
  package var flooredWorkloads: [String] { pairWorkloads.filter { cell($0, Yardstick.floor.rawValue) != nil } }
  package var unflooredWorkloads: [String] { pairWorkloads.filter { cell($0, Yardstick.floor.rawValue) == nil } }
  package var strategies: [String] { unique(cells.map(\.strategy)) }

  /// One cell, `nil` when the run has none for it (skipped for its cost).
  package func cell(_ workload: String, _ strategy: String) -> CellSummary? {
    index[CellKey(workload: workload, strategy: strategy)]
  }

  func unique(_ names: [String]) -> [String] {
    var seen = Set<String>()
    return names.filter { seen.insert($0).inserted }
  }
}

/// What is wrong with the page's input: one line, naming the path.
package struct ReportInputError: Error, CustomStringConvertible {
  package var description: String
}

extension ReportRun {
  /// Each path, with its file names where it is a folder (not recursing);
  /// a missing path is the error naming it.
  static func entries(_ paths: [String]) throws(ReportInputError) -> [(path: String, folder: [String]?)] {
    var result: [(path: String, folder: [String]?)] = []
    for path in paths {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        throw ReportInputError(description: "\(path): no such file or folder")
      }
      result.append((path, isFolder.boolValue ? (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] : nil))
    }
    return result
  }

  /// Reads report files and folders (their `.csv` files, by name, not
  /// recursing) into runs, one per commit per file, in the files' order.
  ///
  /// In a folder, a raw report with its summary beside it (`X.csv` and
  /// `X.summary.csv`) is read once, from the summary.
  package static func load(_ paths: [String]) throws(ReportInputError) -> [ReportRun] {
    var files: [String] = []
    for (path, folder) in try entries(paths) {
      if let folder {
        // A peer's releases (`make peers-history`) are another table, not a bench report.
        let names = Set(folder.filter { $0.hasSuffix(".csv") && !PeerHistoryFile.isHistory($0) })
        let read = names.filter { !names.contains(ReportFile.summaryPath(for: $0)) }.sorted()
        if read.isEmpty { throw ReportInputError(description: "\(path): a folder with no .csv report in it") }
        files += read.map { (path as NSString).appendingPathComponent($0) }
      } else if !PeerHistoryFile.isHistory(path) {
        files.append(path)
      }
    }
    if files.isEmpty { throw ReportInputError(description: "\(paths.joined(separator: ", ")): no bench report among them") }
    var runs: [ReportRun] = []
    for file in files {
      let cells: [CellSummary]
      do {
        cells = try ReportFile.read(contentsOf: file)
      } catch {
        throw ReportInputError(description: error.description)
      }
      if cells.isEmpty { throw ReportInputError(description: "\(file): a report with no rows") }
      var order: [String] = []
      var byCommit: [String: [CellSummary]] = [:]
      for cell in cells {
        if byCommit[cell.commit] == nil { order.append(cell.commit) }
        byCommit[cell.commit, default: []].append(cell)
      }
      for commit in order {
        let group = byCommit[commit]!
        runs.append(ReportRun(file: file, commit: commit, date: group.map(\.date).min() ?? "", cells: group))
      }
    }
    return runs
  }

  /// Runs in commit order, oldest first: by their place in `history` (hashes
  /// newest first, as `git rev-list` prints them; a `-dirty` commit sits at
  /// its base), runs of one commit by date. When some commit is not in
  /// `history`, all are ordered by date, and `byDate` says so.
  package static func ordered(_ runs: [ReportRun], history: [String]) -> (runs: [ReportRun], byDate: Bool) {
    func place(_ commit: String) -> Int? {
      let hash = commit.hasSuffix("-dirty") ? String(commit.dropLast(6)) : commit
      guard hash.count >= 4 else { return nil }
      return history.firstIndex { $0.hasPrefix(hash) }
    }
    let places = runs.map { place($0.commit) }
    if places.contains(where: { $0 == nil }) {
      return (runs.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element), true)
    }
    let sorted = zip(runs, places).enumerated().sorted { a, b in
      let (pa, pb) = (a.element.1!, b.element.1!)
      if pa != pb { return pa > pb }
      return (a.element.0.date, a.offset) < (b.element.0.date, b.offset)
    }
    return (sorted.map(\.element.0), false)
  }

  /// This repository's commits, newest first (`git rev-list --topo-order
  /// --all`); empty outside a git checkout.
  package static func gitHistory() -> [String] {
    (ChildProcess.output(["git", "rev-list", "--topo-order", "--all"]) ?? "").split(separator: "\n").map(String.init)
  }
}
