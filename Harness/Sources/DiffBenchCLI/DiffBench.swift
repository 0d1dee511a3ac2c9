import ArgumentParser
import DiffBenchmarks
import DiffFuzzing
import DiffResults
import DiffVerification
import Foundation
import SnapshotDiff

/// The `diffbench` command line, for this package's executable and for
/// another package's, with strategies of its own raced beside the library's:
///
/// ```swift
/// // Sources/race/main.swift in your package
/// import DiffBenchCLI
/// DiffBench.main(extraStrategies: [Contender(AppendAware())])
/// ```
///
/// Every command (`list`, `verify`, `fuzz`, `bench`, `compare`, `diff`,
/// `check`) then knows them, under their own names in every report.
public struct DiffBench: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "diffbench",
    abstract: "Verify, fuzz and benchmark list-diff strategies.",
    discussion: """
      Strategies: \(Contenders.names.joined(separator: ", ")). \
      Corpus files are JSON pairs of snapshots, changeset files JSON, traces JSON Lines, reports \
      CSV: the formats are the File formats and Diffbench articles of the docs (make docs).
      """,
    subcommands: [
      ListCommand.self, VerifyCommand.self, FuzzCommand.self, BenchCommand.self, CompareCommand.self, ReportCommand.self,
      TableCommand.self, ExportCommand.self, WorkloadCommand.self, StagesCommand.self,
      DiffCommand.self, CheckCommand.self, ImportCommand.self, SeedsCommand.self, WorkerCommand.self, CountWorkerCommand.self,
    ]
  )

  public init() {}

  /// Runs the command line with `extraStrategies` beside the library's.
  /// Exits with the documented status (a usage error, or two strategies with one
  /// name, exits 2).
  public static func main(extraStrategies: [Contender]) -> Never {
    do {
      try Contenders.add(extraStrategies, reserving: Set(Yardstick.allCases.map(\.rawValue)))
    } catch {
      FileHandle.standardError.write(Data("diffbench: \(error)\n".utf8))
      Foundation.exit(2)
    }
    main()
    Foundation.exit(0)
  }

  /// Parses and runs, with the documented exit codes: a usage error exits 2.
  public static func main() {
    // Interrupted or terminated, diffbench takes its workers with it.
    ChildRegistry.killChildrenOnSignals()
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        exit(withError: error)
      }
      if let exit = error as? ExitCode {
        Foundation.exit(exit.rawValue)
      }
      let message = fullMessage(for: error)
      if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
      Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
    }
  }
}

/// The strategies named on the command line, or all of them.
struct StrategyOptions: ParsableArguments {
  @Option(name: .customLong("strategy"), help: "Only this strategy (repeatable): \(Contenders.names.joined(separator: ", ")).")
  var names: [String] = []

  func validate() throws {
    for name in names where Contenders.named(name) == nil {
      throw ValidationError("unknown strategy '\(name)'; known: \(Contenders.names.joined(separator: ", "))")
    }
  }

  var selected: [Contender] {
    names.isEmpty ? Contenders.all : names.compactMap(Contenders.named)
  }
}

func printError(_ line: String) {
  FileHandle.standardError.write(Data((errorLine(line) + "\n").utf8))
}

/// A one-line error as standard error shows it.
func errorLine(_ line: String) -> String { "diffbench: " + line }

/// Reads a corpus case; an invalid one is one line on standard error and exit 2.
func loadCase(_ file: String) throws -> CorpusCase {
  do {
    return try CorpusCase.load(contentsOf: file)
  } catch {
    printError(error.description)
    throw ExitCode(2)
  }
}

struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "Print the strategy names, then the workload names, one a line.",
    discussion: """
      The names are those every report and option uses (`--strategy`, `bench --filter`); a \
      package that races its own strategies lists them beside the library's.
      Exit status: 0.
      """)

  @Flag(help: "Print the suites instead: each name, its workloads' count and its source.")
  var suites = false

  func run() {
    if suites {
      for suite in WorkloadSuite.all { print("\(suite.name)\t\(suite.workloads.count) workloads\t\(suite.source)") }
      return
    }
    for name in Contenders.names { print(name) }
    for name in Workload.names { print(name) }
  }
}

struct WorkerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "worker", abstract: "The child process of `fuzz` and `verify` (internal).", shouldDisplay: false)

  @Argument(help: "A worker configuration (JSON).") var configuration: String

  func run() throws {
    AllocationProbe.returnFreedPagesAtOnce()
    let status = StrategyWorker.main(arguments: [configuration], strategies: Contenders.all)
    if status != 0 { throw ExitCode(status) }
  }
}

/// `--uikit`: the UIKit a changeset is judged against, which decides how
/// its item updates are performed (the batch update rules article).
struct UIKitOption: ParsableArguments {
  enum Target: String, ExpressibleByArgument, CaseIterable {
    case ios13, ios15
  }

  @Option(
    name: .customLong("uikit"),
    help: "ios13: item updates are reloadItems (a delete and an insert, placed ignoring moves); ios15: reconfigureItems, in place. Section updates are reloadSections under both.")
  var target: Target = .ios15

  var updates: BatchUpdate.UpdateKind { target == .ios13 ? .reload : .reconfigure }
}

/// Seconds one strategy may take on one pair; the documented default is 10.
struct TimeoutOption: ParsableArguments {
  @Option(help: "CPU seconds one strategy call may use before it is a hang (a failure); more where its cost model estimates more for the pair. A call blocked without using CPU is a hang after ten times its deadline of wall time.")
  var timeout: Double = 10

  func validate() throws {
    if !(timeout > 0) { throw ValidationError("--timeout must be a positive number of seconds") }
  }
}

/// This executable's worker command.
var workerCommand: [String] { [Bundle.main.executablePath ?? CommandLine.arguments[0], "worker"] }
