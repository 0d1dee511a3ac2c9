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
public enum StrategyWorker {
  /// Runs the worker; returns the exit status (2: a bad configuration).
  public static func main(arguments: [String], strategies available: [any DiffStrategy]) -> Int32 {
    guard arguments.count == 1,
      let configuration = try? WorkerProtocol.decode(WorkerProtocol.Configuration.self, from: arguments[0])
    else {
      FileHandle.standardError.write(Data("worker: expected one argument, a worker configuration in JSON\n".utf8))
      return 2
    }
    var strategies: [(name: String, strategy: (any DiffStrategy)?)] = []
    for name in configuration.strategies {
      if name == WorkerProtocol.metricName {
        strategies.append((name, nil))
      } else if let strategy = available.first(where: { $0.name == name }) {
        strategies.append((name, strategy))
      } else {
        FileHandle.standardError.write(Data("worker: unknown strategy \(name)\n".utf8))
        return 2
      }
    }
    let watchdog = Watchdog(timeout: configuration.timeout)
    watchdog.start()

    func check(_ old: StringSnapshot, _ new: StringSnapshot, iteration: UInt64?) {
      let oracle = PairOracle(old: old, new: new)
      for (name, strategy) in strategies {
        let failure: VerificationFailure?
        if let strategy {
          watchdog.begin(strategy: name, iteration: iteration)
          let changeset = strategy.changeset(from: old, to: new)
          watchdog.end()
          failure = Verifier.verify(changeset, madeBy: strategy.traits, oracle: oracle)
        } else {
          failure = oracle.metricFailure
        }
        if let failure {
          emit(.failed(iteration: iteration, strategy: name, kind: failure.kind, message: failure.description))
        }
      }
      emit(.finished(iteration: iteration))
    }

    switch configuration.mode {
    case .serve:
      while let line = readLine(strippingNewline: true) {
        guard case .check(let text)? = try? WorkerProtocol.decode(WorkerProtocol.Request.self, from: line),
          let pair = try? CorpusCase.parse(Array(text.utf8))
        else {
          emit(.failed(iteration: nil, strategy: "", kind: .badRequest, message: "not a check request: \(line.prefix(80))"))
          emit(.finished(iteration: nil))
          continue
        }
        check(pair.old, pair.new, iteration: nil)
      }
    case let .generate(seed, first, step, limit, maxItems):
      let generator = PairGenerator(maxItems: maxItems)
      var i = first
      while i < (limit ?? .max) {
        let drafts = generator.pair(seed: seed, iteration: i)
        if let old = try? drafts.old.snapshot(), let new = try? drafts.new.snapshot() {
          check(old, new, iteration: i)
        } else {
          emit(.finished(iteration: i))
        }
        let (next, overflow) = i.addingReportingOverflow(step)
        if overflow { break }
        i = next
      }
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

/// A thread that, twice a second or more often, checks that the parent is
/// still there and that no strategy has run past the timeout.
final class Watchdog: @unchecked Sendable {  // `running` is guarded by `lock`
  let timeout: Double
  let parent = getppid()
  let lock = NSLock()
  var running: (strategy: String, iteration: UInt64?, since: UInt64)?

  init(timeout: Double) { self.timeout = timeout }

  func begin(strategy: String, iteration: UInt64?) {
    let now = DispatchTime.now().uptimeNanoseconds
    lock.lock()
    running = (strategy, iteration, now)
    lock.unlock()
  }

  func end() {
    lock.lock()
    running = nil
    lock.unlock()
  }

  func start() {
    let interval = min(0.05, timeout / 4)
    let thread = Thread { [self] in
      while true {
        Thread.sleep(forTimeInterval: interval)
        if getppid() != parent { _exit(0) }  // the parent is gone: so are we
        lock.lock()
        let current = running
        lock.unlock()
        if let current, Double(DispatchTime.now().uptimeNanoseconds - current.since) / 1e9 > timeout {
          let failure = VerificationFailure.hung(seconds: timeout)
          StrategyWorker.emit(.failed(iteration: current.iteration, strategy: current.strategy, kind: .hang, message: failure.description))
          _exit(0)
        }
      }
    }
    thread.start()
  }
}
