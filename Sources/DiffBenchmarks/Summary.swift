import DiffResults
import DiffVerification
import Foundation

/// The table `diffbench bench` prints: per workload × strategy, timing,
/// allocation and changeset quality.
public enum Summary {
  public static func table(_ cells: [CellResult]) -> String {
    var lines: [String] = []
    let counted = cells.contains { $0.rows.first?.isCounted == true }
    let header = [
      "workload", "strategy", counted ? "instructions" : "median ms", counted ? "instr/item" : "p90 ms", "x floor",
      "alloc MB", "peak MB", "stages", "moves/min", "ok",
    ]
    var rows: [[String]] = []
    var floorMedian: [String: Double] = [:]
    for cell in cells where cell.strategy == "floor" && !cell.rows.isEmpty {
      floorMedian[cell.workload] = Statistics.median(cell.rows.map(ReportRow.measure))
    }
    for cell in cells {
      guard !cell.rows.isEmpty else {
        rows.append([cell.workload, cell.strategy, "skipped", "", "", "", "", "", "", ""])
        continue
      }
      let values = cell.rows.map(ReportRow.measure)
      let median = Statistics.median(values)
      let first = cell.rows[0]
      let ratio = floorMedian[cell.workload].map { String(format: "%.2f", median / $0) } ?? "-"
      let items = Double(max(1, first.nOld + first.nNew))
      rows.append([
        cell.workload, cell.strategy,
        first.isCounted ? String(format: "%.0f", median) : String(format: "%.3f", median / 1e6),
        first.isCounted ? String(format: "%.1f", median / items) : String(format: "%.3f", Statistics.quantile(values, 0.9) / 1e6),
        ratio,
        String(format: "%.2f", Statistics.median(cell.rows.map { Double($0.allocatedBytes) }) / 1e6),
        String(format: "%.2f", Statistics.median(cell.rows.map { Double($0.peakBytes) }) / 1e6),
        cell.strategy == "floor" ? "-" : "\(first.stages)",
        cell.strategy == "floor" ? "-/\(first.minMoves)" : "\(first.moves)/\(first.minMoves)",
        first.verified ? "yes" : "NO",
      ])
    }
    let widths = header.indices.map { k in max(header[k].count, rows.map { $0[k].count }.max() ?? 0) }
    func format(_ r: [String]) -> String {
      r.indices.map { k in
        k < 2 ? r[k].padding(toLength: widths[k], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[k] - r[k].count) + r[k]
      }.joined(separator: "  ")
    }
    lines.append(format(header))
    var lastWorkload = ""
    for r in rows {
      if r[0] != lastWorkload && !lastWorkload.isEmpty { lines.append("") }
      lastWorkload = r[0]
      lines.append(format(r))
    }
    if let growth = Growth.line(cells.flatMap(\.rows)) {
      lines.append("")
      lines.append(growth + "  (slope of log median against log n on the random-1e* sweep)")
    }
    let skipped = cells.filter { $0.skipped != nil }
    if !skipped.isEmpty {
      lines.append("")
      lines.append("skipped (no rows in the report):")
      for cell in skipped { lines.append("  \(cell.workload) \(cell.strategy): \(cell.skipped!)") }
    }
    let failed = cells.filter { $0.failure != nil }
    if !failed.isEmpty {
      lines.append("")
      lines.append("FAILED verification (rows marked verified=false):")
      for cell in failed { lines.append("  \(cell.workload) \(cell.strategy): \(cell.failure!)") }
    }
    return lines.joined(separator: "\n")
  }
}

