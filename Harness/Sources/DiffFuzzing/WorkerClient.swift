import DiffVerification
import Foundation
import SnapshotDiff

/// The parent side of one serving ``StrategyWorker``: checks pairs, files
/// and traces one at a time. A request that kills the worker is a `crash`;
/// one the worker's watchdog reports is a `hang`; one that gets no answer
/// within the wall-clock backstop (the worker's own backstop and a grace) is
/// a `hang` too. After either, the next check starts a new worker.
package final class WorkerClient {
  let command: [String]
  /// What this client checks (a crash or a hang is its).
  package let checked: Checked
  /// Its name in failures.
  var strategy: String { checked.name }
  let timeout: Double
  var worker: WorkerProcess?
  package private(set) var checks = 0
  /// The names the worker did not run on the last request's pair or trace
  /// (a strategy without sections, on one with sections).
  package private(set) var skipped: Set<String> = []
  /// Called as a trace walk reaches each apply: the strategy, the apply (from 1).
  package var walking: ((_ strategy: String, _ apply: Int) -> Void)?

  /// Extra seconds the parent waits beyond the worker's own watchdog.
  static let grace = 3.0

  /// Wall seconds the parent waits for a call with this CPU deadline: the
  /// worker's watchdog reports before then, unless the worker is wedged.
  static func backstop(_ deadline: Deadline) -> Double { deadline.wallSeconds + grace }

  /// - Parameters:
  ///   - command: how to start a worker, e.g. `[diffbench, "worker"]`; the
  ///     configuration is appended.
  ///   - checked: a strategy, or `min_moves`; `alsoMinimumMoves`, whether
  ///     the same worker checks `min_moves` after the strategy too.
  ///   - timeout: CPU seconds the strategy may take on one pair, at least.
  ///   - updates: the UIKit judged against.
  package init(command: [String], checking checked: Checked, alsoMinimumMoves: Bool = false, timeout: Double, updates: BatchUpdate.UpdateKind = .reconfigure) {
    var strategies: [String] = []
    if case .strategy(let name) = checked { strategies = [name] }
    let configuration = WorkerProtocol.Configuration(
      mode: .serve, strategies: strategies, checksMinimumMoves: checked == .minimumMoves || alsoMinimumMoves,
      timeout: timeout, updates: updates)
    self.command = command + [WorkerProtocol.line(configuration)]
    self.checked = checked
    self.timeout = timeout
  }

  /// A worker that checks several strategies at once (a trace is then read
  /// once for all). A crash, or a hang past the backstop, cannot say whose
  /// it is: it is reported under ``groupName(_:)``, and the caller checks
  /// again strategy by strategy.
  package init(command: [String], checkingAll strategies: [String], timeout: Double, updates: BatchUpdate.UpdateKind = .reconfigure) {
    let configuration = WorkerProtocol.Configuration(mode: .serve, strategies: strategies, timeout: timeout, updates: updates)
    self.command = command + [WorkerProtocol.line(configuration)]
    self.checked = .strategy(Self.groupName(strategies))
    self.timeout = timeout
  }

  /// The name a group's unattributed crash or hang is reported under.
  package static func groupName(_ strategies: [String]) -> String { strategies.joined(separator: "+") }

  deinit {
    shutDown()
  }

  /// Ends the worker and reaps it, so that `time` and
  /// getrusage(RUSAGE_CHILDREN) count it: its input closed, it ends by
  /// itself, or is killed after two seconds.
  package func shutDown() {
    guard let worker else { return }
    self.worker = nil
    worker.closeInput()
    let deadline = Date(timeIntervalSinceNow: 2)
    var read = worker.readLine(deadline: deadline)
    while case .line = read { read = worker.readLine(deadline: deadline) }
    if case .timedOut = read { worker.kill() }
    _ = worker.waitForEnd()
  }

  /// How the strategy fails on the pair, or `nil` when it passes.
  package func check(_ pair: CorpusCase) -> VerificationFailure? {
    failures(.check(pair: pair.json.compact)).first { $0.strategy == strategy }?.failure
  }

  /// How the strategy fails walking the trace, or `nil` when it passes.
  package func check(trace: [TraceSnapshot]) -> VerificationFailure? {
    failures(.checkTrace(trace: TraceSnapshot.fileText(trace))).first { $0.strategy == strategy }?.failure
  }

  /// Every failure reported on a corpus file or a `.jsonl` trace, which the
  /// worker reads itself: by the strategy (or the other names checked), or
  /// `invalid input` for a file that is not one.
  package func check(file path: String) -> [(strategy: String, failure: VerificationFailure)] {
    failures(.checkFile(path: path))
  }

  /// Every failure reported walking only `applies` of a `.jsonl` trace
  /// (``Verifier/walk(_:traits:limits:updates:applies:run:)``): a share
  /// of a trace cut among workers.
  package func check(file path: String, applies: ClosedRange<Int>) -> [(strategy: String, failure: VerificationFailure)] {
    failures(.walkApplies(path: path, first: applies.lowerBound, last: applies.upperBound))
  }

  func failures(_ request: WorkerProtocol.Request) -> [(strategy: String, failure: VerificationFailure)] {
    checks += 1
    skipped = []
    if worker == nil { worker = try? WorkerProcess(command: command) }
    guard let worker else { return [(strategy, .crashed("cannot start \(command[0])"))] }
    var found: [(strategy: String, failure: VerificationFailure)] = []
    guard worker.send(WorkerProtocol.line(request)) else { return end(found) }
    let started = Date()
    var deadline = Date(timeIntervalSinceNow: Self.backstop(Deadline(cpuSeconds: timeout)))
    while true {
      switch worker.readLine(deadline: deadline) {
      case .line(let line):
        switch try? WorkerProtocol.decode(WorkerProtocol.Event.self, from: line) {
        case .finished?:
          return found
        case let .skipped(_, name, _)?:
          skipped.insert(name)
        case let .deadline(_, name, seconds, apply)?:
          deadline = Date(timeIntervalSinceNow: Self.backstop(Deadline(cpuSeconds: seconds)))
          if let apply { walking?(name, apply) }
        case let .failed(_, name, kind, message, _, uikit)?:
          found.append((name.isEmpty ? strategy : name, .reported(kind, message: message, uikit: uikit)))
          if kind == .hang { return end(found) }
          // A trace walk goes on with the next strategy: a new deadline.
          deadline = Date(timeIntervalSinceNow: Self.backstop(Deadline(cpuSeconds: timeout)))
        case nil:
          found.append((strategy, .crashed("the worker said something else: \(line.prefix(80))")))
          return end(found)
        }
      case .end:
        return end(found)
      case .timedOut:
        worker.kill()
        found.append((strategy, .hung(seconds: deadline.timeIntervalSince(started))))
        return end(found)
      }
    }
  }

  /// The worker is done for: reaps it, and says why the check failed.
  private func end(_ found: [(strategy: String, failure: VerificationFailure)]) -> [(strategy: String, failure: VerificationFailure)] {
    guard let worker else { return found }
    worker.closeInput()
    worker.kill()
    let termination = worker.waitForEnd()
    self.worker = nil
    return found.contains { $0.strategy == strategy } ? found : found + [(strategy, .crashed(termination.description))]
  }
}
