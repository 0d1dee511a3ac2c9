import DiffBenchmarks
import DiffVerification
import Foundation
import Testing

@Suite struct BenchAndCompareCommandTests {
  @Test func benchWritesTheReportAndSummary() throws {
    let dir = try folder([:])
    let report = dir + "/r.csv"
    let run = try diffbench(["bench", "--quick", "--filter", "random-1e2", "--out", report])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("random-1e2         hashmap") || run.out.contains("random-1e2  hashmap"))
    #expect(run.out.contains("wrote \(report)"))
    let rows = try CSVReport.read(contentsOf: report)
    #expect(Set(rows.map(\.strategy)) == ["floor", "hashmap", "heckel", "myers", "naive", "stdlib"])
    #expect(rows.allSatisfy { $0.verified && $0.workload == "random-1e2" })
    #expect(rows.filter { $0.strategy == "hashmap" }.count >= 15)
    // No temporary file left behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["r.csv"])
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
