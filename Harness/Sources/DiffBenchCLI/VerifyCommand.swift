import ArgumentParser
import DiffBenchmarks
import DiffFuzzing
import DiffVerification
import Foundation
import SnapshotDiff

struct VerifyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract: "Run strategies on corpus files and check every changeset.",
    discussion: """
      Each file's pair goes through every strategy (or those named) and the oracles: \
      every stage keeps the batch-update rules, the result equals the target exactly, the gone \
      ids are deleted and the new ones inserted, an identical pair gives no stage, moves are at \
      least min_moves (exactly, for a strategy that promises the minimum) and follow the \
      strategy's documented move rule. min_moves itself is checked against a reference. \
      Folders are searched recursively for .json pairs and .jsonl traces. Each strategy runs in a child process: \
      a trap is a `crash`, no answer within --timeout a `hang`, and the rest still run.

      Prints a line per failure (file, strategy, what broke) and ends with `N passed, M failed` (with the failures by severity where some failed), then `, K skipped (no sections)` when a strategy without sections met files with them. \
      Invalid files get a one-line error on standard error and are skipped. Progress (file, \
      strategy, applies of a trace, time left) goes to standard error; --quiet turns it off.
      Exit status: 0 all passed, 1 a strategy failed, 2 invalid input or usage.
      """)

  @OptionGroup var strategies: StrategyOptions
  @OptionGroup var timeout: TimeoutOption
  @OptionGroup var uikit: UIKitOption
  @OptionGroup var progressOption: ProgressOption

  @Option(help: "Workers side by side on a trace, each walking the next free share of its applies with every strategy (default: the cores).")
  var jobs: Int?
  /// `--jobs`, or the cores: not a default of the option, so that the help and
  /// the command reference are the same on every machine.
  var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

  @Flag(help: "Only read the files: every snapshot made and checked as a strategy would get it, no strategy run. Prints each file's snapshots and read speed; invalid input exits 2 as usual.")
  var parseOnly = false

  @Option(help: "Also write every verdict here, as JSON: the counts by severity and each failure (file, strategy, kind, what broke).")
  var summary: String?

  @Argument(help: "Corpus files or folders.")
  var paths: [String]

  func validate() throws {
    if paths.isEmpty { throw ValidationError("give at least one corpus file or folder") }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
  }

  func run() throws {
    if parseOnly { return try read() }
    // Each strategy in a child process of its own: a trap is a failure, not the end of the run.
    let progress = ProgressLine(quiet: progressOption.quiet)
    var verifier = CorpusVerifier(
      strategies: strategies.selected, isolation: workerCommand, timeout: timeout.timeout,
      output: { print($0) }, errors: { progress.note(errorLine($0)) })
    verifier.progress = { progress.update(Self.line($0)) }
    verifier.jobs = workers
    verifier.updates = uikit.updates
    // Verdicts come one after another, from the run's own thread.
    final class Kept { var summary: VerifySummary; init(_ s: VerifySummary) { summary = s } }
    let kept = Kept(VerifySummary(strategies: strategies.selected.map(\.name), uikit: uikit.target.rawValue))
    verifier.verdict = { file, strategy, failure in kept.summary.record(file, strategy, failure) }
    let status = verifier.run(paths: paths)
    progress.finish()
    if let summary {
      do {
        try kept.summary.write(to: summary)
      } catch {
        printError("\(summary): \(error.localizedDescription)")
        throw ExitCode(2)
      }
    }
    if status != 0 { throw ExitCode(status) }
  }

  /// `--parse-only`: each file read as `verify` reads it, its size and speed printed.
  func read() throws {
    let files: [String]
    do {
      files = try CorpusCase.files(at: paths, traces: true)
    } catch {
      printError(errorLine(error.description))
      throw ExitCode(2)
    }
    var invalid = false
    for file in files {
      let started = Clock.wall()
      var snapshots = 0
      var items = 0
      do {
        if isTraceFile(file) {
          var reader = try TraceReader(contentsOf: file)
          while let next = try reader.next() {
            snapshots += 1
            items += next.snapshot.numberOfItems
          }
        } else {
          let pair = try CorpusCase.load(contentsOf: file)
          snapshots = 2
          items = pair.old.numberOfItems + pair.new.numberOfItems
        }
      } catch {
        printError(errorLine(error.description))
        invalid = true
        continue
      }
      let seconds = Double(Clock.wall() - started) / 1e9
      let bytes = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
      print(String(
        format: "%@: %d snapshots, %d items, %.1f MB in %.3f s (%.0f MB/s)", file, snapshots, items, Double(bytes) / 1e6, seconds,
        Double(bytes) / 1e6 / max(seconds, 1e-9)))
    }
    if invalid { throw ExitCode(2) }
  }

  /// `[3/12] Corpus/a.jsonl hashmap: 1,200/2,520 applies, 310/s, 4 s left`.
  static func line(_ p: VerifyProgress) -> String {
    var text = "[\(p.fileIndex)/\(p.fileCount)] \(p.file) \(p.strategy)"
    guard let applies = p.applies else { return text }
    text += ": \(applies)" + (p.totalApplies.map { "/\($0)" } ?? "") + " applies"
    guard applies > 0, p.elapsedSeconds > 0 else { return text }
    text += String(format: ", %.0f/s", Double(applies) / p.elapsedSeconds)
    if let total = p.totalApplies,
      let left = ProgressLine.remaining(done: Double(applies), total: Double(total), elapsed: p.elapsedSeconds)
    {
      text += ", \(ProgressLine.duration(left)) left"
    }
    return text
  }
}
