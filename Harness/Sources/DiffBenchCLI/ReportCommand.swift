import ArgumentParser
import DiffBenchmarks
import DiffReport
import DiffResults
import DiffSupport
import DiffVerification
import Foundation

struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Draw bench reports as one self-contained HTML page.",
    discussion: """
      Reads reports (CSV files, or folders of them) and writes one HTML page that opens \
      offline: plots as inline SVG, every plotted value also a tooltip and a table row. \
      Sections: 1. scaling (random-1e2 … random-1e6, time or instructions per item against n, \
      log–log, each strategy's growth exponent); 2. workloads (each strategy as × floor, p10–p90; \
      the grid's workloads first, then each suite's under a heading naming its source); \
      3. quality (moves against min_moves, re-inserts); 4. memory (peak and allocated bytes \
      against the floor's); 5. history (each cell across commits, in git rev-list order, steps \
      compare calls slower ringed); 7. peers across their releases (the peers-history-PEER.csv files \
      among the reports: findings and time over the floor, release by release, one line a peer). \
      Sections 2–4 show the newest timed run.
      Exit status: 0 written, 2 invalid input (the file and what is wrong are named).
      """)

  @Argument(help: "Reports: CSV files, or folders whose .csv files are read.")
  var reports: [String]

  @Option(help: "The page to write.")
  var out = "results/report.html"

  @Option(help: "Also write the scaling plot as a standalone SVG file here.")
  var scalingSvg: String?

  func validate() throws {
    if reports.isEmpty { throw ValidationError("name at least one report (a CSV file or a folder)") }
  }

  func run() throws {
    let runs: [ReportRun], releases: [PeerRelease]
    do {
      runs = try ReportRun.load(reports)
      releases = try ReportRun.loadPeerReleases(reports)
    } catch {
      printError(error.description)
      throw ExitCode(2)
    }
    let suites = ReportPage.Suites(named: WorkloadSuite.all.map { ($0.name, $0.source) }, of: { WorkloadSuite.of($0)?.name })
    let page = ReportPage(runs: runs, history: ReportRun.gitHistory(), suites: suites, ownStrategies: Contenders.library.map(\.name), peerReleases: releases)
    try writeAtomically(page.html, to: out)
    print("wrote \(out) (\(runs.count) runs: \(runs.map(\.commit).joined(separator: ", ")))")
    if let path = scalingSvg {
      guard let svg = page.scalingSVG else {
        printError("no cell of the scaling sweep (random-1e*) in these reports: \(path) not written")
        throw ExitCode(2)
      }
      try writeAtomically(svg, to: path)
      print("wrote \(path)")
    }
  }
}
