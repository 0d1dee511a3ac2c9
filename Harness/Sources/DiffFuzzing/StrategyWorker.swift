import DiffVerification
import Foundation
import SnapshotDiff

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The child side of `fuzz` and `verify`: runs strategies where a trap kills
/// only this process, under a watchdog that reports a strategy still running
/// after the timeout as a `hang` and ends the process. It speaks
/// ``WorkerProtocol``: its one argument is a ``WorkerProtocol/Configuration``,
/// each event a line on standard output, flushed at once, so the parent knows
/// how far it got when it dies.
///
/// It also ends by itself, within half a second, when its parent process is
/// gone, so no worker outlives `diffbench`, however that ended.
package enum StrategyWorker {
  /// Why a strategy without sections is not run on a pair that has them.
  package static let noSections = "no sections"

  /// Whether every snapshot of the trace is one section, the same throughout.
  static func isFlat(_ trace: TraceReader) throws(CorpusError) -> Bool {
    var trace = trace
    guard let first = try trace.next()?.snapshot else { return true }
    guard first.isFlat(with: first) else { return false }
    while let next = try trace.next()?.snapshot {
      guard first.isFlat(with: next) else { return false }
    }
    return true
  }

  /// Runs the worker; returns the exit status (2: a bad configuration).
  package static func main(arguments: [String], strategies available: [Contender]) -> Int32 {
    guard arguments.count == 1,
      let configuration = try? WorkerProtocol.decode(WorkerProtocol.Configuration.self, from: arguments[0])
    else {
      FileHandle.standardError.write(Data("worker: expected one argument, a worker configuration in JSON\n".utf8))
      return 2
    }
    var strategies: [(name: String, strategy: Contender)] = []
    for name in configuration.strategies {
      if let strategy = available.first(where: { $0.name == name }) {
        strategies.append((name, strategy))
      } else {
        FileHandle.standardError.write(Data("worker: unknown strategy \(name)\n".utf8))
        return 2
      }
    }
    var worker = Worker(configuration: configuration, strategies: strategies)
    switch configuration.mode {
    case .serve: worker.serve()
    case let .generate(seed, first, step, limit, maxItems):
      worker.generate(seed: seed, first: first, step: step, limit: limit, maxItems: maxItems)
    }
    return 0
  }

  static let outputLock = NSLock()

  static func emit(_ event: WorkerProtocol.Event) {
    outputLock.lock()
    defer { outputLock.unlock() }
    print(WorkerProtocol.line(event))
    fflush(nil)  // all streams: the parent must see the line before a crash
  }
}

/// One worker's state across the pairs and traces it checks: its
/// configuration and strategies, the watchdog over each call, and the
/// sampler of the slow oracles and expensive calls on random pairs.
struct Worker {
  let configuration: WorkerProtocol.Configuration
  let strategies: [(name: String, strategy: Contender)]
  let watchdog = Watchdog()
  /// Whether a cost model needs an estimate of the pair's work for its deadline.
  let estimated: Bool
  /// Random pairs sample the slow reference oracles and the expensive
  /// strategy calls; a pair asked for by name (a corpus file, a re-check,
  /// the shrinker) gets every strategy and every oracle.
  var sampler = FuzzSampler()
  let clock = ContinuousClock()
  let started: ContinuousClock.Instant

  init(configuration: WorkerProtocol.Configuration, strategies: [(name: String, strategy: Contender)]) {
    self.configuration = configuration
    self.strategies = strategies
    estimated = strategies.contains { $0.strategy.traits.cost != .linear }
    started = clock.now
    watchdog.start()
  }

