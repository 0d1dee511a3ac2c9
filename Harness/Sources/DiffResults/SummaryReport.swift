import DiffSupport
import Foundation

/// The summary report: one row per cell (``CellSummary``), what `results/`
/// keeps in git. A full bench run is a few tens of kilobytes this way, where
/// its raw report (a row per sample) is megabytes; `compare` and `report`
/// read either, and judge and draw both the same way.
///
/// Columns: the raw report's identity columns, then `samples` (raw rows
/// summarized), `median`, `p10`, `p90` (wall ns, or instructions when
/// counted), `instructions`, `alloc_bytes`, `peak_bytes` (medians), the
/// changeset's counts and `min_moves` (summed over a trace's applies),
/// `verified`, `runs` (per run, `count:median:low:high` of the samples over
/// the floor's, `;`-separated) and `session` (a trace's
/// `applies:total:median:p99:max:over_8.33ms:over_16.67ms:operations`, the
/// two counts by wall time, then, since budgets count CPU time,
/// `:cpu_over_8.33ms:cpu_over_16.67ms` (older summaries stop before them),
/// then `|` and the plotted `apply:figure` points, `;`-separated), then
/// `min_stages` (summed like the counts; empty where one apply's is not
/// known, and in summaries written before it).
package enum SummaryReport {
  package typealias Column = CSVColumn<CellSummary>

  /// `x` to `digits` significant digits, as this format writes it.
  package static func significant(_ x: Double, _ digits: Int) -> Double {
    Double(String(format: "%.\(digits)g", x)) ?? x
  }

  static func number(_ name: String, _ key: WritableKeyPath<CellSummary, Double> & Sendable) -> Column {
    Column(name, write: { String(format: "%.9g", $0[keyPath: key]) }) { cell, field in
      guard let v = Double(field), v.isFinite else { return "\"\(field)\" is not a number" }
      cell[keyPath: key] = v
      return nil
    }
  }

  package static let columns: [Column] = [
    .text("commit", \.commit), .text("date", \.date), .text("host", \.host), .text("toolchain", \.toolchain),
    .text("workload", \.workload, required: true), .text("strategy", \.strategy, required: true),
    .count("n_old", \.nOld), .count("n_new", \.nNew), .count("sections", \.sections), .count("samples", \.samples),
    number("median", \.median), number("p10", \.p10), number("p90", \.p90), .optional("instructions", \.instructions),
    number("alloc_bytes", \.allocatedBytes), number("peak_bytes", \.peakBytes),
    .count("stages", \.counts.stages), .count("section_ops", \.counts.sectionOperations), .count("deletes", \.counts.deletes),
    .count("inserts", \.counts.inserts), .count("moves", \.counts.moves), .count("updates", \.counts.updates),
    .count("min_moves", \.minMoves),
    .flag("verified", \.verified),
    Column("runs", write: { $0.runs.map(write).joined(separator: ";") }) { cell, field in
      cell.runs = []
      for part in field.split(separator: ";", omittingEmptySubsequences: false) where !field.isEmpty {
        guard let run = readRun(part) else { return "\"\(part)\" is not count:median:low:high" }
        cell.runs.append(run)
      }
      return nil
    },
    Column("session", write: { $0.session.map(write) ?? "" }) { cell, field in
      if field.isEmpty { cell.session = nil; return nil }
      guard let session = readSession(field) else { return "\"\(field)\" is not a session (figures|points)" }
      cell.session = session
      return nil
    },
    .optional("min_stages", \.minStages),
  ]
  package static var header: String { columns.map(\.name).joined(separator: ",") }

  static func g(_ x: Double) -> String { String(format: "%.9g", x) }

  static func write(_ run: FloorQuotients) -> String { "\(run.count):\(g(run.median)):\(g(run.low)):\(g(run.high))" }

  static func readRun(_ text: Substring) -> FloorQuotients? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 4, let n = Int(parts[0]), n >= 0 else { return nil }
    let values = parts.dropFirst().compactMap { Double($0) }
    guard values.count == 3, values.allSatisfy(\.isFinite) else { return nil }
    return FloorQuotients(count: n, median: values[0], low: values[1], high: values[2])
  }

  static func write(_ s: SessionSummary) -> String {
    "\(s.applies):\(g(s.total)):\(g(s.median)):\(g(s.p99)):\(g(s.max)):\(s.over120Hz):\(s.over60Hz):\(s.operations)"
      + (s.cpuOver120Hz.map { ":\($0):\(s.cpuOver60Hz ?? 0)" } ?? "") + "|"
      + s.points.map { "\($0.step):\(g($0.value))" }.joined(separator: ";")
  }

  static func readSession(_ text: String) -> SessionSummary? {
    let halves = text.split(separator: "|", omittingEmptySubsequences: false)
    guard halves.count == 2 else { return nil }
    let f = halves[0].split(separator: ":", omittingEmptySubsequences: false)
    // Eight fields, or ten with the CPU-time budget counts (summaries since they were counted).
    guard f.count == 8 || f.count == 10, let applies = Int(f[0]), let over120 = Int(f[5]), let over60 = Int(f[6]),
      let ops = Int(f[7])
    else { return nil }
    let values = f[1...4].compactMap { Double($0) }
    guard values.count == 4, values.allSatisfy(\.isFinite) else { return nil }
    var s = SessionSummary()
    (s.applies, s.total, s.median, s.p99, s.max) = (applies, values[0], values[1], values[2], values[3])
    (s.over120Hz, s.over60Hz, s.operations) = (over120, over60, ops)
    if f.count == 10 {
      guard let cpu120 = Int(f[8]), let cpu60 = Int(f[9]) else { return nil }
      (s.cpuOver120Hz, s.cpuOver60Hz) = (cpu120, cpu60)
    }
    for point in halves[1].split(separator: ";") {
      let p = point.split(separator: ":", omittingEmptySubsequences: false)
      guard p.count == 2, let step = Int(p[0]), let value = Double(p[1]), value.isFinite else { return nil }
      s.points.append(SessionSummary.Point(step: step, value: value))
    }
    return s
  }

  package static func text(_ cells: [CellSummary]) -> String { CSVTable.text(cells, columns: columns) }

  /// Writes the summary to a temporary file, then renames it into place.
  package static func write(_ cells: [CellSummary], to path: String) throws {
    try writeAtomically(text(cells), to: path)
  }

  /// Reads a summary report's text, strictly (its exact header, every field valid).
  package static func parse(_ text: String, file: String) throws(CSVReport.ReadError) -> [CellSummary] {
    try parse(try CSVRecords.parse(text, file: file), file: file)
  }

  static func parse(_ records: [CSVRecords.Record], file: String) throws(CSVReport.ReadError) -> [CellSummary] {
    try CSVTable.parse(records, columns: columns, legacy: legacyCounts, empty: CellSummary(), file: file)
  }

  /// Summaries written before the `min_stages` column have the first 26.
  static let legacyCounts = [26]
}

