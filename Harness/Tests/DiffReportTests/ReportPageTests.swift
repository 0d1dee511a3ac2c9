import DiffResults
import DiffVerification
@testable import DiffReport
import Foundation
import Testing

/// A run from raw rows, summarized as `report` summarizes a raw file.
func run(_ rows: [ReportRow], file: String = "t.csv", commit: String = "c", date: String = "d") -> ReportRun {
  ReportRun(file: file, commit: commit, date: date, cells: CellSummary.summaries(of: rows))
}

/// A raw report shaped like a full bench run, noisy from a fixed seed: every
/// workload × subject with samples sharing rounds, a skipped cell, the
/// scaling sweep, and a session.
func syntheticRawReport(commit: String = "abc1234", seed: UInt64 = 7) -> [ReportRow] {
  var rng = SplitMix64(seed: seed)
  var rows: [ReportRow] = []
  let strategies: [(String, Double)] = [("floor", 1), ("scan", 0.3), ("hashmap", 0.4), ("heckel", 1.2), ("naive", 40)]
  for (k, workload) in (["dk-5k", "paging-append"] + Growth.sweep).enumerated() {
    let n = workload.hasPrefix("random-") ? Int(pow(10, Double(Growth.sweep.firstIndex(of: workload)! + 2))) : 5_000 + k
    for sample in 0..<15 {
      let drift = 1 + Double(rng.int(below: 300)) / 1000
      for (strategy, factor) in strategies where !(strategy == "naive" && n > 10_000) {
        let wall = UInt64(Double(n) * 20 * factor * drift * (1 + Double(rng.int(below: 100)) / 1000))
        var r = row(commit, workload, strategy, n: n, sample: sample, wall: wall, moves: strategy == "naive" ? 0 : 3, deletes: strategy == "naive" ? 5 : 2)
        r.allocatedBytes = UInt64(rng.int(below: 1_000_000))
        r.peakBytes = UInt64(rng.int(below: 500_000))
        rows.append(r)
      }
    }
  }
  for step in 1...60 {
    for sample in 0..<3 {
      for (strategy, factor) in strategies.prefix(3) {
        var r = row(commit, "trace-x", strategy, n: 100, sample: sample, wall: UInt64(Double(1_000_000 + step * 200_000 + rng.int(below: 50_000)) * factor))
        r.step = step
        rows.append(r)
      }
    }
  }
  return rows
}

/// One plotted mark read back from the page: its `data-` attributes.
struct Mark {
  var workload: String
  var strategy: String
  var value: Double
  var commit: String?
  var measure: String?
}

