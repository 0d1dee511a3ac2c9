import ArgumentParser
import DiffHarness
import Foundation
import SnapshotDiff

@main
struct DiffBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diffbench",
    abstract: "Verify, fuzz and benchmark list-diff strategies.",
    discussion: """
      Strategies: \(Strategies.names.joined(separator: ", ")).
      Corpus files are JSON pairs of snapshots (see SPEC §5); reports are CSV (SPEC §6).
      """,
    subcommands: [ListCommand.self, VerifyCommand.self, FuzzCommand.self, BenchCommand.self, CompareCommand.self, WorkerCommand.self]
  )

  /// Parses and runs, with SPEC §6's exit codes: a usage error exits 2.
  static func main() {
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
  @Option(name: .customLong("strategy"), help: "Only this strategy (repeatable): \(Strategies.names.joined(separator: ", ")).")
  var names: [String] = []

  func validate() throws {
    for name in names where Strategies.named(name) == nil {
      throw ValidationError("unknown strategy '\(name)'; known: \(Strategies.names.joined(separator: ", "))")
    }
  }

  var selected: [any DiffStrategy] {
    names.isEmpty ? Strategies.all : names.compactMap(Strategies.named)
  }
}

func printError(_ line: String) {
  FileHandle.standardError.write(Data(("diffbench: " + line + "\n").utf8))
}

struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "Print the strategy names, then the workload names, one a line.")

  func run() {
    for name in Strategies.names { print(name) }
    for name in Workload.names { print(name) }
  }
}

struct WorkerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "worker", abstract: "The child process of `fuzz` and `verify` (internal).", shouldDisplay: false)

  @Argument(help: "A worker configuration (JSON).") var configuration: String

  func run() throws {
    let status = StrategyWorker.main(arguments: [configuration], strategies: Strategies.all)
    if status != 0 { throw ExitCode(status) }
  }
}

/// Seconds one strategy may take on one pair; SPEC §6's default is 10.
struct TimeoutOption: ParsableArguments {
  @Option(help: "Seconds one strategy may take on one pair before it is a hang (a failure).")
  var timeout: Double = 10

  func validate() throws {
    if !(timeout > 0) { throw ValidationError("--timeout must be a positive number of seconds") }
  }
}

/// This executable's worker command.
var workerCommand: [String] { [Bundle.main.executablePath ?? CommandLine.arguments[0], "worker"] }
