import DiffVerification
import Foundation

/// The parent side of one serving ``StrategyWorker`` for one strategy:
/// checks pairs one at a time. A pair that kills the worker is a `crash`;
/// one the worker's watchdog reports is a `hang`; one that gets no answer
/// within the wall-clock backstop (the worker's own backstop and a grace) is
/// a `hang` too. After either, the next check starts a new worker.
public final class WorkerClient {
  let command: [String]
  let timeout: Double
  var worker: WorkerProcess?
  public private(set) var checks = 0

  /// Extra seconds the parent waits beyond the worker's own watchdog.
  static let grace = 3.0

  /// Wall seconds the parent waits for a call with this CPU deadline: the
  /// worker's watchdog reports before then, unless the worker is wedged.
  static func backstop(_ deadline: Deadline) -> Double { deadline.wallSeconds + grace }

  /// - Parameters:
  ///   - command: how to start a worker, e.g. `[diffbench, "worker"]`; the
  ///     configuration is appended.
  ///   - timeout: seconds the strategy may take on one pair.
  public init(command: [String], strategy: String, timeout: Double) {
    let configuration = WorkerProtocol.Configuration(mode: .serve, strategies: [strategy], timeout: timeout)
    self.command = command + [WorkerProtocol.line(configuration)]
    self.timeout = timeout
  }

  deinit {
    worker?.closeInput()
    worker?.kill()
  }

  /// How the strategy fails on the pair, or `nil` when it passes.
  public func check(_ pair: CorpusCase) -> VerificationFailure? {
    checks += 1
    if worker == nil { worker = try? WorkerProcess(command: command) }
    guard let worker else { return .crashed("cannot start \(command[0])") }
    var failure: VerificationFailure?
    let started = Date()
    if worker.send(WorkerProtocol.line(WorkerProtocol.Request.check(pair: pair.json.compact))) {
      var deadline = Date(timeIntervalSinceNow: Self.backstop(Deadline(cpuSeconds: timeout)))
      while true {
        switch worker.readLine(deadline: deadline) {
        case .line(let line):
          switch try? WorkerProtocol.decode(WorkerProtocol.Event.self, from: line) {
          case .finished?:
            return failure
          case .deadline(_, _, let seconds)?:
            deadline = Date(timeIntervalSinceNow: Self.backstop(Deadline(cpuSeconds: seconds)))
          case let .failed(_, _, kind, message)?:
            failure = failure ?? .reported(kind, message: message)
            if kind == .hang { return end(failure) }
          case nil:
            return end(.crashed("the worker said something else: \(line.prefix(80))"))
          }
        case .end:
          return end(nil)
        case .timedOut:
          worker.kill()
          return end(.hung(seconds: deadline.timeIntervalSince(started)))
        }
      }
    }
    return end(nil)
  }

  /// The worker is done for: reaps it, and says why the check failed.
  private func end(_ failure: VerificationFailure?) -> VerificationFailure? {
    guard let worker else { return failure }
    worker.closeInput()
    worker.kill()
    let termination = worker.waitForEnd()
    self.worker = nil
    return failure ?? .crashed(termination.description)
  }
}