  /// One strategy's call on a pair, under the watchdog.
  func run(
    _ name: String, _ strategy: Contender, _ old: StringSnapshot, _ new: StringSnapshot, work: WorkEstimate?,
    iteration: UInt64?, apply: Int? = nil
  ) -> Result<StringChangeset, VerificationFailure> {
    let deadline = Deadline(timeout: configuration.timeout, cost: strategy.traits.cost, work: work)
    if apply != nil || deadline.cpuSeconds > configuration.timeout {
      // The parent's own backstop follows the worker's, which is longer for this pair.
      StrategyWorker.emit(.deadline(iteration: iteration, strategy: name, seconds: deadline.cpuSeconds, apply: apply))
    }
    watchdog.begin(strategy: name, iteration: iteration, apply: apply, deadline: deadline)
    defer { watchdog.end() }
    return Verifier.changeset(strategy, from: old, to: new, updates: configuration.updates)
  }

  func now() -> Double {
    let elapsed = started.duration(to: clock.now)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }
  mutating func check(_ old: StringSnapshot, _ new: StringSnapshot, iteration: UInt64?) {
    let sampled = iteration != nil
    let limits = sampled ? sampler.limits(oldItems: old.numberOfItems, newItems: new.numberOfItems, now: now()) : .full
    let oracle = PairOracle(old: old, new: new, limits: limits, updates: configuration.updates)
    let work = estimated ? WorkEstimate(old: old, new: new) : nil
    let ints = StringSnapshot.ints(old, new)  // nil unless every id is an integer
    for (name, strategy) in strategies {
      guard strategy.traits.handles(old, new) else {
        StrategyWorker.emit(.skipped(iteration: iteration, strategy: name, reason: StrategyWorker.noSections))
        continue
      }
      var failure: VerificationFailure?
      // A superlinear strategy's expensive calls on random pairs are sampled.
      var expensiveSince: Double?
      if sampled, let work, strategy.traits.cost != .linear,
        Deadline.estimatedSeconds(strategy.traits.cost, work: work) >= sampler.cheapSeconds
      {
        guard sampler.runs(name, estimatedSeconds: .infinity, now: now()) else { continue }
        expensiveSince = now()
      }
      switch run(name, strategy, old, new, work: work, iteration: iteration) {
      case .success(let changeset):
        failure = Verifier.verify(changeset, madeBy: strategy.traits, oracle: oracle)
        if failure == nil, let ints {
          // The Int path, specialized as the bench times it: the same pair, the same counts.
          watchdog.begin(strategy: name, iteration: iteration, deadline: Deadline(timeout: configuration.timeout, cost: strategy.traits.cost, work: work))
          let made = strategy.changeset(from: ints.old, to: ints.new)
          watchdog.end()
          // The string changeset read as Ints, operation for operation: it
          // was judged above, so this one is judged with it (replaying it
          // again was a tenth of a fuzz run, profiled).
          if ints.reading(changeset) != made {
            failure = Verifier.checkOtherPath(
              made, from: ints.old, to: ints.new, madeBy: strategy.traits, updates: configuration.updates, sameCountsAs: changeset.counts)
              .map { .reported($0.kind, message: "the Int path: \($0)", uikit: $0.inUIKit) }
          }
        }
      case .failure(let broken): failure = broken
      }
      if let expensiveSince { sampler.spent(name, seconds: now() - expensiveSince) }
      if let failure {
        StrategyWorker.emit(
          .failed(iteration: iteration, strategy: name, kind: failure.kind, message: failure.description, uikit: failure.inUIKit))
      }
    }
    if configuration.checksMinimumMoves, let failure = oracle.metricFailure {
      StrategyWorker.emit(.failed(iteration: iteration, strategy: Checked.minimumMoves.name, kind: failure.kind, message: failure.description))
    }
    StrategyWorker.emit(.finished(iteration: iteration))
  }

