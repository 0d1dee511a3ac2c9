import ArgumentParser
import DiffBenchmarks
import DiffFuzzing
import DiffSupport
import DiffVerification
import Foundation
import SnapshotDiff

struct FuzzCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fuzz",
    abstract: "Run random snapshot pairs through the strategies; shrink what fails into corpus files.",
    discussion: """
      Pairs are a pure function of (seed, iteration), so a run is repeatable on any machine; one \
      iteration in eight is a session instead (2 to 50 applies of random edits from one start), \
      walked by each strategy from its own results and shrunk into a .jsonl trace. A strategy \
      without sections gets the flat pairs only; its skips are counted on a line of their own. Workers hash \
      deterministically, so a failure found once fails again when re-checked; one that does not \
      is written as found and counted as `not reproduced`. --seconds bounds the whole run, \
      shrinking included (it may overrun by one strategy call's deadline). \
      Strategies run in child processes: a trap (`crash`) or no answer within --timeout \
      (`hang`) is a failure like any other. Oracles: valid stages, the exact target, the gone \
      ids deleted and the new ids inserted (a kept id is moved, unless the strategy re-inserts), \
      no stage for an identical pair, moves + re-inserts >= min_moves, each strategy's promise \
      (minimal moves, or its documented move rule), and min_moves itself against a reference. \
      Each failure is shrunk while the same strategy still fails the same way, written to --out \
      with `found_by`, and printed with the command that replays it.
      Exit status: 0 none found, 1 found, 2 usage.
      """)

  @Option(help: "The seed (default: random, always printed).")
  var seed: UInt64?

  @Option(help: "Stop after this many pairs (default: \(FuzzConfiguration.defaultIterations), unless --seconds is given).")
  var iterations: UInt64?

  @Option(help: "Stop after this many seconds.")
  var seconds: Double?

  @OptionGroup var strategies: StrategyOptions
  @OptionGroup var timeout: TimeoutOption
  @OptionGroup var uikit: UIKitOption
  @OptionGroup var progressOption: ProgressOption

  @Option(help: "Worker processes side by side (default: the cores).")
  var jobs: Int?
  /// `--jobs`, or the cores: not a default of the option, so that the help and
  /// the command reference are the same on every machine.
  var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

  @Option(help: "Largest snapshot the generator makes, in items.")
  var maxItems: Int = 2_000

  @Option(help: "Where shrunk failures are written.")
  var out: String = "Corpus/regressions"

  @Option(help: "Also write the run's figures and findings here, as JSON (what `diffbench table --fuzz` reads).")
  var summary: String?

  func validate() throws {
    if iterations != nil && seconds != nil { throw ValidationError("give --iterations or --seconds, not both") }
    if let seconds, seconds <= 0 { throw ValidationError("--seconds must be positive") }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    if maxItems < 0 { throw ValidationError("--max-items must not be negative") }
  }

  func run() throws {
    let seed = self.seed ?? UInt64.random(in: 0...UInt64.max)
    let names = strategies.selected.map(\.name)
    var configuration = FuzzConfiguration(
      seed: seed, iterations: iterations, seconds: seconds, strategies: names, jobs: workers,
      maxItems: maxItems, timeout: timeout.timeout, outputFolder: out, workerCommand: workerCommand)
    configuration.updates = uikit.updates
    let limit = configuration.pairLimit.map { "\($0) pairs" } ?? seconds.map { "\($0) s" } ?? ""
    print("fuzz: seed \(seed), \(workers) jobs, \(limit), strategies \(names.joined(separator: " ")), up to \(maxItems) items, timeout \(timeout.timeout) s, --uikit \(uikit.target.rawValue)")
    fflush(nil)  // before the progress line on standard error
    let engine = FuzzEngine(configuration: configuration)
    let progress = ProgressLine(quiet: progressOption.quiet)
    engine.progress = { [seconds, pairLimit = configuration.pairLimit] report in
      let rate = report.seconds > 0 ? Double(report.pairs) / report.seconds : 0
      var line = String(format: "%8.1f s  %10d pairs  %8.0f pairs/s  %d failures", report.seconds, report.pairs, rate, report.failures)
      // Time left: of --seconds, or at this pace of the --iterations (shrinking aside).
      let left = seconds.map { $0 - report.seconds }
        ?? pairLimit.flatMap { ProgressLine.remaining(done: Double(report.pairs), total: Double($0), elapsed: report.seconds) }
      if let left { line += "  \(ProgressLine.duration(left)) left" }
      progress.update(line)
    }
    engine.found = { finding in
      progress.finish()
      print(oneLine("FAIL \(finding.strategy) (\(finding.kind)): \(finding.failure)"))
      print(oneLine("  in UIKit: \(finding.uikit)"))
      print("  \(finding.isTrace ? "session" : "pair"): --seed \(seed), iteration \(finding.iteration); \(finding.outcome): \(finding.originalItems) → \(finding.shrunkItems) items")
      print("  wrote \(finding.file)")
      print("  replay: \(finding.replay)")
      fflush(nil)
    }
    let report = engine.run()
    progress.finish()
    let rate = report.seconds > 0 ? Double(report.pairs) / report.seconds : 0
    print(String(
      format: "%d pairs and sessions in %.1f s: %.0f pairs/s, %.0f per job; %d failures (%d kept, %d not reproduced, %d repeats); seed %llu",
      report.pairs, report.seconds, rate, rate / Double(workers), report.failures, report.findings.count - report.notReproduced,
      report.notReproduced, report.repeats, seed))
    if report.failures > 0 { print("failures by severity: \(report.severities)") }
    if !report.byShape.isEmpty {
      // Each shape's pairs a second of one job's time, so that a slower shape shows.
      let shapes = IDShape.allCases.compactMap { shape in
        report.byShape[shape].map { String(format: "%@ %d (%.0f/s)", shape.description, $0.pairs, $0.perSecond) }
      }
      print("by id shape, pairs and sessions (a second of one job): " + shapes.joined(separator: ", "))
    }
    if report.skipped > 0 {
      print("\(report.skipped) times a strategy without sections was not run on a pair or session with them (no sections)")
    }
    for finding in report.unfinished {
      print("not finished shrinking: \(finding.file) (\(finding.outcome))")
    }
    if let first = report.firstFailureSeconds { print(String(format: "first failure after %.1f s", first)) }
    if let summary {
      do {
        try FuzzSummary(report, strategies: names).write(to: summary)
      } catch {
        printError("\(summary): \(error.localizedDescription)")
        throw ExitCode(2)
      }
    }
    if report.failures > 0 { throw ExitCode(1) }
  }
}
