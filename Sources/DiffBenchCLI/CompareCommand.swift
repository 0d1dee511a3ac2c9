import ArgumentParser
import DiffBenchmarks
import DiffFuzzing
import DiffVerification
import Foundation

struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Compare two bench reports (two commits): what got faster, slower, or produced worse changesets.",
    discussion: """
      Per workload × strategy: base and head median wall time, their ratio with a 95% bootstrap
      interval, and a verdict (faster, slower, ~ within noise). Any increase in stages, deletes,
      inserts or moves is flagged, as is a head row that failed verification.
      Exit status: 0 fine, 1 a significant slowdown beyond the threshold or more ops,
      2 invalid input (the file, line and column are named).
      """)

  @Argument(help: "The base report (CSV).") var base: String
  @Argument(help: "The head report (CSV).") var head: String

  @Option(help: "Slowdowns within this percentage are noise.")
  var threshold: Double = 5

  func validate() throws {
    if threshold < 0 || threshold >= 100 { throw ValidationError("--threshold is a percentage in 0..<100") }
  }

  func run() throws {
    let baseRows: [ReportRow], headRows: [ReportRow]
    do {
      baseRows = try CSVReport.read(contentsOf: base)
      headRows = try CSVReport.read(contentsOf: head)
    } catch {
      printError(error.description)
      throw ExitCode(2)
    }
    let comparison = Comparison(base: baseRows, head: headRows, threshold: threshold / 100)
    print(comparison.table)
    if comparison.exitStatus != 0 { throw ExitCode(comparison.exitStatus) }
  }
}
