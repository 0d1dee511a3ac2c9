import DiffVerification
import Foundation
import SnapshotDiff

/// What `diffbench fuzz` runs: how many pairs, through which strategies, where
/// failures go.
package struct FuzzConfiguration: Sendable {
  package var seed: UInt64
  /// Stop after this many pairs, or …
  package var iterations: UInt64?
  /// The pairs a run without `--iterations` or `--seconds` stops after.
  package static let defaultIterations: UInt64 = 1_000
  /// Where the run stops, in pairs: `nil` when only `--seconds` bounds it.
  package var pairLimit: UInt64? { iterations ?? (seconds == nil ? Self.defaultIterations : nil) }
  /// … after this many seconds (one of the two; neither means 1,000 pairs).
  package var seconds: Double?
  package var strategies: [String]
  package var jobs: Int
  package var maxItems: Int
  /// Seconds one strategy may take on one pair before it is a hang.
  package var timeout: Double
  package var outputFolder: String
  /// The worker command: an executable that runs ``StrategyWorker`` with the
  /// configuration appended, e.g. `[path to diffbench, "worker"]`.
  package var workerCommand: [String]
  /// Failures of one strategy in one way that are shrunk and written; the
  /// rest are counted.
  package var keepPerKind = 2
  /// Candidates and seconds one shrink may spend.
  package var shrinkBudget = 3_000
  package var shrinkSeconds = 120.0
  /// Whether to check the library's `min_moves` against the reference on
  /// every pair, as if it were one more strategy.
  package var checksMetric = true
  /// The UIKit judged against (`--uikit`).
  package var updates: BatchUpdate.UpdateKind = .reconfigure

  package init(
    seed: UInt64, iterations: UInt64? = nil, seconds: Double? = nil, strategies: [String], jobs: Int,
    maxItems: Int = 2_000, timeout: Double = 10, outputFolder: String, workerCommand: [String]
  ) {
    self.seed = seed
    self.iterations = iterations
    self.seconds = seconds
    self.strategies = strategies
    self.jobs = jobs
    self.maxItems = maxItems
    self.timeout = timeout
    self.outputFolder = outputFolder
    self.workerCommand = workerCommand
  }
}

/// One failure found, shrunk and written: what failed where, and the file
/// (its fields read as the finding's own: `finding.file`, `finding.shrunkItems`).
@dynamicMemberLookup
package struct FuzzFinding: Sendable {
  package var strategy: String
  package var kind: VerificationFailure.Kind
  package var iteration: UInt64
  package var written: Regression.Written

  package subscript<T>(dynamicMember key: KeyPath<Regression.Written, T>) -> T { written[keyPath: key] }

  /// Whether it is a session (a `.jsonl` trace) rather than a pair.
  package var isTrace: Bool { written.shrunk == nil }
}

/// One id shape's share of a fuzz run.
package struct ShapeFigures: Codable, Sendable, Equatable {
  package var pairs: UInt64 = 0
  package var seconds: Double = 0

  mutating func add(_ seconds: Double) {
    pairs += 1
    self.seconds += seconds
  }

  /// Pairs and sessions a second of one worker's time.
  package var perSecond: Double { seconds > 0 ? Double(pairs) / seconds : 0 }
}

package struct FuzzReport: Sendable {
  package var seed: UInt64
  package var pairs: UInt64 = 0
  /// Pairs and sessions a strategy was not run on, one per strategy skipped
  /// (a strategy without sections, on one with sections).
  package var skipped: UInt64 = 0
  package var seconds: Double = 0
  package var findings: [FuzzFinding] = []
  /// Seconds from the start to the first failure seen, if any.
  package var firstFailureSeconds: Double?
  /// Failures of a (strategy, kind) already kept, counted only.
  package var repeats = 0
  package var failures: Int { findings.count + repeats }
  /// Every failure, kept or repeated, by severity.
  package var severities = SeverityCounts()
  /// Pairs and sessions by id shape, and the worker seconds they took
  /// (from the end of a worker's one to the end of its next): a shape that
  /// gets slower shows here.
  package var byShape: [IDShape: ShapeFigures] = [:]
  /// Findings whose re-check in a fresh worker passed (written unshrunk).
  package var notReproduced: Int { findings.filter { $0.outcome == .notReproduced }.count }
  /// Findings that shrinking did not finish (budget or the run's time).
  package var unfinished: [FuzzFinding] { findings.filter { $0.outcome == .partlyShrunk || $0.outcome == .notShrunk } }
}