/// Every circle or bar on the page that carries a plotted value.
func marks(_ html: String) -> [Mark] {
  let pattern = try! NSRegularExpression(pattern: #"<(circle|rect) class="(point|bar)"[^>]*>"#)
  let ns = html as NSString
  return pattern.matches(in: html, range: NSRange(location: 0, length: ns.length)).compactMap { match in
    let tag = ns.substring(with: match.range)
    func attribute(_ name: String) -> String? {
      guard let r = tag.range(of: " data-\(name)=\"") else { return nil }
      let rest = tag[r.upperBound...]
      return String(rest[..<rest.firstIndex(of: "\"")!])
    }
    guard let w = attribute("workload"), let s = attribute("strategy"), let v = attribute("value").flatMap(Double.init) else { return nil }
    return Mark(workload: w, strategy: s, value: v, commit: attribute("commit"), measure: attribute("measure"))
  }
}

/// The median as the test computes it: sort, take the middle (or the mean of
/// the two middles). Independent of `Statistics`.
func median(_ values: [Double]) -> Double {
  let s = values.sorted()
  return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func row(_ commit: String, _ workload: String, _ strategy: String, n: Int, sample: Int, wall: UInt64?, instructions: UInt64? = nil, moves: Int = 0, deletes: Int = 0, date: String = "2026-01-01T00:00:00Z") -> ReportRow {
  ReportRow(
    commit: commit, date: date, host: "h", toolchain: "t", workload: workload, strategy: strategy, nOld: n, nNew: n,
    sections: 1, sample: sample, wallNanoseconds: wall, cpuNanoseconds: wall, allocatedBytes: UInt64(n * 10), peakBytes: UInt64(n * 5),
    stages: 1, sectionOperations: 0, deletes: deletes, inserts: deletes, moves: moves, updates: 0, minMoves: 2, verified: true,
    instructions: instructions)
}

let repositoryRoot = "/" + #filePath.split(separator: "/").dropLast(4).joined(separator: "/")

@Suite struct ReportPageTests {
  /// Each plotted value is the median of the cell's rows in the CSV it came
  /// from: checked on the committed reports, with the history section too.
  @Test func everyPlottedValueIsTheMedianOfItsCell() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let raw = ["aaa1111": syntheticRawReport(commit: "aaa1111", seed: 1), "bbb2222": syntheticRawReport(commit: "bbb2222", seed: 2)]
    for (commit, rows) in raw { try CSVReport.write(rows, to: "\(dir)/\(commit).csv") }
    let runs = try ReportRun.load([dir])
    let page = ReportPage(runs: runs, history: [])
    let found = marks(page.html)
    #expect(found.count > 100)
    for mark in found where mark.workload != "trace-x" {
      // The mark's run: named by its commit (history), else the headline.
      let run = try #require(mark.commit.map { c in runs.first { $0.commit == c } } ?? page.headline)
      let rows = raw[run.commit]!.filter { $0.workload == mark.workload && $0.strategy == mark.strategy }
      try #require(!rows.isEmpty, "\(mark.workload) \(mark.strategy)")
      let expected: Double
      switch mark.measure {
      case "peak": expected = median(rows.map { Double($0.peakBytes) })
      case "alloc": expected = median(rows.map { Double($0.allocatedBytes) })
      case "moves": expected = Double(rows[0].moves)
      default: expected = median(rows.map { Double($0.wallNanoseconds!) })
      }
      #expect(abs(mark.value - expected) <= 1e-5 * max(1, expected), "\(mark.workload) \(mark.strategy): plotted \(mark.value), median \(expected)")
    }
    // Every kind of plotted value was among them, and the history's runs too.
    #expect(Set(found.map(\.measure)).isSuperset(of: ["peak", "alloc", "moves"]) && found.contains { $0.commit != nil })
  }

  @Test func aRawReportAndItsSummaryDrawTheSamePage() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir + "/raw", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: dir + "/summary", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for (commit, seed) in [("aaa1111", UInt64(3)), ("bbb2222", 4)] {
      let rows = syntheticRawReport(commit: commit, seed: seed)
      try CSVReport.write(rows, to: "\(dir)/raw/\(commit).csv")
      try SummaryReport.write(CellSummary.summaries(of: rows), to: "\(dir)/summary/\(commit).csv")
    }
    func page(_ folder: String) throws -> String {
      let html = ReportPage(runs: try ReportRun.load([dir + "/" + folder]), history: []).html
      return html.replacingOccurrences(of: dir + "/" + folder + "/", with: "")
    }
    let raw = try page("raw")
    #expect(raw.contains("trace-x") && raw.contains("aaa1111") && raw.contains("bbb2222"))
    #expect(raw == (try page("summary")))
    // Beside its raw report in one folder, a summary is read instead of it, not as well.
    try FileManager.default.copyItem(atPath: dir + "/summary/aaa1111.csv", toPath: dir + "/raw/aaa1111.summary.csv")
    #expect(try ReportRun.load([dir + "/raw"]).map(\.file).map { ($0 as NSString).lastPathComponent } == ["aaa1111.summary.csv", "bbb2222.csv"])
  }

  @Test func sectionsAndTextAreOnThePage() throws {
    let runs = try ReportRun.load([repositoryRoot + "/results/429c46b.summary.csv"])
    let html = ReportPage(runs: runs, history: []).html
    for id in ["scaling", "workloads", "quality", "memory", "sessions", "history"] { #expect(html.contains("<section id=\"\(id)\">")) }
    // Offline: nothing fetched from the network.
    #expect(!html.contains("<script"))
    #expect(!html.contains("http://") || !html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http://"))
    #expect(!html.contains("https://"))
    // Skipped cells are marked, and every plot has its table.
    #expect(html.contains(">skipped<"))
    #expect(html.components(separatedBy: "<svg").count == html.components(separatedBy: "<details>").count)
  }

  /// Other people's benchmarks come after the grid's own workloads, each
  /// suite's cards under a heading naming its source, in sections 2–4;
  /// with no suites given, one grid and no heading.
  @Test func suitesComeUnderTheirOwnHeadings() throws {
    var rows: [ReportRow] = []
    for workload in ["jsfb-create-1k", "dk-5k", "listkit-no-change-10k", "jsfb-clear-1k"] {
      for strategy in ["floor", "hashmap"] { rows.append(row("c", workload, strategy, n: 10, sample: 0, wall: 1_000, moves: 1)) }
    }
    let suites = ReportPage.Suites(
      named: [("jsfb", "js-framework-benchmark, its keyed rows"), ("listkit", "ListKit's table")],
      of: { name in ["jsfb", "listkit"].first { name.hasPrefix($0 + "-") } })
    let html = ReportPage(runs: [run(rows)], history: [], suites: suites).html
    for id in ["workloads", "quality", "memory"] {
      let section = html.components(separatedBy: "<section id=\"\(id)\">")[1].components(separatedBy: "</section>")[0]
      func at(_ text: String) -> Int {
        section.range(of: text).map { section.distance(from: section.startIndex, to: $0.lowerBound) } ?? -1
      }
      let order = [
        at("data-workload=\"dk-5k\""), at("<h3 id=\"\(id)-jsfb\">"), at("data-workload=\"jsfb-create-1k\""),
        at("data-workload=\"jsfb-clear-1k\""), at("<h3 id=\"\(id)-listkit\">"), at("data-workload=\"listkit-no-change-10k\""),
      ]
      #expect(!order.contains(-1) && order == order.sorted(), "\(id): \(order)")
      #expect(section.contains("js-framework-benchmark, its keyed rows") && section.components(separatedBy: "<div class=\"grid\">").count == 4)
    }
    let plain = ReportPage(runs: [run(rows)], history: []).html
    #expect(!plain.contains("<h3") && plain.components(separatedBy: "<div class=\"grid\">").count == 4, "one grid a section")
  }

  /// A workload with no floor (a snapshot operation) is no multiple of
  /// anything: it is a row of its own table, not a card in sections 2–4
  /// (where it read 1× with every absent strategy skipped).
  @Test func workloadsWithoutAFloorAreATableOfTheirOwn() throws {
    let rows = [
      row("c", "dk-5k", "floor", n: 10, sample: 0, wall: 1_000), row("c", "dk-5k", "hashmap", n: 10, sample: 0, wall: 500),
      row("c", "snapshot-build-10k", "snapshot", n: 10, sample: 0, wall: 2_000_000),
    ]
    let html = ReportPage(runs: [run(rows)], history: []).html
    #expect(html.contains("data-workload=\"dk-5k\"") && !html.contains("data-workload=\"snapshot-build-10k\""))
    let workloads = html.components(separatedBy: "<section id=\"workloads\">")[1].components(separatedBy: "</section>")[0]
    #expect(workloads.contains("<h3 id=\"workloads-unfloored\">") && workloads.contains("<tr><td>snapshot-build-10k</td><td>snapshot</td><td>2"))
    // Its memory is in that table, since the memory section draws it no card.
    let memory = try #require(rows.last.map { Markup.bytes(Double($0.peakBytes)) })
    #expect(workloads.contains("<td>1</td><td>\(memory)</td>"), "\(workloads)")
    #expect(!ReportPage(runs: [run(Array(rows.prefix(2)))], history: []).html.contains("unfloored"), "no table where every workload has a floor")
  }

  /// The quality table gives each strategy's stages beside `min_stages`
  /// (a dash where it is not known).
  @Test func theQualityTableShowsStagesAgainstTheFewest() throws {
    var rows: [ReportRow] = []
    for (strategy, stages, fewest) in [("floor", 0, nil), ("hashmap", 2, 2), ("planted", 3, 2), ("unjudged", 2, nil)] as [(String, Int, Int?)] {
      var r = row("c", "dk-5k", strategy, n: 10, sample: 0, wall: 1_000, moves: 1)
      (r.stages, r.minStages) = (stages, fewest)
      rows.append(r)
    }
    let html = ReportPage(runs: [run(rows)], history: []).html
    let quality = html.components(separatedBy: "<section id=\"quality\">")[1].components(separatedBy: "</section>")[0]
    #expect(quality.contains("<th>stages</th><th>min_stages</th></tr>"))
    #expect(quality.contains("<td>hashmap</td>") && quality.contains("<td>2</td><td>2</td></tr>"))
    #expect(quality.contains("<td>3</td><td>2</td></tr>"), "\(quality)")
    #expect(quality.contains("<td>2</td><td>–</td></tr>"), "\(quality)")
  }

  @Test func aSessionIsPlottedApplyByApplyWithItsBudgets() throws {
    // Two applies, two samples each: the second apply over a 120 Hz frame.
    var rows: [ReportRow] = []
    for (step, ns) in [(1, UInt64(2_000_000)), (2, UInt64(9_000_000))] {
      for sample in 0..<2 {
        for (strategy, factor) in [("floor", UInt64(1)), ("hashmap", UInt64(2))] {
          var r = row("c", "trace-x", strategy, n: 10, sample: sample, wall: ns * factor / 2)
          r.step = step
          rows.append(r)
        }
      }
    }
    let html = ReportPage(runs: [run(rows)], history: []).html
    #expect(html.contains("<section id=\"sessions\">"))
    let points = html.components(separatedBy: "data-workload=\"trace-x\" data-strategy=\"hashmap\" data-step=").count - 1
    #expect(points == 2)
    #expect(html.contains("120 Hz frame (8.33 ms)") && html.contains("60 Hz frame (16.67 ms)"))
    #expect(html.contains("hashmap  p99 9 ms") || html.contains("hashmap  p99 8.9"), "\(html)")
    // The table under the plot: 2 applies, one over 8.33 ms, none over 16.67 ms, for hashmap.
    let row = try #require(html.components(separatedBy: "<tr><td>hashmap</td><td>2</td>").dropFirst().first?.components(separatedBy: "</tr>").first)
    #expect(row.hasSuffix("<td>1</td><td>0</td>"), "\(row)")
    // Trace cells stay out of the pair sections.
    let workloads = html.components(separatedBy: "<section id=\"workloads\">")[1].components(separatedBy: "</section>")[0]
    #expect(!workloads.contains("trace-x"))
  }

  @Test func theFittedExponentOfAKnownSlope() {
    // time = 3 · n^1.5 exactly; the floor linear.
    var rows: [ReportRow] = []
    for (k, w) in Growth.sweep.enumerated() {
      let n = Int(pow(10, Double(k + 2)))
      for sample in 0..<3 {
        rows.append(row("c", w, "cubicish", n: n, sample: sample, wall: UInt64(3 * pow(Double(n), 1.5))))
        rows.append(row("c", w, "floor", n: n, sample: sample, wall: UInt64(7 * n)))
      }
    }
    let cells = CellSummary.summaries(of: rows)
    let fitted = Dictionary(uniqueKeysWithValues: Growth.points(cells).map { ($0.strategy, Growth.exponent($0.points)!) })
    #expect(abs(fitted["cubicish"]! - 1.5) < 1e-6)
    #expect(abs(fitted["floor"]! - 1.0) < 1e-9)
    #expect(Growth.line(cells) == "growth: cubicish n^1.50, floor n^1.00")
    // The plot shows it, and its points are the medians per item.
    let page = ReportPage(runs: [run(rows)], history: [])
    #expect(page.html.contains("cubicish  n^1.50"))
    let svg = page.scalingSVG!
    #expect(svg.contains("xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(marks(svg).count == 10)
  }

  @Test func oneSizeHasNoExponent() {
    #expect(Growth.exponent([.init(workload: "random-1e2", n: 100, median: 5)]) == nil)
  }

  @Test func historyMarksAStepCompareCallsSlower() throws {
    // Counted runs: the second doubles hashmap's instructions.
    func counted(_ commit: String, _ hashmap: UInt64) -> ReportRun {
      run([
        row(commit, "dk-5k", "floor", n: 5, sample: 0, wall: nil, instructions: 1000),
        row(commit, "dk-5k", "hashmap", n: 5, sample: 0, wall: nil, instructions: hashmap),
      ], file: commit, commit: commit)
    }
    let page = ReportPage(runs: [counted("bbbbbbb", 4000), counted("aaaaaaa", 2000)], history: ["bbbbbbb1", "aaaaaaa1"])
    // History lists newest first: aaaaaaa is the older.
    #expect(page.runs.map(\.commit) == ["aaaaaaa", "bbbbbbb"])
    let html = page.html
    #expect(html.contains("compare aaaaaaa → bbbbbbb: dk-5k hashmap slower, ×2.000"))
    #expect(html.components(separatedBy: "stroke=\"#d00\"").count == 2)
  }
}

@Suite struct ReportRunTests {
  func run(_ commit: String, date: String) -> ReportRun {
    DiffReportTests.run([row(commit, "dk-5k", "floor", n: 1, sample: 0, wall: 1, date: date)], file: commit, commit: commit, date: date)
  }

  @Test func ordersByHistoryThenDate() {
    let history = ["ccc0000", "bbb0000", "aaa0000"]
    let runs = [run("bbb0000-dirty", date: "3"), run("ccc0000", date: "1"), run("aaa0000", date: "9"), run("bbb0000", date: "2")]
    let (ordered, byDate) = ReportRun.ordered(runs, history: history)
    #expect(!byDate)
    #expect(ordered.map(\.commit) == ["aaa0000", "bbb0000", "bbb0000-dirty", "ccc0000"])
  }

  @Test func fallsBackToTheDate() {
    let runs = [run("zzz9999", date: "2"), run("aaa0000", date: "1")]
    let (ordered, byDate) = ReportRun.ordered(runs, history: ["aaa0000"])
    #expect(byDate)
    #expect(ordered.map(\.commit) == ["aaa0000", "zzz9999"])
  }

  @Test func badInputIsNamed() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    #expect(throws: ReportInputError.self) { try ReportRun.load([dir]) }
    try "not,a,report\n".write(toFile: dir + "/x.csv", atomically: true, encoding: .utf8)
    do {
      _ = try ReportRun.load([dir + "/x.csv"])
      Issue.record("read a file that is not a report")
    } catch {
      #expect(error.description.hasPrefix(dir + "/x.csv:1"))
    }
    do {
      _ = try ReportRun.load([dir + "/missing.csv"])
      Issue.record("read a missing file")
    } catch {
      #expect(error.description == dir + "/missing.csv: no such file or folder")
    }
  }
}