  /// Each strategy walks the trace with its own state, all in one pass
  /// (the trace read once, each apply's oracle built once); a failure
  /// names the apply. Every apply is announced: the parent's backstop is
  /// per apply, not per walk. A generated session (`largest`: its largest
  /// snapshot's items) is sampled as pairs are: the slow oracles and the
  /// expensive strategies on a large one once a second.
  mutating func walk(
    iteration: UInt64?, largest: Int? = nil, applies: ClosedRange<Int>? = nil, _ open: () throws(CorpusError) -> TraceReader
  ) {
    var limits = OracleLimits.full
    if let largest { limits = sampler.limits(oldItems: largest, newItems: largest, now: now()) }
    var walking: [(name: String, strategy: Contender, expensive: Bool)] = []
    do {
      for (name, strategy) in strategies {  // min_moves is judged on pairs only
        let expensive = largest.map { $0 > sampler.smallItems && strategy.traits.cost != .linear } ?? false
        if expensive && !sampler.runs(name, estimatedSeconds: .infinity, now: now()) { continue }
        // A strategy without sections walks only a trace of flat snapshots.
        if !strategy.traits.handlesSections, try !StrategyWorker.isFlat(open()) {
          StrategyWorker.emit(.skipped(iteration: iteration, strategy: name, reason: StrategyWorker.noSections))
          continue
        }
        walking.append((name, strategy, expensive))
      }
      var spent = [Double](repeating: 0, count: walking.count)
      // One estimate an apply: every strategy still walking diffs snapshots
      // equal to the recorded ones (each was judged to reach it).
      var estimate: (apply: Int, work: WorkEstimate)?
      var trace = try open()
      let failures = try Verifier.walk(
        &trace, traits: walking.map(\.strategy.traits), limits: limits, updates: configuration.updates, applies: applies
      ) { s, apply, old, new in
        let (name, strategy, expensive) = walking[s]
        let since = now()
        defer { if expensive { spent[s] += now() - since } }
        // Only a superlinear strategy's deadline needs the estimate.
        var work: WorkEstimate?
        if strategy.traits.cost != .linear {
          if estimate?.apply != apply { estimate = (apply, WorkEstimate(old: old, new: new)) }
          work = estimate?.work
        }
        return run(name, strategy, old, new, work: work, iteration: iteration, apply: apply)
      }
      for (s, failure) in failures.enumerated() {
        if walking[s].expensive { sampler.spent(walking[s].name, seconds: spent[s]) }
        if let failure {
          StrategyWorker.emit(.failed(
            iteration: iteration, strategy: walking[s].name, kind: failure.failure.kind, message: failure.description,
            apply: failure.apply, uikit: failure.failure.inUIKit))
        }
      }
    } catch {
      StrategyWorker.emit(.failed(iteration: iteration, strategy: walking.first?.name ?? "", kind: .invalidInput, message: error.description))
    }
    StrategyWorker.emit(.finished(iteration: iteration))
  }

  /// Answers requests on standard input until it ends.
  mutating func serve() {
    while let line = readLine(strippingNewline: true) {
      switch try? WorkerProtocol.decode(WorkerProtocol.Request.self, from: line) {
      case .check(let text)?:
        guard let pair = try? CorpusCase.parse(Array(text.utf8)) else {
          StrategyWorker.emit(.failed(iteration: nil, strategy: "", kind: .badRequest, message: "not a corpus case: \(text.prefix(80))"))
          StrategyWorker.emit(.finished(iteration: nil))
          continue
        }
        check(pair.old, pair.new, iteration: nil)
      case .checkFile(let path)? where path.hasSuffix(".jsonl"):
        walk(iteration: nil) { () throws(CorpusError) in try TraceReader(contentsOf: path) }
      case .checkFile(let path)?:
        do {
          let pair = try CorpusCase.load(contentsOf: path)
          check(pair.old, pair.new, iteration: nil)
        } catch {
          StrategyWorker.emit(.failed(iteration: nil, strategy: "", kind: .invalidInput, message: error.description))
          StrategyWorker.emit(.finished(iteration: nil))
        }
      case .walkApplies(let path, let first, let last)? where first >= 1 && first <= last:
        walk(iteration: nil, applies: first...last) { () throws(CorpusError) in try TraceReader(contentsOf: path) }
      case .checkTrace(let text)?:
        walk(iteration: nil) { TraceReader(bytes: Array(text.utf8), file: "trace") }
      default:
        StrategyWorker.emit(.failed(iteration: nil, strategy: "", kind: .badRequest, message: "not a check request: \(line.prefix(80))"))
        StrategyWorker.emit(.finished(iteration: nil))
      }
    }
  }

