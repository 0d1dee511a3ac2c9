import DiffResults
import Foundation

/// One commit's rows from one report file: a timed run or a counted one.
public struct ReportRun {
  public var file: String
  public var commit: String
  /// The earliest `date` among its rows (ISO 8601, so it sorts as text).
  public var date: String
  public var rows: [ReportRow]
  /// Each cell's rows, by workload and strategy.
  let cells: [String: [ReportRow]]

  public init(file: String, commit: String, date: String, rows: [ReportRow]) {
    self.file = file
    self.commit = commit
    self.date = date
    self.rows = rows
    cells = Dictionary(grouping: rows) { $0.workload + "\t" + $0.strategy }
  }

  /// Whether its rows count instructions rather than time.
  public var counted: Bool { rows.first?.isCounted ?? false }

  /// Its workloads and strategies, in the order the report has them.
  public var workloads: [String] { unique(rows.map(\.workload)) }
  /// The workloads that are one pair, and those that are sessions (rows with a step).
  public var pairWorkloads: [String] { unique(rows.filter { $0.step == nil }.map(\.workload)) }
  public var traceWorkloads: [String] { unique(rows.filter { $0.step != nil }.map(\.workload)) }

  /// A trace cell's rows, `nil` when the run has none for it.
  public func rows(_ workload: String, _ strategy: String) -> [ReportRow]? { cells[workload + "\t" + strategy] }
  public var strategies: [String] { unique(rows.map(\.strategy)) }

  /// The summary of one cell, `nil` when the run has no rows for it.
  public func cell(_ workload: String, _ strategy: String) -> CellSummary? {
    cells[workload + "\t" + strategy].map(CellSummary.init)
  }

  func unique(_ names: [String]) -> [String] {
    var seen = Set<String>()
    return names.filter { seen.insert($0).inserted }
  }
}

/// What the page plots of one cell: medians and spread of its samples.
public struct CellSummary {
  /// Median wall nanoseconds, or the instruction count of a counted cell.
  public var median: Double
  public var p10: Double
  public var p90: Double
  public var samples: Int
  public var allocatedBytes: Double
  public var peakBytes: Double
  public var first: ReportRow

  public init(_ rows: [ReportRow]) {
    let values = rows.map { $0.instructions.map { Double($0) } ?? $0.wallNanoseconds.map { Double($0) } ?? 0 }
    median = Statistics.median(values)
    p10 = Statistics.quantile(values, 0.1)
    p90 = Statistics.quantile(values, 0.9)
    samples = rows.count
    allocatedBytes = Statistics.median(rows.map { Double($0.allocatedBytes) })
    peakBytes = Statistics.median(rows.map { Double($0.peakBytes) })
    first = rows[0]
  }
}

/// What is wrong with the page's input: one line, naming the path.
public struct ReportInputError: Error, CustomStringConvertible {
  public var description: String
}

extension ReportRun {
  /// Reads report files and folders (their `.csv` files, by name, not
  /// recursing) into runs, one per commit per file, in the files' order.
  public static func load(_ paths: [String]) throws(ReportInputError) -> [ReportRun] {
    var files: [String] = []
    for path in paths {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        throw ReportInputError(description: "\(path): no such file or folder")
      }
      if isFolder.boolValue {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".csv") }.sorted()
        if names.isEmpty { throw ReportInputError(description: "\(path): a folder with no .csv report in it") }
        files += names.map { (path as NSString).appendingPathComponent($0) }
      } else {
        files.append(path)
      }
    }
    var runs: [ReportRun] = []
    for file in files {
      let rows: [ReportRow]
      do {
        rows = try CSVReport.read(contentsOf: file)
      } catch {
        throw ReportInputError(description: error.description)
      }
      if rows.isEmpty { throw ReportInputError(description: "\(file): a report with no rows") }
      var order: [String] = []
      var byCommit: [String: [ReportRow]] = [:]
      for row in rows {
        if byCommit[row.commit] == nil { order.append(row.commit) }
        byCommit[row.commit, default: []].append(row)
      }
      for commit in order {
        let group = byCommit[commit]!
        runs.append(ReportRun(file: file, commit: commit, date: group.map(\.date).min() ?? "", rows: group))
      }
    }
    return runs
  }

  /// Runs in commit order, oldest first: by their place in `history` (hashes
  /// newest first, as `git rev-list` prints them; a `-dirty` commit sits at
  /// its base), runs of one commit by date. When some commit is not in
  /// `history`, all are ordered by date, and `byDate` says so.
  public static func ordered(_ runs: [ReportRun], history: [String]) -> (runs: [ReportRun], byDate: Bool) {
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
  public static func gitHistory() -> [String] {
    (RunInfo.shell(["git", "rev-list", "--topo-order", "--all"]) ?? "").split(separator: "\n").map(String.init)
  }
}
