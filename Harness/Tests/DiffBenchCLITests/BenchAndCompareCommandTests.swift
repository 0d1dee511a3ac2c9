import SnapshotDiff
import DiffBenchmarks
import DiffResults
import DiffVerification
import Foundation
import Testing

@Suite struct BenchAndCompareCommandTests {
  /// A timed strategy runs in the bench's own process: one that traps ends
  /// the run, and the workloads timed before it stay in the summary.
  @Test func aStrategyThatTrapsLeavesTheWorkloadsTimedBeforeIt() throws {
    let dir = try folder([:])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // It traps on a first load of 10,000 items: the second workload, not
    // the first, nor the bench's calibration (edits of lists).
    let run = try diffbench(
      ["bench", "--quick", "--quiet", "--strategy", "traps-on-large-loads", "--filter", "jsfb-create-1k", "--filter", "jsfb-create-10k",
       "--out", dir + "/r.csv"], executable: "faulty-diffbench")
    #expect(run.status == 128, "\(run.err)")
    let cells = try ReportFile.read(contentsOf: dir + "/r.summary.csv")
    #expect(Set(cells.map(\.workload)) == ["jsfb-create-1k"], "\(cells.map(\.workload))")
    #expect(Set(cells.map(\.strategy)) == ["floor", "scan", "traps-on-large-loads"], "\(cells.map(\.strategy))")
  }

