import DiffSupport
import DiffVerification
import Foundation
import SnapshotDiff

/// Where a `verify` run is: which file of how many, which strategy, and in
/// a trace the applies walked of its total.
package struct VerifyProgress: Sendable, Equatable {
  package var file: String
  /// From 1.
  package var fileIndex: Int
  package var fileCount: Int
  package var strategy: String
  /// In a trace: applies reached, and the trace's applies (its lines but one).
  package var applies: Int?
  package var totalApplies: Int?
  /// Wall seconds on this file with this strategy.
  package var elapsedSeconds: Double

  package init(
    file: String, fileIndex: Int, fileCount: Int, strategy: String, applies: Int? = nil, totalApplies: Int? = nil,
    elapsedSeconds: Double
  ) {
    self.file = file
    self.fileIndex = fileIndex
    self.fileCount = fileCount
    self.strategy = strategy
    self.applies = applies
    self.totalApplies = totalApplies
    self.elapsedSeconds = elapsedSeconds
  }
}

/// `diffbench verify`: strategies over corpus files and traces, a line per
/// failure, a closing count, and the exit status of the command.
package struct CorpusVerifier {
  package var strategies: [Contender]
  /// The UIKit judged against (`--uikit`).
  package var updates: BatchUpdate.UpdateKind = .reconfigure
  /// Where failure lines and the closing count go.
  package var output: (String) -> Void
  /// Where one-line errors about invalid input go.
  package var errors: (String) -> Void
  /// The worker command (see ``StrategyWorker``) to run each strategy in a
  /// child process of its own, so that a trap or a hang is reported as a
  /// failure and the rest still run; `nil` runs them in this process.
  package var isolation: [String]?
  /// CPU seconds one strategy call may use before it is a hang, at least.
  package var timeout: Double
  /// Workers side by side on a trace, each walking the next free share of
  /// its applies (``sharesPerJob`` a worker) with every strategy.
  package var jobs = ProcessInfo.processInfo.activeProcessorCount
  /// Where the run is: as each file and strategy starts, and at each apply of a trace.
  package var progress: (VerifyProgress) -> Void = { _ in }
  /// Each verdict as it is reached: the file, the strategy, its failure or
  /// `nil` (what `verify --summary` keeps, typed).
  package var verdict: (_ file: String, _ strategy: String, _ failure: VerificationFailure?) -> Void = { _, _, _ in }

  package init(
    strategies: [Contender], isolation: [String]? = nil, timeout: Double = 10,
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
  package func run(paths: [String]) -> Int32 {
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
    var severities = SeverityCounts()
    func record(_ file: String, _ name: String, _ failure: VerificationFailure?) {
      verdict(file, name, failure)
      if let failure {
        output(oneLine("\(file): \(name): \(failure.withSeverity)\(failure.inUIKitSuffix)"))  // ids quoted in it may hold line breaks
        failed += 1
        severities.count(failure.kind)
      } else {
        passed += 1
      }
    }
    if let isolation {
      // The first strategy's worker also checks min_moves against its reference.
      let clients = strategies.enumerated().map { k, strategy in
        WorkerClient(command: isolation, checking: .strategy(strategy.name), alsoMinimumMoves: k == 0, timeout: timeout, updates: updates)
      }
      // Workers are reaped before the closing line, so that `time` and
      // getrusage(RUSAGE_CHILDREN) count them.
      defer { for client in clients { client.shutDown() } }
      // A trace is cut into shares of its applies (``sharesPerJob`` a
      // job), walked side by side, each by every strategy (``Verifier/walk``'s `applies`): the
      // pair's oracle is built once for all strategies, and the shares
      // keep every core busy whatever each strategy costs. (Shared out by
      // strategy, one worker judged three strategies and the other two, and
      // each built the oracle of every pair.)
      let names = strategies.map(\.name)
      let sharers = (0..<max(1, jobs)).map { _ in WorkerClient(command: isolation, checkingAll: names, timeout: timeout, updates: updates) }
      defer { for client in sharers { client.shutDown() } }
      files: for (index, file) in files.enumerated() {
        let total = isTraceFile(file) ? TraceReader.applies(inFile: file) : nil
        if let total, total > 0 {
          let started = Date()
          let at = { (applies: Int) in
            VerifyProgress(
              file: file, fileIndex: index + 1, fileCount: files.count, strategy: names.count == 1 ? names[0] : "\(names.count) strategies",
              applies: applies, totalApplies: total, elapsedSeconds: Date().timeIntervalSince(started))
          }
          progress(at(0))
          let shares = Self.shares(of: total, sharers.count * Self.sharesPerJob)
          let found = Self.walkInShares(file, shares, sharers, at: at, report: progress)
          if let bad = found.first(where: { $0.failure.kind == .invalidInput }) {
            errors(bad.failure.description)
            invalid = true
            continue files
          }
          // A crash or a hang ends a share's worker before its other
          // strategies are done: the file is checked again one by one.
          // Otherwise each strategy's first failure is the earliest share's.
          let whole = !found.contains { [.crash, .hang].contains($0.failure.kind) || !names.contains($0.strategy) }
          if whole {
            let skips = sharers.reduce(into: Set<String>()) { $0.formUnion($1.skipped) }
            for name in names {
              let failure = found.first { $0.strategy == name }?.failure
              if failure == nil && skips.contains(name) { skipped += 1; continue }
              record(file, name, failure)
            }
            continue files
          }
        }
        for (k, client) in clients.enumerated() {
          let started = Date()
          let at = { (applies: Int?) in
            VerifyProgress(
              file: file, fileIndex: index + 1, fileCount: files.count, strategy: client.strategy, applies: applies,
              totalApplies: total, elapsedSeconds: Date().timeIntervalSince(started))
          }
          progress(at(total.map { _ in 0 }))
          client.walking = { [progress] name, apply in if name == client.strategy { progress(at(apply - 1)) } }
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
      for (index, file) in files.enumerated() {
        do {
          if isTraceFile(file) {
            let total = TraceReader.applies(inFile: file)
            for strategy in strategies {
              if !strategy.traits.handlesSections, try !StrategyWorker.isFlat(TraceReader(contentsOf: file)) { skipped += 1; continue }
              var trace = try TraceReader(contentsOf: file)
              let started = Date()
              let failure = try Verifier.walk(&trace, traits: strategy.traits, updates: updates) { apply, old, new in
                progress(VerifyProgress(
                  file: file, fileIndex: index + 1, fileCount: files.count, strategy: strategy.name, applies: apply - 1,
                  totalApplies: total, elapsedSeconds: Date().timeIntervalSince(started)))
                return Verifier.changeset(strategy, from: old, to: new, updates: updates)
              }
              record(file, strategy.name, failure.map { .reported($0.failure.kind, message: $0.description, uikit: $0.failure.inUIKit) })
            }
          } else {
            let pair = try CorpusCase.load(contentsOf: file)
            let oracle = PairOracle(old: pair.old, new: pair.new, updates: updates)
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
    output(
      "\(passed) passed, \(failed) failed" + (failed > 0 ? " (\(severities))" : "")
        + (skipped > 0 ? ", \(skipped) skipped (\(StrategyWorker.noSections))" : ""))
    return invalid ? 2 : failed > 0 ? 1 : 0
  }

  /// Shares of a trace a worker walks, one after another, each taken as
  /// the worker is free: applies differ in cost, and with one share a
  /// worker one finished first and its core stood idle (`trace-ranking`:
  /// 1.7-1.8 CPU seconds a second of wall time on two cores, measured). A
  /// share more costs its start: the lines before it skipped, one apply
  /// walked again.
  static let sharesPerJob = 4

  /// `total` applies cut into at most `jobs` runs of consecutive applies
  /// (from 1), as even as whole applies allow; the last run is open, so
  /// it walks to the end of the file however its lines were counted.
  package static func shares(of total: Int, _ jobs: Int) -> [ClosedRange<Int>] {
    let count = max(1, min(jobs, total))
    return (0..<count).map { j in
      (j * total / count + 1)...(j == count - 1 ? Int.max : (j + 1) * total / count)
    }
  }

  /// Every share's failures on a trace file, in share order: the workers
  /// walk side by side, each taking the next share not yet taken as it is
  /// free; `at` makes the progress of the applies all shares have walked,
  /// sent through `report` one call at a time (under the lock).
  static func walkInShares(
    _ file: String, _ shares: [ClosedRange<Int>], _ clients: [WorkerClient], at: @escaping (Int) -> VerifyProgress,
    report: @escaping (VerifyProgress) -> Void
  ) -> [(strategy: String, failure: VerificationFailure)] {
    let run = ShareRun(shares: shares.count, clients: clients, at: at, report: report)
    DispatchQueue.concurrentPerform(iterations: min(clients.count, shares.count)) { g in
      let client = run.clients[g]  // each client on one thread only
      while let k = run.take() {
        client.walking = { _, apply in
          run.lock.lock()
          defer { run.lock.unlock() }
          let before = run.reached.reduce(0, +)
          run.reached[k] = max(run.reached[k], apply - shares[k].lowerBound)
          let now = run.reached.reduce(0, +)
          if now > before { run.report(run.at(now)) }
        }
        let failures = client.check(file: file, applies: shares[k])
        run.lock.lock()
        run.found[k] = failures
        run.lock.unlock()
      }
      client.walking = nil
    }
    return run.found.flatMap { $0 }
  }

  /// What the shares' threads share: a client each, and by share what
  /// is reached and found; those, `next` and the calls of `report` under `lock`.
  final class ShareRun: @unchecked Sendable {
    let lock = NSLock()
    let clients: [WorkerClient]
    let at: (Int) -> VerifyProgress
    let report: (VerifyProgress) -> Void
    var next = 0
    var reached: [Int]
    var found: [[(strategy: String, failure: VerificationFailure)]]
    init(shares: Int, clients: [WorkerClient], at: @escaping (Int) -> VerifyProgress, report: @escaping (VerifyProgress) -> Void) {
      (self.clients, self.at, self.report) = (clients, at, report)
      reached = Array(repeating: 0, count: shares)
      found = Array(repeating: [], count: shares)
    }
    /// The next share no worker has taken, if any.
    func take() -> Int? {
      lock.lock()
      defer { lock.unlock() }
      guard next < reached.count else { return nil }
      next += 1
      return next - 1
    }
  }
}
