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
    subcommands: [ListCommand.self, VerifyCommand.self, FuzzCommand.self, BenchCommand.self, CompareCommand.self, FuzzWorkerCommand.self]
  )

  /// Parses and runs, with SPEC §6's exit codes: a usage error exits 2.
  static func main() {
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

struct FuzzWorkerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fuzz-worker", abstract: "The child process of `fuzz` (internal).", shouldDisplay: false)

  @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

  func run() throws {
    let status = FuzzWorker.main(arguments: arguments, strategies: Strategies.all)
    if status != 0 { throw ExitCode(status) }
  }
}
