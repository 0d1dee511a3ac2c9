import ArgumentParser
import DiffResults
import DiffSupport
import DiffVerification
import Foundation

/// `diffbench export`: a report in another shape, for git or for a dashboard.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a bench report (raw or summary) in another format.",
    discussion: """
      summary: the summary report, a row per cell (what results/ keeps in git; compare and report \
      read it as they read the raw one).
      github-action-benchmark: the customSmallerIsBetter JSON that github-action-benchmark plots, \
      an entry per workload × strategy: instructions for a counted cell, the median in ms for a \
      timed one (with its p10–p90 spread as the range); the floor and scan yardsticks included.
      Exit status: 0, or 2 for invalid input.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case summary
    case githubActionBenchmark = "github-action-benchmark"
  }

  @Option(help: "summary or github-action-benchmark.") var format: Format
  @Argument(help: "The report (CSV, raw or summary).") var report: String
  @Option(help: "Write here instead of standard output (atomically).") var out: String?

  func run() throws {
    let cells: [CellSummary]
    do {
      cells = try ReportFile.read(contentsOf: report)
    } catch {
      printError(error.description)
      throw ExitCode(2)
    }
    let text: String
    switch format {
    case .summary: text = SummaryReport.text(cells)
    case .githubActionBenchmark: text = try BenchmarkExport.githubActionBenchmark(cells) + "\n"
    }
    if let out {
      try writeAtomically(text, to: out)
      print("wrote \(out) (\(cells.count) cells)")
    } else {
      print(text, terminator: "")
    }
  }
}