  /// Checks generated pairs and sessions `first`, `first + step`, … below `limit`.
  mutating func generate(seed: UInt64, first: UInt64, step: UInt64, limit: UInt64?, maxItems: Int) {
    let generator = PairGenerator(maxItems: maxItems)
    var i = first
    while i < (limit ?? .max) {
      if PairGenerator.drawsTrace(i) {
        if let session = TraceSnapshot.session(generator.trace(seed: seed, iteration: i)) {
          let largest = session.map(\.snapshot.numberOfItems).max() ?? 0
          walk(iteration: i, largest: largest) { TraceReader(snapshots: session) }
        } else {
          StrategyWorker.emit(.finished(iteration: i))
        }
      } else {
        let drafts = generator.pair(seed: seed, iteration: i)
        if let old = try? drafts.old.snapshot(), let new = try? drafts.new.snapshot() {
          check(old, new, iteration: i)
        } else {
          StrategyWorker.emit(.finished(iteration: i))
        }
      }
      let (next, overflow) = i.addingReportingOverflow(step)
      if overflow { break }
      i = next
    }
  }
}

/// A thread that, twenty times a second, checks that the parent is still
/// there and that no strategy call has used more CPU time than its deadline
/// (or, blocked without using CPU, more wall time than its backstop).
///
/// CPU time is the strategy thread's own clock: a call that is merely starved
/// of CPU by other processes uses none while it waits, and is not hung.
final class Watchdog: @unchecked Sendable {  // `running` is guarded by `lock`
  let parent = getppid()
  let lock = NSLock()
  struct Call {
    var strategy: String
    var iteration: UInt64?
    /// The apply of a trace walk, when in one.
    var apply: Int?
    var deadline: Deadline
    var clock: clockid_t
    var cpuStart: UInt64
    var wallStart: UInt64
  }
  var running: Call?

  func begin(strategy: String, iteration: UInt64?, apply: Int? = nil, deadline: Deadline) {
    let clock = Self.callingThreadClock()
    let call = Call(
      strategy: strategy, iteration: iteration, apply: apply, deadline: deadline, clock: clock,
      cpuStart: Self.read(clock), wallStart: DispatchTime.now().uptimeNanoseconds)
    lock.lock()
    running = call
    lock.unlock()
  }

  func end() {
    lock.lock()
    running = nil
    lock.unlock()
  }

  /// A clock of the calling thread's CPU time that another thread can read.
  static func callingThreadClock() -> clockid_t {
    #if os(Linux)
      var clock = clockid_t()
      if pthread_getcpuclockid(pthread_self(), &clock) == 0 { return clock }
    #endif
    // The worker's other threads sleep: its CPU time is the strategy's.
    return CLOCK_PROCESS_CPUTIME_ID
  }

  static func read(_ clock: clockid_t) -> UInt64 {
    var t = timespec()
    clock_gettime(clock, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
  }

  func start() {
    let thread = Thread { [self] in
      while true {
        Thread.sleep(forTimeInterval: 0.05)
        if getppid() != parent { _exit(0) }  // the parent is gone: so are we
        lock.lock()
        let current = running
        lock.unlock()
        guard let current else { continue }
        let cpu = Double(Self.read(current.clock) &- current.cpuStart) / 1e9
        let wall = Double(DispatchTime.now().uptimeNanoseconds - current.wallStart) / 1e9
        let message: String
        if cpu > current.deadline.cpuSeconds {
          message = "hang: used more than \(_seconds(current.deadline.cpuSeconds)) of CPU time"
        } else if wall > current.deadline.wallSeconds {
          message = "hang: no answer within \(_seconds(current.deadline.wallSeconds)) (blocked: \(_seconds(cpu)) of CPU time used)"
        } else {
          continue
        }
        StrategyWorker.emit(.failed(
          iteration: current.iteration, strategy: current.strategy, kind: .hang,
          message: (current.apply.map { "apply \($0): " } ?? "") + message, apply: current.apply))
        _exit(0)
      }
    }
    thread.start()
  }
}

