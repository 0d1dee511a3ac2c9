import DiffResults
import DiffVerification
import Foundation
import Testing

/// A raw report of two runs (same commit, two dates) with a floor, a scan, a
/// strategy per kind of change, and a session: noisy from a fixed seed.
func rawRuns(_ commit: String, seed: UInt64, slow: Double = 1, moves: Int = 3) -> [ReportRow] {
  var rng = SplitMix64(seed: seed)
  var rows: [ReportRow] = []
  for date in ["2026-01-01T00:00:00Z", "2026-01-01T01:00:00Z"] {
    for sample in 0..<25 {
      let drift = 1 + Double(rng.int(below: 200)) / 1000
      for (strategy, factor) in [("floor", 1.0), ("scan", 0.2), ("hashmap", 0.5 * slow), ("heckel", 1.1)] {
        let wall = UInt64(100_000 * factor * drift * (1 + Double(rng.int(below: 80)) / 1000))
        rows.append(ReportRow(
          commit: commit, date: date, host: "h", toolchain: "t", workload: "dk-5k", strategy: strategy, nOld: 5000, nNew: 5000,
          sections: 1, sample: sample, wallNanoseconds: wall, cpuNanoseconds: wall, allocatedBytes: UInt64(rng.int(below: 9999)),
          peakBytes: 100, stages: 1, sectionOperations: 0, deletes: 2, inserts: 2, moves: strategy == "hashmap" ? moves : 3,
          updates: 0, minMoves: 3, verified: true))
      }
      for step in 1...3 {
        for strategy in ["floor", "hashmap"] {
          let wall = UInt64(Double(2_000_000 * step) * (strategy == "floor" ? 1 : 2) * drift)
          rows.append(ReportRow(
            commit: commit, date: date, host: "h", toolchain: "t", workload: "trace-x", strategy: strategy, nOld: 10, nNew: 10,
            sections: 1, sample: sample, wallNanoseconds: wall, cpuNanoseconds: wall, allocatedBytes: 0, peakBytes: 0, stages: 1,
            sectionOperations: 0, deletes: 0, inserts: 1, moves: 0, updates: 0, minMoves: 0, verified: true, step: step))
        }
      }
    }
  }
  return rows
}

@Suite struct SummaryReportTests {
  @Test func aSummaryReadsBackAsWritten() throws {
    let cells = CellSummary.summaries(of: rawRuns("c", seed: 1))
    #expect(cells.count == 6 && cells.first { $0.strategy == "hashmap" && !$0.isTrace }!.runs.count == 2)
    let text = SummaryReport.text(cells)
    #expect(text.hasPrefix(SummaryReport.header + "\n"))
    #expect(try SummaryReport.parse(text, file: "s.csv") == cells)
    // The session's figures: hashmap's 3 applies take 4, 8 and 12 ms times a
    // drift of 1–1.2 (median about 1.1): two over 8.33 ms, none over 16.67.
    let session = try #require(cells.first { $0.workload == "trace-x" && $0.strategy == "hashmap" }?.session)
    #expect(session.applies == 3 && session.points.map(\.step) == [1, 2, 3])
    #expect(session.over120Hz == 2 && session.over60Hz == 0)
    #expect(session.cpuOver120Hz != nil && session.cpuOver60Hz != nil)
  }

  /// Frame budgets count CPU time, wall time beside it: a loaded machine
  /// stretches the wall time of an apply whose CPU time fits the frame.
  /// A summary written before CPU time was counted still reads.
  @Test func frameBudgetsCountCPUTimeWithWallTimeBeside() throws {
    var rows: [ReportRow] = []
    for step in 1...4 {
      for sample in 0..<3 {
        var row = ReportRow()
        (row.commit, row.date, row.workload, row.strategy) = ("c", "d", "trace-x", "hashmap")
        (row.step, row.sample) = (step, sample)
        // Every apply takes 2 ms of CPU; applies 3 and 4 wait 10 ms more, starved.
        row.cpuNanoseconds = 2_000_000
        row.wallNanoseconds = step >= 3 ? 12_000_000 : 2_100_000
        rows.append(row)
      }
    }
    let cell = CellSummary(rows, floor: [ReportRow]?.none)
    let session = try #require(cell.session)
    #expect(session.cpuOver120Hz == 0 && session.cpuOver60Hz == 0)
    #expect(session.over120Hz == 2 && session.over60Hz == 0)
    let text = SummaryReport.text([cell])
    #expect(try SummaryReport.parse(text, file: "s.csv") == [cell])
    // wall 2:0, operations 0, then cpu 0:0: without the last two, as before.
    #expect(text.contains(":2:0:0:0:0|"))
    let older = try SummaryReport.parse(text.replacingOccurrences(of: ":2:0:0:0:0|", with: ":2:0:0|"), file: "s.csv")
    #expect(older.first?.session?.cpuOver120Hz == nil && older.first?.session?.over120Hz == 2)
  }

