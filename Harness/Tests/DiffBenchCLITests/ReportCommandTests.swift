import DiffResults
import Foundation
import Testing

@Suite struct ReportCommandTests {
  func rows(_ commit: String, hashmapNs: UInt64) -> String {
    var rows: [ReportRow] = []
    for (k, n) in [100, 1_000, 10_000].enumerated() {
      for (strategy, ns) in [("floor", UInt64(n) * 50), ("hashmap", UInt64(n) * hashmapNs)] {
        for sample in 0..<5 {
          rows.append(ReportRow(
            commit: commit, date: "2026-01-0\(k + 1)", host: "h", toolchain: "t", workload: "random-1e\(k + 2)", strategy: strategy,
            nOld: n, nNew: n, sections: 1, sample: sample, wallNanoseconds: ns + UInt64(sample), cpuNanoseconds: ns, allocatedBytes: 10,
            peakBytes: 5, stages: 1, sectionOperations: 0, deletes: 1, inserts: 1, moves: 2, updates: 0, minMoves: 2, verified: true))
        }
      }
    }
    return CSVReport.text(rows)
  }

  @Test func writesThePageAndTheScalingPlot() throws {
    let dir = try folder(["reports/a.csv": rows("aaaaaaa", hashmapNs: 20), "reports/b.csv": rows("bbbbbbb", hashmapNs: 40)])
    let run = try diffbench(["report", "--out", dir + "/page.html", "--scaling-svg", dir + "/scaling.svg", dir + "/reports"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("wrote \(dir)/page.html (2 runs"))
    let html = try String(contentsOfFile: dir + "/page.html", encoding: .utf8)
    #expect(html.contains("hashmap  n^1.00"))
    let svg = try String(contentsOfFile: dir + "/scaling.svg", encoding: .utf8)
    #expect(svg.hasPrefix("<?xml") && svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(!FileManager.default.fileExists(atPath: dir + "/page.html.tmp-0"))
  }

  @Test func aFileThatIsNotAReportExitsTwoWithOneLine() throws {
    let dir = try folder(["notes.txt": "hello\n", "empty/README": ""])
    let bad = try diffbench(["report", "--out", dir + "/page.html", dir + "/notes.txt"])
    #expect(bad.status == 2)
    #expect(bad.err == "diffbench: \(dir)/notes.txt:1, column 1: wrong header: \"hello\" where \"commit\" belongs\n")
    #expect(!FileManager.default.fileExists(atPath: dir + "/page.html"))
    let empty = try diffbench(["report", dir + "/empty"])
    #expect(empty.status == 2 && empty.err == "diffbench: \(dir)/empty: a folder with no .csv report in it\n")
  }

  @Test func compareWritesItsPageAndKeepsItsExitStatus() throws {
    let dir = try folder(["a.csv": rows("aaaaaaa", hashmapNs: 20), "b.csv": rows("bbbbbbb", hashmapNs: 40)])
    let run = try diffbench(["compare", "--html", dir + "/compare.html", dir + "/a.csv", dir + "/b.csv"])
    #expect(run.status == 1)
    let html = try String(contentsOfFile: dir + "/compare.html", encoding: .utf8)
    #expect(html.components(separatedBy: "<td class=\"slower\">slower</td>").count == 4)
    #expect(html.contains("3 slower, 0 faster, 0 with more ops"))
  }
}
