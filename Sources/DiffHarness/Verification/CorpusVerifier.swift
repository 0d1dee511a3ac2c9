import SnapshotDiff

/// `diffbench verify`: strategies over corpus files, a line per failure, a
/// closing count, and SPEC §6's exit status.
public struct CorpusVerifier {
  public var strategies: [any DiffStrategy]
  /// Where failure lines and the closing count go.
  public var output: (String) -> Void
  /// Where one-line errors about invalid input go.
  public var errors: (String) -> Void
  /// The worker command (see ``FuzzWorker``) to run each strategy in a child
  /// process of its own, so that a trap is reported as a failure and the
  /// rest still run; `nil` runs them in this process.
  public var isolation: [String]?

  public init(
    strategies: [any DiffStrategy], isolation: [String]? = nil,
    output: @escaping (String) -> Void, errors: @escaping (String) -> Void
  ) {
    self.strategies = strategies
    self.isolation = isolation
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
    let servers = isolation.map { command in strategies.map { CheckServer(command: command, strategy: $0.name) } }
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
      for (k, strategy) in strategies.enumerated() {
        let failure = servers.map { $0[k].check(pair) } ?? verify(strategy, from: pair.old, to: pair.new)
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
