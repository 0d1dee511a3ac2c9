import DiffResults
import DiffVerification
import Foundation

/// The table `diffbench bench` prints: per workload × strategy, timing,
/// allocation and changeset quality, against both yardsticks; and per trace
/// × strategy, the session's figures an app developer asks for.
package enum Summary {
  package static func table(_ cells: [CellResult]) -> String {
    var lines: [String] = []
    let isTrace = { (cell: CellResult) in cell.storage.isTrace }
    let pairs = cells.filter { !isTrace($0) }
    let traces = Set(cells.filter(isTrace).map(\.workload))
    lines += pairTable(pairs.filter { !traces.contains($0.workload) })
    if !traces.isEmpty {
      if !lines.isEmpty { lines.append("") }
      lines += sessionTable(cells.filter { traces.contains($0.workload) })
    }
    if let growth = Growth.line(CellResult.summaries(cells)) {
      lines.append("")
      lines.append(growth + "  (slope of log median against log n on the random-1e* sweep)")
    }
    let skipped = cells.filter { $0.skipped != nil }
    if !skipped.isEmpty {
      lines.append("")
      lines.append("skipped (no rows in the report):")
      for cell in skipped { lines.append("  \(cell.workload) \(cell.strategy): \(cell.skipped!)") }
    }
    let estimated = cells.filter { $0.estimatedSeconds != nil && !$0.storage.isEmpty && !$0.storage.isCounted }
    if !estimated.isEmpty {
      lines.append("")
      lines.append("cost models (a sample's estimate, which decides a skip, against its measured median):")
      for cell in estimated {
        let median = Statistics.median(cell.rows.map(ReportRow.measure)) / 1e9
        lines.append(String(format: "  %@ %@: estimated %.4f s, measured %.4f s (%.2fx)",
          cell.workload, cell.strategy, cell.estimatedSeconds!, median, cell.estimatedSeconds! / median))
      }
    }
    let failed = cells.filter { $0.failure != nil }
    if !failed.isEmpty {
      lines.append("")
      lines.append("FAILED verification (rows marked verified=false):")
      for cell in failed { lines.append("  \(cell.workload) \(cell.strategy): \(cell.failure!)") }
    }
    return lines.joined(separator: "\n")
  }

  static func pairTable(_ cells: [CellResult]) -> [String] {
    guard !cells.isEmpty else { return [] }
    let counted = cells.contains { $0.storage.isCounted }
    let header = [
      "workload", "strategy", counted ? "instructions" : "median ms", counted ? "instr/item" : "p90 ms", "x floor", "x scan",
      "alloc MB", "peak MB", "stages/min", "moves/min", "ok",
    ]
    var rows: [[String]] = []
    var yardstick: [String: [String: Double]] = [:]  // name → workload → median
    for cell in cells where !cell.storage.isEmpty && [TimedSubject.floor.name, TimedSubject.scan.name].contains(cell.strategy) {
      yardstick[cell.strategy, default: [:]][cell.workload] = Statistics.median(cell.rows.map(ReportRow.measure))
    }
    for cell in cells {
      guard !cell.storage.isEmpty else {
        rows.append([cell.workload, cell.strategy, "skipped"] + Array(repeating: "", count: header.count - 3))
        continue
      }
      let cellRows = cell.rows  // rebuilt once
      let values = cellRows.map(ReportRow.measure)
      let median = Statistics.median(values)
      let first = cellRows[0]
      func times(_ name: String) -> String {
        yardstick[name]?[cell.workload].map { $0 > 0 ? String(format: "%.2f", median / $0) : "-" } ?? "-"
      }
      let items = Double(max(1, first.nOld + first.nNew))
      let isYardstick = TimedSubject.yardsticks.contains { $0.name == cell.strategy }
      rows.append([
        cell.workload, cell.strategy,
        first.isCounted ? String(format: "%.0f", median) : String(format: "%.3f", median / 1e6),
        first.isCounted ? String(format: "%.1f", median / items) : String(format: "%.3f", Statistics.quantile(values, 0.9) / 1e6),
        times(TimedSubject.floor.name), times(TimedSubject.scan.name),
        String(format: "%.2f", Statistics.median(cellRows.map { Double($0.allocatedBytes) }) / 1e6),
        String(format: "%.2f", Statistics.median(cellRows.map { Double($0.peakBytes) }) / 1e6),
        isYardstick ? "-" : "\(first.stages)/\(first.minStages.map(String.init) ?? "?")",
        isYardstick ? "-/\(first.minMoves)" : "\(first.moves)/\(first.minMoves)",
        first.verified ? "yes" : "NO",
      ])
    }
    return format(header, rows)
  }

  /// Per trace × strategy: the session's total, the median, p99 and max per
  /// apply (each apply's figure the median of its samples), and the applies
  /// over each frame budget (timed only).
  static func sessionTable(_ cells: [CellResult]) -> [String] {
    let counted = cells.contains { $0.storage.isCounted }
    let unit = counted ? "instr" : "ms"
    // Budgets count CPU time (wall time beside them also counts the machine's load).
    let header = ["trace", "strategy", "applies", "total \(unit)", "median", "p99", "max"]
      + (counted ? [] : Session.frameBudgets.map { "cpu > \($0.label)" } + Session.frameBudgets.map { "wall > \($0.label)" })
      + ["ops", "ok"]
    var rows: [[String]] = []
    for cell in cells {
      guard !cell.storage.isEmpty else {
        rows.append([cell.workload, cell.strategy, "skipped"] + Array(repeating: "", count: header.count - 3))
        continue
      }
      let cellRows = cell.rows  // rebuilt once
      let session = Session(cellRows)
      func show(_ v: Double) -> String { counted ? String(format: "%.0f", v) : String(format: "%.3f", v / 1e6) }
      let isYardstick = TimedSubject.yardsticks.contains { $0.name == cell.strategy }
      rows.append(
        [cell.workload, cell.strategy, "\(session.applies.count)", show(session.total), show(session.median),
         show(session.p99), show(session.max)]
          + (counted
            ? [] : Session.frameBudgets.map { "\(session.overCPU($0.nanoseconds) ?? 0)" } + Session.frameBudgets.map { "\(session.over($0.nanoseconds))" })
          + [isYardstick ? "-" : "\(session.operations)", cellRows.allSatisfy(\.verified) ? "yes" : "NO"])
    }
    return format(header, rows)
  }

  static func format(_ header: [String], _ rows: [[String]]) -> [String] {
    let widths = header.indices.map { k in max(header[k].count, rows.map { $0[k].count }.max() ?? 0) }
    func line(_ r: [String]) -> String {
      r.indices.map { k in
        k < 2 ? r[k].padding(toLength: widths[k], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[k] - r[k].count) + r[k]
      }.joined(separator: "  ")
    }
    var lines = [line(header)]
    var lastWorkload = ""
    for r in rows {
      if r[0] != lastWorkload && !lastWorkload.isEmpty { lines.append("") }
      lastWorkload = r[0]
      lines.append(line(r))
    }
    return lines
  }
}

extension CellResult {
  /// Each measured cell's summary, as ``CellSummary/summaries(of:)`` gives
  /// from all their rows, computed a cell at a time (with its workload's
  /// floor): a long session's rows are never all rebuilt at once.
  package static func summaries(_ cells: [CellResult]) -> [CellSummary] {
    var floors: (workload: String, rounds: CellSummary.FloorRounds?)?
    var summaries: [CellSummary] = []
    for cell in cells where !cell.storage.isEmpty {
      if floors?.workload != cell.workload {
        // One workload's floor at a time.
        let floor = cells.first { $0.workload == cell.workload && $0.strategy == TimedSubject.floor.name && !$0.storage.isEmpty }
        floors = (cell.workload, floor.map { CellSummary.FloorRounds($0.rows) })
      }
      summaries.append(CellSummary(cell.rows, floor: floors?.rounds))
    }
    return summaries
  }
}
