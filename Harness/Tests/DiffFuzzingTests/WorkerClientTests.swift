@testable import DiffFuzzing
import DiffVerification
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct WorkerClientTests {
  /// A worker shut down is reaped, not left a zombie for init: so `time`
  /// and getrusage(RUSAGE_CHILDREN) of the parent count its CPU and memory.
  /// Signal 0 still reaches a zombie; only a reaped process is gone (ESRCH).
  @Test func aShutDownWorkerIsReaped() throws {
    let client = WorkerClient(command: FuzzEngineTests.worker, checking: .strategy("hashmap"), timeout: 10)
    let pair = try CorpusCase.parse(Array(#"{"old": ["a", "b"], "new": ["b", "a"]}"#.utf8))
    #expect(client.check(pair) == nil)
    let pid = try #require(client.worker?.processIdentifier)
    #expect(kill(pid, 0) == 0)
    client.shutDown()
    #expect(client.worker == nil)
    #expect(kill(pid, 0) == -1 && errno == ESRCH)
  }

  /// Each apply of a trace walk is announced with its number: what
  /// `verify`'s progress counts.
  @Test func aTraceWalkAnnouncesEveryApply() throws {
    let client = WorkerClient(command: FuzzEngineTests.worker, checking: .strategy("hashmap"), timeout: 10)
    var seen: [Int] = []
    client.walking = { name, apply in if name == "hashmap" { seen.append(apply) } }
    let trace = (0...5).map { k in #"{"sections": [{"id": "s", "items": ["a\#(k)", "b"]}]}"# }.joined(separator: "\n")
    let snapshots = try TraceReader.parse(Array(trace.utf8))
    #expect(client.check(trace: snapshots) == nil)
    #expect(seen == [1, 2, 3, 4, 5])
    client.shutDown()
  }

  /// A failure in a trace walk names its apply as a field of the event,
  /// which the shrinker reads; nothing parses it out of the message.
  @Test func aTraceFailureCarriesItsApplyAsAField() throws {
    var items = ["a", "b", "c", "d", "e"]
    var snapshots: [String] = []
    for _ in 0..<4 {
      snapshots.append("[" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
      items.append(items.removeFirst())
    }
    let configuration = WorkerProtocol.Configuration(mode: .serve, strategies: ["trusts-recorded"], timeout: 10)
    let worker = try WorkerProcess(command: FuzzEngineTests.worker + [WorkerProtocol.line(configuration)])
    #expect(worker.send(WorkerProtocol.line(WorkerProtocol.Request.checkTrace(trace: snapshots.joined(separator: "\n")))))
    var failed: [WorkerProtocol.Event] = []
    reading: while case .line(let line) = worker.readLine(deadline: Date(timeIntervalSinceNow: 30)) {
      let event = try WorkerProtocol.decode(WorkerProtocol.Event.self, from: line)
      switch event {
      case .finished: break reading
      case .failed: failed.append(event)
      default: continue
      }
    }
    worker.closeInput()
    _ = worker.waitForEnd()
    guard case let .failed(_, strategy, _, message, apply, _)? = failed.first else {
      Issue.record("no failure: \(failed)")
      return
    }
    #expect(strategy == "trusts-recorded" && apply == 2 && message.hasPrefix("apply 2"), "\(message)")
  }
}