/// Section 7: a peer's releases, findings and speed, one line a peer.
@Suite struct PeerHistorySectionTests {
  func release(_ peer: String, _ name: String, _ uikit: String, crash: Int?, floor: Double?) -> PeerRelease {
    var r = PeerRelease()
    (r.peer, r.release, r.uikit, r.built, r.crash, r.wrongScreen, r.cost, r.timesFloor) = (peer, name, uikit, crash != nil, crash, crash.map { _ in 0 }, crash.map { _ in 0 }, floor)
    if crash == nil { r.note = "lib/Sources/S.swift:1:1: error: circular reference" }
    return r
  }

  @Test func eachBuiltReleaseIsAPointItsFindingsSummedOverTargets() throws {
    let releases = [
      release("dk", "0.3.0", "ios13", crash: 5, floor: 14), release("dk", "0.3.0", "ios15", crash: 7, floor: 14),
      release("dk", "0.4.0", "ios13", crash: 0, floor: 12), release("dk", "0.7.0", "ios13", crash: nil, floor: nil),
      release("listdiff", "0.1.0", "ios13", crash: 3, floor: 2),
    ]
    let page = ReportPage(runs: [run(syntheticRawReport())], history: [], peerReleases: releases)
    let html = page.html
    #expect(html.contains("<a href=\"#releases\">7. Peers across their releases</a>"))
    let section = String(html[html.range(of: "<section id=\"releases\">")!.lowerBound...])
    #expect(section.contains("data-peer=\"dk\" data-release=\"0.3.0\" data-value=\"12\""))
    #expect(section.contains("data-peer=\"dk\" data-release=\"0.4.0\" data-value=\"0\""))
    #expect(!section.contains("data-release=\"0.7.0\""), "an unbuilt release has no point")
    #expect(section.contains("circular reference"), "the table says why it did not build")
    #expect(section.contains("data-peer=\"listdiff\" data-release=\"0.1.0\" data-value=\"3\""))
    #expect(section.contains("data-peer=\"dk\" data-release=\"0.4.0\" data-value=\"12\""), "its time over the floor")
  }

  @Test func withoutReleasesTheSectionSaysHowToMakeThem() {
    let html = ReportPage(runs: [run(syntheticRawReport())], history: []).html
    #expect(html.contains("make peers-history PEER=…"))
  }
}