/// Either kind of report, read into cells: a summary report as it is, a raw
/// one summarized (what `compare` and `report` read).
package enum ReportFile {
  /// The path a raw report's summary is written to beside it: `X.csv` → `X.summary.csv`.
  package static func summaryPath(for path: String) -> String {
    (path.hasSuffix(".csv") ? String(path.dropLast(4)) : path) + ".summary.csv"
  }

  /// Whether a file's header is the summary report's.
  static func isSummary(_ records: [CSVRecords.Record]) -> Bool {
    let names = SummaryReport.columns.map(\.name)
    return ([names.count] + SummaryReport.legacyCounts).contains { records.first?.fields == Array(names.prefix($0)) }
  }

  package static func read(contentsOf path: String) throws(CSVReport.ReadError) -> [CellSummary] {
    let text = try CSVReport.readText(path)
    let records = try CSVRecords.parse(text, file: path)
    if isSummary(records) { return try SummaryReport.parse(records, file: path) }
    let rows = try CSVTable.parse(records, columns: CSVReport.columns, legacy: CSVReport.legacyCounts, empty: ReportRow(), file: path)
    // A file may hold several commits' runs: each is summarized apart.
    var order: [String] = []
    var byCommit: [String: [ReportRow]] = [:]
    for row in rows {
      if byCommit[row.commit] == nil { order.append(row.commit) }
      byCommit[row.commit, default: []].append(row)
    }
    return order.flatMap { CellSummary.summaries(of: byCommit[$0]!) }
  }
}