  @Test func benchWritesTheReportAndSummary() throws {
    let dir = try folder([:])
    let report = dir + "/r.csv"
    let run = try diffbench(["bench", "--quick", "--filter", "random-1e2", "--out", report])
    #expect(run.status == 0, "\(run.err)")
    // The bench stays a process of one thread (after running git): its
    // peaks are exact.
    #expect(!run.err.contains("not exact"), "\(run.err)")
    #expect(run.out.contains("random-1e2         hashmap") || run.out.contains("random-1e2  hashmap"))
    #expect(run.out.contains("wrote \(report)"))
    let rows = try CSVReport.read(contentsOf: report)
    #expect(Set(rows.map(\.strategy)) == ["floor", "scan", "hashmap", "heckel", "myers", "naive", "stdlib", "hashmap+apply"])
    #expect(rows.allSatisfy { $0.verified && $0.workload == "random-1e2" })
    #expect(rows.filter { $0.strategy == "hashmap" }.count >= 15)
    // The summary beside it: a row per cell, read by compare as the raw one is.
    let cells = try ReportFile.read(contentsOf: dir + "/r.summary.csv")
    #expect(cells == CellSummary.summaries(of: rows) && cells.count == 8)
    let same = try diffbench(["compare", report, dir + "/r.summary.csv"])
    #expect(same.status == 0 && same.out.hasSuffix("0 slower, 0 faster, 0 with more ops\n"), "\(same.out)")
    // No temporary file left behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["r.csv", "r.summary.csv"])
    // Exported for github-action-benchmark: an entry per cell, in ms.
    let export = try diffbench(["export", "--format", "github-action-benchmark", dir + "/r.summary.csv"])
    #expect(export.status == 0, "\(export.err)")
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(export.out.utf8)) as? [[String: Any]])
    #expect(entries.count == 8 && entries.allSatisfy { $0["unit"] as? String == "ms" && $0["value"] is NSNumber })
    #expect(entries.compactMap { $0["name"] as? String }.contains("random-1e2/hashmap"))
    let bad = try diffbench(["export", "--format", "summary", dir + "/missing.csv"])
    #expect(bad.status == 2 && bad.err == "diffbench: \(dir)/missing.csv:0: cannot be read\n", "\(bad.err)")
  }

  /// `--suite` runs one suite's workloads; an unknown one is refused by name.
  @Test func benchRunsASuiteAndListNamesTheSuites() throws {
    let unknown = try diffbench(["bench", "--suite", "nope"])
    #expect(unknown.status != 0 && unknown.err.contains("unknown suite 'nope'; the suites are jsfb, diffutil, dk-readme, listkit"), "\(unknown.err)")
    let list = try diffbench(["list", "--suites"])
    #expect(list.status == 0 && list.out.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) } == ["jsfb", "diffutil", "dk-readme", "listkit"])
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("suite-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let run = try diffbench(["bench", "--quick", "--suite", "diffutil", "--filter", "diffutil-100-", "--out", dir + "/r.csv"])
    #expect(run.status == 0, "\(run.err)")
    let summary = try String(contentsOfFile: dir + "/r.summary.csv", encoding: .utf8)
    let workloads = Set(summary.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[4] })
    #expect(workloads == ["diffutil-100-10", "diffutil-100-100"])
  }

  /// `table`: our grid first, each suite's rows under a heading naming its
  /// source, snapshot operations left to `bench`'s own table.
  @Test func tableGroupsTheSuitesAndLeavesOutSnapshotOperations() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let bench = try diffbench(["bench", "--quick", "--filter", "random-1e2", "--filter", "jsfb-swap-rows-1k",
      "--filter", "snapshot-index-path-100x-10k", "--out", dir + "/r.csv"])
    #expect(bench.status == 0, "\(bench.err)")
    let table = try diffbench(["table", dir + "/r.summary.csv"])
    #expect(table.status == 0, "\(table.err)")
    let lines = table.out.split(separator: "\n").map(String.init)
    let ours = try #require(lines.firstIndex { $0.hasPrefix("| random-1e2 ") })
    let heading = try #require(lines.firstIndex { $0.hasPrefix("The `jsfb` suite, time over the floor (krausest/js-framework-benchmark") })
    let swap = try #require(lines.firstIndex { $0.hasPrefix("| jsfb-swap-rows-1k ") })
    #expect(ours < heading && heading < swap)
    #expect(!table.out.contains("snapshot-index-path") && !lines.contains { $0.hasPrefix("| workload |") && $0.contains("| snapshot |") })
  }

  @Test func benchRejectsAFilterThatMatchesNothing() throws {
    let run = try diffbench(["bench", "--filter", "nope"])
    #expect(run.status == 2)
    #expect(run.err.contains("no workload matches nope"))
  }

  func report(_ wall: [UInt64], moves: Int = 3) -> String {
    CSVReport.text(wall.enumerated().map { k, ns in
      ReportRow(
        commit: "c", date: "d", host: "h", toolchain: "t", workload: "dk-5k", strategy: "hashmap", nOld: 5, nNew: 5,
        sections: 1, sample: k, wallNanoseconds: ns, cpuNanoseconds: ns, allocatedBytes: 0, peakBytes: 0, stages: 1,
        sectionOperations: 0, deletes: 1, inserts: 1, moves: moves, updates: 0, minMoves: 3, verified: true)
    })
  }

  @Test func compareExitStatuses() throws {
    let tight: [UInt64] = (0..<20).map { 1_000_000 + UInt64($0 % 5) * 1_000 }
    let dir = try folder([
      "base.csv": report(tight), "same.csv": report(tight), "slow.csv": report(tight.map { $0 * 13 / 10 }),
      "moves.csv": report(tight, moves: 5), "bad.csv": "commit,date\n",
    ])
    let same = try diffbench(["compare", dir + "/base.csv", dir + "/same.csv"])
    #expect(same.status == 0)
    #expect(same.out.split(separator: "\n").contains { $0.hasPrefix("dk-5k     hashmap") && $0.hasSuffix("  ~") })
    let slow = try diffbench(["compare", dir + "/base.csv", dir + "/slow.csv"])
    #expect(slow.status == 1 && slow.out.contains("slower"))
    #expect(try diffbench(["compare", "--threshold", "40", dir + "/base.csv", dir + "/slow.csv"]).status == 0)
    let moves = try diffbench(["compare", dir + "/base.csv", dir + "/moves.csv"])
    #expect(moves.status == 1 && moves.out.contains("MORE moves 3→5"))
    let bad = try diffbench(["compare", dir + "/base.csv", dir + "/bad.csv"])
    #expect(bad.status == 2)
    #expect(bad.err == "diffbench: \(dir)/bad.csv:1, column 3: wrong header: nothing where \"host\" belongs\n")
    #expect(try diffbench(["compare", dir + "/base.csv", dir + "/missing.csv"]).status == 2)
  }
}

