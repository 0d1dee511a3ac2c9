import DiffBenchmarks
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
