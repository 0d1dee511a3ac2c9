import DiffVerification
import SnapshotDiff

/// `diffbench verify`: strategies over corpus files and traces, a line per
/// failure, a closing count, and the exit status of the command.
public struct CorpusVerifier {
  public var strategies: [any DiffStrategy]
  /// Where failure lines and the closing count go.
  public var output: (String) -> Void
  /// Where one-line errors about invalid input go.
  public var errors: (String) -> Void
  /// The worker command (see ``StrategyWorker``) to run each strategy in a
  /// child process of its own, so that a trap or a hang is reported as a
  /// failure and the rest still run; `nil` runs them in this process.
  public var isolation: [String]?
  /// CPU seconds one strategy call may use before it is a hang, at least.
  public var timeout: Double

  public init(
    strategies: [any DiffStrategy], isolation: [String]? = nil, timeout: Double = 10,
    output: @escaping (String) -> Void, errors: @escaping (String) -> Void
  ) {
    self.strategies = strategies
    self.isolation = isolation
    self.timeout = timeout
    self.output = output
    self.errors = errors
  }

  /// Verifies every file at `paths` (folders recursively: `.json` pairs and
  /// `.jsonl` traces). Invalid files are reported and skipped; the rest still
  /// run. A trace is walked by each strategy with its own state: one verdict
  /// per (file, strategy), as for a pair.
  ///
  /// - Returns: 0 when all passed, 1 when a strategy failed, 2 when some
  ///   input was invalid (as `diff` and `grep`, trouble wins).
  public func run(paths: [String]) -> Int32 {
    var invalid = false
    var files: [String] = []
    for path in paths {
      do {
        files += try CorpusCase.files(at: [path], traces: true)
      } catch {
        errors(error.description)
        invalid = true
      }
    }
    var passed = 0, failed = 0, skipped = 0
    func record(_ file: String, _ name: String, _ failure: VerificationFailure?) {
      if let failure {
        output(oneLine("\(file): \(name): \(failure)"))  // ids quoted in it may hold line breaks
        failed += 1
      } else {
        passed += 1
      }
    }
    if let isolation {
      // The first strategy's worker also checks min_moves against its reference.
      let clients = strategies.enumerated().map { k, strategy in
        WorkerClient(command: isolation, checking: .strategy(strategy.name), alsoMinimumMoves: k == 0, timeout: timeout)
      }
      files: for file in files {
        for (k, client) in clients.enumerated() {
          // Each worker reads the file itself: nothing large crosses a pipe.
          let found = client.check(file: file)
          if let bad = found.first(where: { $0.failure.kind == .invalidInput }) {
            errors(bad.failure.description)
            invalid = true
            continue files
          }
          if k == 0, let metric = found.first(where: { Checked(name: $0.strategy) == .minimumMoves }) {
            record(file, Checked.minimumMoves.name, metric.failure)
          }
          let failure = found.first { $0.strategy == client.strategy }?.failure
          if failure == nil && client.skipped.contains(client.strategy) { skipped += 1; continue }
          record(file, client.strategy, failure)
        }
      }
    } else {
      for file in files {
        do {
          if isTraceFile(file) {
            for strategy in strategies {
              if !strategy.traits.handlesSections, try !StrategyWorker.isFlat(TraceReader(contentsOf: file)) { skipped += 1; continue }
              var trace = try TraceReader(contentsOf: file)
              record(file, strategy.name, try Verifier.walk(strategy, &trace).map { .reported($0.failure.kind, message: $0.description) })
            }
          } else {
            let pair = try CorpusCase.load(contentsOf: file)
            let oracle = PairOracle(old: pair.old, new: pair.new)
            if let failure = oracle.metricFailure { record(file, Checked.minimumMoves.name, failure) }
            for strategy in strategies {
              guard strategy.traits.handles(pair.old, pair.new) else { skipped += 1; continue }
              record(file, strategy.name, Verifier.verify(strategy, oracle: oracle))
            }
          }
        } catch {
          errors(error.description)
          invalid = true
        }
      }
    }
    // Skips are counted only where there are some: the line is otherwise as it always was.
    output("\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped (\(StrategyWorker.noSections))" : ""))
    return invalid ? 2 : failed > 0 ? 1 : 0
  }
}