/// Runs pairs through the strategies in worker processes, so that a trap or
/// a hang is a failure like any other; shrinks each failure through a
/// ``WorkerClient`` and writes it as a corpus file.
package final class FuzzEngine: @unchecked Sendable {  // events and workers are guarded by `lock`
  package let configuration: FuzzConfiguration
  /// Called about twice a second with the report so far.
  package var progress: ((FuzzReport) -> Void)?
  /// Called once per finding, as soon as it is written.
  package var found: ((FuzzFinding) -> Void)?

  package init(configuration: FuzzConfiguration) { self.configuration = configuration }

  private enum Event {
    case worker(WorkerProtocol.Event)
    /// The worker ended before its last pair: `next` is the pair it was on,
    /// `nil` when it reported why (a hang) and the pair after is next.
    case died(worker: Int, next: UInt64, reported: Bool)
    case finished(worker: Int)
    /// A worker's pair or session took this long, ended to ended.
    case spent(iteration: UInt64, seconds: Double)
  }

  /// Guards the events and the workers; signalled when an event is posted,
  /// so the run wakes as soon as a worker reports rather than polling.
  private let lock = NSCondition()
  private var events: [Event] = []
  private var workers: [WorkerProcess?] = []
  /// Until when each worker may stay silent: one silent longer is wedged
  /// beyond its own watchdog, and is killed and its pair re-checked.
  private var quietUntil: [Date] = []
  private var stopping = false

  /// What the workers check: the strategies and, unless turned off, `min_moves`.
  var checked: [Checked] {
    configuration.strategies.map(Checked.strategy) + (configuration.checksMetric ? [.minimumMoves] : [])
  }

  private func post(_ event: Event) {
    lock.lock()
    events.append(event)
    lock.signal()
    lock.unlock()
  }

  package func run() -> FuzzReport {
    let c = configuration
    var report = FuzzReport(seed: c.seed)
    let start = Date()
    let jobs = max(1, c.jobs)
    let limit = c.pairLimit
    workers = Array(repeating: nil, count: jobs)
    quietUntil = Array(repeating: .distantFuture, count: jobs)
    var running = 0
    for w in 0..<jobs where UInt64(w) < (limit ?? .max) {
      spawn(worker: w, first: UInt64(w), step: UInt64(jobs), limit: limit)
      running += 1
    }
    var lastProgress = Date.distantPast
    var clients: [Checked: WorkerClient] = [:]
    func client(_ checked: Checked) -> WorkerClient {
      if let s = clients[checked] { return s }
      let s = WorkerClient(command: c.workerCommand, checking: checked, timeout: c.timeout, updates: c.updates)
      clients[checked] = s
      return s
    }
    struct Kept: Hashable {
      var checked: Checked
      var kind: VerificationFailure.Kind
    }
    var kept: [Kept: Int] = [:]
    func handle(failure kind: VerificationFailure.Kind, message: String, apply: Int? = nil, strategy: Checked, iteration: UInt64) {
      if report.firstFailureSeconds == nil { report.firstFailureSeconds = Date().timeIntervalSince(start) }
      report.severities.count(kind)
      let key = Kept(checked: strategy, kind: kind)
      if kept[key, default: 0] >= c.keepPerKind {
        report.repeats += 1
        return
      }
      kept[key, default: 0] += 1
      // Shrinking shares the run's time: a run of --seconds T ends within T
      // and one candidate's deadline.
      let remaining = c.seconds.map { $0 - Date().timeIntervalSince(start) } ?? .infinity
      // Re-checked and shrunk in a fresh worker of its own, as a finding
      // promises: a worker that re-checked an earlier one has state the
      // strategy may depend on.
      let finding = shrinkAndWrite(
        strategy: strategy, kind: kind, message: message, apply: apply, iteration: iteration,
        client: WorkerClient(command: c.workerCommand, checking: strategy, timeout: c.timeout, updates: c.updates),
        seconds: min(c.shrinkSeconds, remaining))
      report.findings.append(finding)
      found?(finding)
    }

    while running > 0 {
      if let seconds = c.seconds, Date().timeIntervalSince(start) >= seconds, !stopping {
        lock.lock()
        stopping = true
        let all = workers
        lock.unlock()
        for worker in all { worker?.kill() }
      }
      if !stopping {
        lock.lock()
        let now = Date()
        for w in workers.indices where now > quietUntil[w] { workers[w]?.kill() }
        lock.unlock()
      }
      lock.lock()
      if events.isEmpty {
        // Until the next event, or a tenth of a second to look at the clocks
        // (the run's end, a silent worker), whichever comes first.
        var until = Date(timeIntervalSinceNow: 0.1)
        if let seconds = c.seconds, !stopping { until = min(until, start.addingTimeInterval(seconds)) }
        _ = lock.wait(until: until)
      }
      let batch = events
      events.removeAll()
      lock.unlock()
      for event in batch {
        switch event {
        case .worker(.finished):
          report.pairs += 1
        case .worker(.deadline):
          break  // the reading thread extends that worker's allowed silence
        case .worker(.skipped):
          report.skipped += 1
        case let .worker(.failed(i, strategy, kind, message, apply, _)):
          handle(failure: kind, message: message, apply: apply, strategy: Checked(name: strategy), iteration: i ?? 0)
        case let .died(w, next, reported):
          if stopping { running -= 1; continue }
          if !reported {
            // Which strategy killed it, or hung? Check the pair with each, each in a worker of its own.
            for strategy in checked {
              let failure = PairGenerator.drawsTrace(next)
                ? client(strategy).check(trace: caseTrace(iteration: next)) : client(strategy).check(casePair(iteration: next))
              if let failure, failure.kind == .crash || failure.kind == .hang {
                handle(failure: failure.kind, message: failure.description, strategy: strategy, iteration: next)
              }
            }
          }
          report.pairs += 1
          let following = next + UInt64(jobs)
          if following < (limit ?? .max) {
            spawn(worker: w, first: following, step: UInt64(jobs), limit: limit)
          } else {
            running -= 1
          }
        case .finished:
          running -= 1
        case let .spent(iteration, seconds):
          report.byShape[PairGenerator.idShape(seed: c.seed, iteration: iteration), default: ShapeFigures()].add(seconds)
        }
      }
      if Date().timeIntervalSince(lastProgress) >= 0.5 {
        report.seconds = Date().timeIntervalSince(start)
        progress?(report)
        lastProgress = Date()
      }
    }
    report.seconds = Date().timeIntervalSince(start)
    return report
  }

  private func spawn(worker w: Int, first: UInt64, step: UInt64, limit: UInt64?) {
    let c = configuration
    let worker = WorkerProtocol.Configuration(
      mode: .generate(seed: c.seed, first: first, step: step, limit: limit, maxItems: c.maxItems),
      strategies: c.strategies, checksMinimumMoves: c.checksMetric, timeout: c.timeout, updates: c.updates)
    let command = c.workerCommand + [WorkerProtocol.line(worker)]
    guard let child = try? WorkerProcess(command: command) else {
      post(.died(worker: w, next: first, reported: false))
      return
    }
    // Every strategy of a pair may run up to its wall-clock backstop.
    let silence = Double(checked.count) * WorkerClient.backstop(Deadline(cpuSeconds: c.timeout))
    lock.lock()
    workers[w] = child
    quietUntil[w] = Date(timeIntervalSinceNow: silence)
    lock.unlock()
    let thread = Thread { [self] in
      var next = first
      var reported = false
      var lastEnd = Date()
      reading: while case .line(let line) = child.readLine() {
        guard let event = try? WorkerProtocol.decode(WorkerProtocol.Event.self, from: line) else { break reading }
        var quiet = silence
        if case .deadline(_, _, let seconds, _) = event {
          quiet = Double(checked.count) * WorkerClient.backstop(Deadline(cpuSeconds: seconds))
        }
        lock.lock()
        quietUntil[w] = Date(timeIntervalSinceNow: quiet)
        lock.unlock()
        post(.worker(event))
        switch event {
        case .finished(let i?):
          let now = Date()
          post(.spent(iteration: i, seconds: now.timeIntervalSince(lastEnd)))
          lastEnd = now
          next = i + step
        case .failed(let i?, _, .hang, _, _, _):
          // The worker's watchdog ended it on pair i: the run goes on after it.
          reported = true
          next = i
          break reading
        default:
          break
        }
      }
      child.kill()
      let termination = child.waitForEnd()
      lock.lock()
      workers[w] = nil
      lock.unlock()
      if reported || !termination.isClean {
        post(.died(worker: w, next: next, reported: reported))
      } else {
        post(.finished(worker: w))
      }
    }
    thread.start()
  }

  func caseTrace(iteration: UInt64) -> [TraceSnapshot] {
    TraceSnapshot.session(PairGenerator(maxItems: configuration.maxItems).trace(seed: configuration.seed, iteration: iteration))!
  }

  func casePair(iteration: UInt64) -> CorpusCase {
    let drafts = PairGenerator(maxItems: configuration.maxItems).pair(seed: configuration.seed, iteration: iteration)
    return CorpusCase(name: "", old: try! drafts.old.snapshot(), new: try! drafts.new.snapshot())
  }

  /// Shrinks the pair of `iteration` while `strategy` still fails with the
  /// same kind, within `seconds`, and writes it to the output folder (as it
  /// was found, when it does not fail again).
  func shrinkAndWrite(
    strategy: Checked, kind: VerificationFailure.Kind, message: String, apply: Int? = nil, iteration: UInt64,
    client: WorkerClient, seconds: Double
  ) -> FuzzFinding {
    let c = configuration
    let slug = kind.description.replacingOccurrences(of: " ", with: "-")
    let foundBy: [(key: String, value: JSONValue)] = [("seed", .number(String(c.seed))), ("iteration", .number(String(iteration)))]
    if PairGenerator.drawsTrace(iteration) {
      // Where the walk failed, so the shrinker cuts the rest first.
      let written = Regression.shrinkAndWrite(
        trace: PairGenerator(maxItems: c.maxItems).trace(seed: c.seed, iteration: iteration), strategy: strategy, kind: kind,
        reported: message, failingApply: apply, client: client, budget: c.shrinkBudget, seconds: seconds,
        folder: c.outputFolder, fileName: "\(strategy)-\(slug)-\(c.seed)-\(iteration).jsonl", origin: "fuzz", foundBy: foundBy)
      return FuzzFinding(strategy: strategy.name, kind: kind, iteration: iteration, written: written)
    }
    let written = Regression.shrinkAndWrite(
      casePair(iteration: iteration), strategy: strategy, kind: kind, reported: message, client: client,
      budget: c.shrinkBudget, seconds: seconds, folder: c.outputFolder,
      fileName: "\(strategy)-\(slug)-\(c.seed)-\(iteration).json", origin: "fuzz", foundBy: foundBy)
    return FuzzFinding(strategy: strategy.name, kind: kind, iteration: iteration, written: written)
  }
}

