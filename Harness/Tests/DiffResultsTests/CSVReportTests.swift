import DiffResults
import Foundation
import Testing

/// The report's one header, and rows through text and back.
@Suite struct CSVReportTests {
  func row(host: String = "vm-1", sample: Int = 0) -> ReportRow {
    ReportRow(
      commit: "abc1234", date: "2026-11-22T00:00:00Z", host: host, toolchain: "swift-6.3.1-RELEASE", workload: "dk-5k",
      strategy: "hashmap", nOld: 5_000, nNew: 5_000, sections: 1, sample: sample, wallNanoseconds: 812_345,
      cpuNanoseconds: 800_001, allocatedBytes: 942_080, peakBytes: 229_376, stages: 1, sectionOperations: 0, deletes: 1_000,
      inserts: 1_000, moves: 180, updates: 0, minMoves: 180, verified: true)
  }

  @Test func theHeaderIsSpecSection6s() {
    #expect(CSVReport.header.hasPrefix("commit,date,host,toolchain,workload,strategy,n_old,n_new,sections,sample,wall_ns,cpu_ns,alloc_bytes,peak_bytes,stages,section_ops,deletes,inserts,moves,updates,min_moves,verified"))
  }

  @Test func rowsRoundTrip() throws {
    let rows = [row(sample: 0), row(sample: 1), row(host: "a host, with a comma and \"quotes\"", sample: 2)]
    #expect(try CSVReport.parse(CSVReport.text(rows), file: "r.csv") == rows)
  }

  @Test func fieldsWithNewlinesRoundTrip() throws {
    let rows = [row(host: "two\nlines, \"quoted\"\r\n"), row(sample: 1)]
    let text = CSVReport.text(rows)
    #expect(try CSVReport.parse(text, file: "r.csv") == rows)
    #expect(try CSVReport.parse(text.replacingOccurrences(of: "\n", with: "\r\n"), file: "r.csv").count == 2)
  }

  @Test func countedRowsLeaveTheTimesEmpty() throws {
    var counted = row()
    counted.measured = .instructions(123_456_789)
    #expect(counted.isCounted && counted.wallNanoseconds == nil && counted.cpuNanoseconds == nil)
    let text = CSVReport.text([counted])
    #expect(text.contains(",0,,,942080,229376,") && text.hasSuffix(",true,123456789,,\n"))
    #expect(try CSVReport.parse(text, file: "r.csv") == [counted])
  }

  /// A row is timed or counted: a row with both, or neither, is named.
  @Test func aRowIsTimedOrCounted() throws {
    let timed = CSVReport.text([row()])
    #expect(row().measured == .time(wallNanoseconds: 812_345, cpuNanoseconds: 800_001))
    let both = timed.replacingOccurrences(of: ",true,,,\n", with: ",true,77,,\n")
    #expect(throws: CSVReport.ReadError(file: "r", line: 2, column: "instructions", message: "times and instructions both: a row is timed or counted")) {
      try CSVReport.parse(both, file: "r")
    }
    let neither = timed.replacingOccurrences(of: ",812345,800001,", with: ",,,")
    #expect(throws: CSVReport.ReadError(file: "r", line: 2, column: "instructions", message: "neither times nor instructions")) {
      try CSVReport.parse(neither, file: "r")
    }
  }

  @Test func reportsFromBeforeTheInstructionsColumnStillRead() throws {
    let legacy = """
      commit,date,host,toolchain,workload,strategy,n_old,n_new,sections,sample,wall_ns,cpu_ns,alloc_bytes,peak_bytes,stages,section_ops,deletes,inserts,moves,updates,min_moves,verified
      429c46b,2026-11-22T03:52:00Z,vm,swift-6.3.1-RELEASE,dk-5k,hashmap,5000,5000,1,0,812345,800001,942080,229376,1,0,1000,1000,180,0,180,true

      """
    let rows = try CSVReport.parse(legacy, file: "old.csv")
    #expect(rows.count == 1 && rows[0].wallNanoseconds == 812_345 && rows[0].instructions == nil && rows[0].moves == 180)
    // 23 columns: from before `step`; rows are pairs. 24: from before
    // `min_stages`, which is then not known.
    for dropped in [2, 1] {
      let before = CSVReport.text([row()]).split(separator: "\n").map {
        $0.split(separator: ",", omittingEmptySubsequences: false).dropLast(dropped).joined(separator: ",")
      }
      #expect(try CSVReport.parse(before.joined(separator: "\n"), file: "r.csv") == [row()])
    }
    // Every report committed under results/ reads, raw or summary, and a
    // summary stays a row per cell: within 400 bytes a row (a full peers
    // run, 14 subjects on 45 workloads, is 122 KB).
    let results = "/" + #filePath.split(separator: "/").dropLast(4).joined(separator: "/") + "/results"
    // (A peer's releases, `results/peers-history-*.csv`, are another table.)
    for file in try FileManager.default.contentsOfDirectory(atPath: results) where file.hasSuffix(".csv") && !file.hasPrefix("peers-history-") {
      #expect(!(try ReportFile.read(contentsOf: results + "/" + file)).isEmpty, "\(file)")
      if file.hasSuffix(".summary.csv") {
        let size = try FileManager.default.attributesOfItem(atPath: results + "/" + file)[.size] as! Int
        let rows = try String(contentsOfFile: results + "/" + file, encoding: .utf8).split(separator: "\n").count
        #expect(size <= 400 * rows, "\(file): \(size) bytes in \(rows) rows")
      }
    }
  }

  @Test func theFewestStagesRoundTrip() throws {
    var judged = row()
    judged.stages = 3
    judged.minStages = 2
    let text = CSVReport.text([judged, row()])
    #expect(text.hasSuffix(",true,,,2\n" + CSVReport.text([row()]).split(separator: "\n")[1] + "\n"))
    #expect(try CSVReport.parse(text, file: "r.csv") == [judged, row()])
    let negative = text.replacingOccurrences(of: ",true,,,2\n", with: ",true,,,-2\n")
    #expect(throws: CSVReport.ReadError(file: "r", line: 2, column: "min_stages", message: "\"-2\" is not a count")) {
      try CSVReport.parse(negative, file: "r")
    }
  }

  @Test func traceRowsKeepTheirStep() throws {
    var step = row()
    step.step = 7
    let text = CSVReport.text([step, row()])
    #expect(try CSVReport.parse(text, file: "r.csv") == [step, row()])
    #expect(throws: CSVReport.ReadError(file: "r", line: 2, column: "step", message: "\"0\" is not an apply number (from 1)")) {
      try CSVReport.parse(CSVReport.text([step]).replacingOccurrences(of: ",7,\n", with: ",0,\n"), file: "r")
    }
  }

  @Test func badFieldsAreNamedByLineAndColumn() {
    var text = CSVReport.text([row()])
    text = text.replacingOccurrences(of: ",true,", with: ",maybe,")
    #expect(throws: CSVReport.ReadError(file: "r", line: 2, column: "verified", message: "\"maybe\" is not true or false")) {
      try CSVReport.parse(text, file: "r")
    }
    #expect(throws: CSVReport.ReadError(file: "r", line: 2, column: "3", message: "unterminated quote")) {
      try CSVReport.parse(CSVReport.header + "\nc,d,\"open", file: "r")
    }
  }

  @Test func writesAtomically() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).csv").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try CSVReport.write([row()], to: path)
    #expect(try CSVReport.read(contentsOf: path) == [row()])
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
      .filter { $0.hasPrefix((path as NSString).lastPathComponent + ".tmp") }
    #expect(leftovers.isEmpty)
  }
}