/// Your own data: corpus files and traces as workloads.
@Suite struct BenchFilesTests {
  @Test func aTraceIsBenchedApplyByApplyWithItsSessionFigures() throws {
    let dir = try folder([
      "my-screen.jsonl": """
        {"name": "start", "sections": [{"id": "A", "items": ["a", "b"]}]}
        {"name": "one more", "sections": [{"id": "A", "items": ["a", "b", "c"]}]}
        ["c", "a"]

        """,
      "pair.json": #"{"old": ["a", "b"], "new": ["b", "a"]}"#,
    ])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let run = try diffbench(["bench", "--quick", dir, "--out", dir + "/r.csv"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("applies  total ms  median    p99    max  cpu > 8.33ms  cpu > 16.67ms  wall > 8.33ms  wall > 16.67ms"), "\(run.out)")
    #expect(run.out.split(separator: "\n").contains { $0.hasPrefix("my-screen  hashmap") && $0.split(separator: " ")[2] == "2" }, "\(run.out)")
    #expect(run.out.contains("pair      hashmap"), "\(run.out)")
    let rows = try CSVReport.read(contentsOf: dir + "/r.csv")
    let trace = rows.filter { $0.workload == "my-screen" && $0.strategy == "hashmap" }
    #expect(Set(trace.compactMap(\.step)) == [1, 2] && trace.count == 2 * 3)
    #expect(rows.filter { $0.workload == "pair" }.allSatisfy { $0.step == nil })
    // Comparing the report with itself: nothing changed.
    let same = try diffbench(["compare", dir + "/r.csv", dir + "/r.csv"])
    #expect(same.status == 0 && same.out.contains("0 slower, 0 faster, 0 with more ops"), "\(same.out)")
  }

  @Test func aSessionRecordedByTheDataSourceIsVerifiedAndBenched() throws {
    let dir = try folder(["README": "a session recorded by a test"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let dataSource = ContentDiffableDataSource<String, Int, String>()
    try dataSource.startRecording(to: .init(path: dir + "/feed.jsonl"))
    var snapshot = dataSource.snapshot()
    snapshot.appendSections(["feed"])
    snapshot.appendItems(Array(0..<50))
    dataSource.apply(snapshot)
    for page in 1...3 {
      snapshot.appendItems(Array(page * 50..<(page + 1) * 50))
      snapshot.moveItem(page * 50, beforeItem: 0)
      dataSource.apply(snapshot)
    }
    dataSource.stopRecording()
    let verify = try diffbench(["verify", dir + "/feed.jsonl"])
    #expect(verify.status == 0 && verify.out.hasSuffix("5 passed, 0 failed\n"), "\(verify.out)\(verify.err)")
    let run = try diffbench(["bench", "--quick", dir + "/feed.jsonl", "--out", dir + "/r.csv"])
    #expect(run.status == 0, "\(run.err)")
    // The start line and four applies: four steps per strategy.
    let rows = try CSVReport.read(contentsOf: dir + "/r.csv").filter { $0.workload == "feed" && $0.strategy == "hashmap" }
    #expect(Set(rows.compactMap(\.step)) == [1, 2, 3, 4], "\(run.out)")
  }

  @Test func aBadTraceLineIsOneLineNamingFileAndLine() throws {
    let dir = try folder(["bad.jsonl": "[\"a\"]\n[\"a\", \"a\"]\n"])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let bench = try diffbench(["bench", "--quick", dir + "/bad.jsonl", "--out", dir + "/r.csv"])
    #expect(bench.status == 2 && bench.err.hasSuffix("diffbench: \(dir)/bad.jsonl: line 2: $: duplicate item id \"a\" at [0, 0] and [0, 1]\n"), "\(bench.err)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/r.csv"))
    let verify = try diffbench(["verify", "--quiet", dir + "/bad.jsonl"])
    #expect(verify.status == 2)
    #expect(verify.err == "diffbench: \(dir)/bad.jsonl: line 2: $: duplicate item id \"a\" at [0, 0] and [0, 1]\n", "\(verify.err)")
  }
}

/// Counted runs (the Diffbench article, counted runs): the same build counts the same, and a 2 % rise
/// in one cell is flagged, only there.
@Suite(.serialized) struct CountedRunTests {
  @Test func twoCountedRunsAgreeAndARiseInOneCellIsFlaggedAlone() throws {
    try #require(InstructionCounter.valgrind != nil, "valgrind is not installed (make test installs it)")
    let dir = try folder(["README": ""])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for name in ["a", "b"] {
      let run = try diffbench(["bench", "--instructions", "--filter", "appstore-sections", "--out", "\(dir)/\(name).csv"])
      #expect(run.status == 0, "\(run.err)")
      #expect(run.out.contains("instr/item"))
    }
    let a = try CSVReport.read(contentsOf: dir + "/a.csv"), b = try CSVReport.read(contentsOf: dir + "/b.csv")
    #expect(a.count == 8 && a.allSatisfy { $0.instructions != nil && $0.wallNanoseconds == nil && $0.sample == 0 })
    for (x, y) in zip(a, b) {
      let ratio = Double(y.instructions!) / Double(x.instructions!)
      #expect(abs(ratio - 1) < 0.001, "\(x.strategy): \(x.instructions!) vs \(y.instructions!)")
    }
    let same = try diffbench(["compare", dir + "/a.csv", dir + "/b.csv"])
    #expect(same.status == 0 && same.out.contains("0 slower, 0 faster, 0 with more ops"), "\(same.out)")
    // hashmap 2 % worse in a copy: flagged, and nothing else is.
    let raised = b.map { row -> ReportRow in
      var row = row
      if row.strategy == "hashmap" { row.instructions = row.instructions! * 102 / 100 }
      return row
    }
    try CSVReport.write(raised, to: dir + "/raised.csv")
    let flagged = try diffbench(["compare", dir + "/a.csv", dir + "/raised.csv"])
    #expect(flagged.status == 1)
    let slower = flagged.out.split(separator: "\n").filter { $0.hasPrefix("appstore-sections") && $0.contains(" slower") }
    #expect(slower.count == 1 && slower.first?.contains("hashmap") == true, "\(flagged.out)")
    #expect(flagged.out.contains("1 slower, 0 faster, 0 with more ops"))
  }
}

@Suite struct CallgrindDumpTests {
  @Test func readsTheReasonAndTheTotal() throws {
    let dump = """
      version: 1
      creator: callgrind-3.19.0
      cmd:  diffbench count-worker dk-5k floor hashmap
      desc: Trigger: Client Request: hashmap
      events: Ir
      summary: 7212635
      fn=(1) main
      3 12
      totals: 7212635
      """
    let parsed = try #require(InstructionCounter._parseDump(dump))
    #expect(parsed.0 == "hashmap" && parsed.1 == 7_212_635)
    #expect(InstructionCounter._parseDump("desc: Trigger: Program termination\ntotals: 0") == nil)
  }

  @Test func readsEveryPartOfACombinedDump() {
    let dump = """
      # callgrind format
      part: 1
      desc: Timerange: Basic block 0 - 5332373
      desc: Trigger: Client Request: naive@1
      summary: 60554
      totals: 60554
      part: 2
      desc: Timerange: Basic block 5332373 - 5694006
      desc: Trigger: Client Request: stdlib@1
      summary: 524299
      totals: 524299
      part: 3
      desc: Trigger: Program termination
      summary: 0
      totals: 0
      """
    let parts = InstructionCounter._parseDumps(dump)
    #expect(parts.map(\.0) == ["naive@1", "stdlib@1"] && parts.map(\.1) == [60_554, 524_299])
  }
}
