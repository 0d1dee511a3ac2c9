import ArgumentParser
import DiffBenchmarks
import DiffFuzzing
import DiffReport
import DiffResults
import DiffSupport
import DiffVerification
import Foundation

struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Compare two bench reports (two commits): what got faster, slower, or produced worse changesets.",
    discussion: """
      Per workload × strategy, a verdict: faster, slower, or ~ (within the threshold or the noise). \
      A cell counted on both sides (bench --instructions) is judged by its exact instruction ratio \
      (--count-threshold). A timed cell is judged by wall time divided by the floor's \
      sample of the same round, so the machine's drift cancels; the ratio of the medians gets a \
      95% interval (each side's order-statistic interval for its median, combined), and slower \
      needs the whole interval above 1 (--threshold). The floor's own change is printed as the drift. Any increase in stages, deletes, \
      inserts or moves is flagged, as is a head row that failed verification. Either report may \
      be raw (a row per sample) or a summary (a row per cell, as results/ keeps them): both are \
      judged from the same per-cell summary.
      Exit status: 0 fine, 1 a significant slowdown beyond the threshold or more ops, \
      2 invalid input (the file, line and column are named).
      """)

  @Argument(help: "The base report (CSV, raw or summary).") var base: String
  @Argument(help: "The head report (CSV, raw or summary).") var head: String

  @Option(help: "Timed cells: changes within this percentage are noise.")
  var threshold: Double = 5

  @Option(help: "Counted cells: changes in instructions within this percentage are noise.")
  var countThreshold: Double = 1

  @Option(help: "Also write the verdicts as an HTML page, colour-coded, each interval drawn.")
  var html: String?

  func validate() throws {
    if threshold < 0 || threshold >= 100 { throw ValidationError("--threshold is a percentage in 0..<100") }
    if countThreshold < 0 || countThreshold >= 100 { throw ValidationError("--count-threshold is a percentage in 0..<100") }
  }

  func run() throws {
    let baseCells: [CellSummary], headCells: [CellSummary]
    do {
      baseCells = try ReportFile.read(contentsOf: base)
      headCells = try ReportFile.read(contentsOf: head)
    } catch {
      printError(error.description)
      throw ExitCode(2)
    }
    let comparison = Comparison(base: baseCells, head: headCells, threshold: threshold / 100, countThreshold: countThreshold / 100)
    print(comparison.table)
    if let html {
      try writeAtomically(ComparisonPage.html(comparison, base: base, head: head), to: html)
      print("wrote \(html)")
    }
    if comparison.exitStatus != 0 { throw ExitCode(comparison.exitStatus) }
  }
}