  /// `min_stages` sums over a session's applies like the counts, is not
  /// known where one apply's is not, and a summary from before it reads.
  @Test func theFewestStagesSumOverASession() throws {
    func session(_ fewest: [Int?]) -> CellSummary {
      let rows = fewest.enumerated().flatMap { k, minStages in
        (0..<2).map { sample in
          var row = ReportRow()
          (row.commit, row.date, row.workload, row.strategy) = ("c", "d", "trace-x", "hashmap")
          (row.step, row.sample, row.stages, row.minStages) = (k + 1, sample, 2, minStages)
          row.measured = .instructions(100)
          return row
        }
      }
      return CellSummary(rows, floor: [ReportRow]?.none)
    }
    let known = session([2, 1, 2])
    #expect(known.counts.stages == 6 && known.minStages == 5)
    #expect(session([2, nil, 2]).minStages == nil)
    let text = SummaryReport.text([known])
    #expect(text.hasSuffix(",5\n"))
    #expect(try SummaryReport.parse(text, file: "s.csv") == [known])
    // Written before `min_stages`: the first 26 columns, read as not known.
    let older = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).dropLast().joined(separator: ",") }
      .joined(separator: "\n")
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("older-\(UUID().uuidString).summary.csv").path
    try older.write(toFile: dir, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let read = try ReportFile.read(contentsOf: dir)
    #expect(read.count == 1 && read[0].minStages == nil && read[0].counts.stages == 6)
  }

  @Test func compareGivesTheSameVerdictsOnRawAndSummary() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let base = rawRuns("base", seed: 2), head = rawRuns("head", seed: 3, slow: 1.3, moves: 4)
    for (name, rows) in [("base", base), ("head", head)] {
      try CSVReport.write(rows, to: "\(dir)/\(name).csv")
      try SummaryReport.write(CellSummary.summaries(of: rows), to: "\(dir)/\(name).summary.csv")
    }
    let raw = Comparison(base: try ReportFile.read(contentsOf: "\(dir)/base.csv"), head: try ReportFile.read(contentsOf: "\(dir)/head.csv"))
    let summary = Comparison(
      base: try ReportFile.read(contentsOf: "\(dir)/base.summary.csv"), head: try ReportFile.read(contentsOf: "\(dir)/head.summary.csv"))
    #expect(raw.table == summary.table)
    // And the verdicts are the ones the data holds: hashmap 30 % slower with a move more.
    let hashmap = try #require(summary.rows.first { $0.workload == "dk-5k" && $0.strategy == "hashmap" })
    #expect(hashmap.verdict == .slower && hashmap.worse == ["moves 3→4"])
    #expect(summary.rows.first { $0.strategy == "heckel" }?.verdict == .same)
    #expect(summary.rows.first { $0.strategy == "floor" }?.verdict == .drift)
  }

  @Test func aBadSummaryFieldIsNamed() throws {
    var text = SummaryReport.text(CellSummary.summaries(of: rawRuns("c", seed: 4)))
    text = text.replacingOccurrences(of: "|1:", with: "|x:")
    #expect(throws: CSVReport.ReadError.self) { try SummaryReport.parse(text, file: "s.csv") }
    do {
      _ = try SummaryReport.parse(text, file: "s.csv")
    } catch {
      #expect(error.description.hasPrefix("s.csv:") && error.description.contains("column session"), "\(error)")
    }
  }

  @Test func theGitHubActionBenchmarkExportHasItsShape() throws {
    let timed = CellSummary.summaries(of: rawRuns("c", seed: 5))
    var counted = timed[0]
    counted.instructions = 123_456
    let json = try BenchmarkExport.githubActionBenchmark([timed[2], counted])
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(entries.count == 2)
    for entry in entries {
      #expect(entry["name"] is String && entry["unit"] is String && entry["value"] is NSNumber)
      #expect(Set(entry.keys).isSubset(of: ["name", "unit", "value", "range", "extra"]))
    }
    #expect(entries[0]["name"] as? String == "dk-5k/hashmap" && entries[0]["unit"] as? String == "ms")
    #expect((entries[0]["value"] as? NSNumber)?.doubleValue == (timed[2].median / 1e6 * 1e6).rounded() / 1e6)
    #expect((entries[0]["range"] as? String)?.hasPrefix("± ") == true)
    #expect(entries[1]["unit"] as? String == "instructions" && (entries[1]["value"] as? NSNumber)?.intValue == 123_456)
  }
}
