import DiffVerification
import SnapshotDiff

/// `diffbench verify`: strategies over corpus files, a line per failure, a
/// closing count, and SPEC §6's exit status.
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
  /// Seconds one strategy may take on one file before it is a hang (with isolation).
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

  /// Verifies every file at `paths` (folders recursively). Invalid files are
  /// reported and skipped; the rest still run.
  ///
  /// - Returns: 0 when all passed, 1 when a strategy failed, 2 when some
  ///   input was invalid (as `diff` and `grep`, trouble wins).
  public func run(paths: [String]) -> Int32 {
    var invalid = false
    var files: [String] = []
    for path in paths {
      do {
        files += try CorpusCase.files(at: [path])
      } catch {
        errors(error.description)
        invalid = true
      }
    }
    let clients = isolation.map { command in
      strategies.map { WorkerClient(command: command, strategy: $0.name, timeout: timeout) }
    }
    var passed = 0, failed = 0
    for file in files {
      let pair: CorpusCase
      do {
        pair = try CorpusCase.load(contentsOf: file)
      } catch {
        errors(error.description)
        invalid = true
        continue
      }
      // The yardstick itself first: a wrong min_moves would let a non-minimal changeset pass.
      let oracle = PairOracle(old: pair.old, new: pair.new)
      if let failure = oracle.metricFailure {
        output("\(file): \(WorkerProtocol.metricName): \(failure)")
        failed += 1
      }
      for (k, strategy) in strategies.enumerated() {
        let failure = clients.map { $0[k].check(pair) } ?? Verifier.verify(strategy, oracle: oracle)
        if let failure {
          output("\(file): \(strategy.name): \(failure)")
          failed += 1
        } else {
          passed += 1
        }
      }
    }
    output("\(passed) passed, \(failed) failed")
    return invalid ? 2 : failed > 0 ? 1 : 0
  }
}
