import DiffFuzzing
import DiffVerification
import Foundation
import Testing

@Suite struct WorkerProtocolTests {
  @Test func messagesRoundTripAsOneLineEach() throws {
    let events: [WorkerProtocol.Event] = [
      .finished(iteration: 7), .finished(iteration: nil),
      .failed(iteration: 3, strategy: "naive", kind: .moveRule, message: "move rule: \"a\"\nnewline\ttab"),
      .failed(iteration: nil, strategy: "hashmap", kind: .rule(4), message: "x"),
      .deadline(iteration: nil, strategy: "myers", seconds: 12.5, apply: 3), .deadline(iteration: 9, strategy: "naive", seconds: 10),
      .failed(iteration: 7, strategy: "heckel", kind: .wrongResult, message: "apply 2 (page 2): wrong result: x", apply: 2),
    ]
    for event in events {
      let line = WorkerProtocol.line(event)
      #expect(!line.contains("\n"))
      #expect(try WorkerProtocol.decode(WorkerProtocol.Event.self, from: line) == event)
    }
    let configuration = WorkerProtocol.Configuration(
      mode: .generate(seed: 1, first: 2, step: 3, limit: nil, maxItems: 4), strategies: ["hashmap", "min_moves"], timeout: 0.5)
    #expect(try WorkerProtocol.decode(WorkerProtocol.Configuration.self, from: WorkerProtocol.line(configuration)) == configuration)
    let request = WorkerProtocol.Request.check(pair: #"{"old":["a"],"new":[]}"#)
    #expect(try WorkerProtocol.decode(WorkerProtocol.Request.self, from: WorkerProtocol.line(request)) == request)
  }

  @Test func everyKindReadsBackFromItsName() {
    let kinds: [VerificationFailure.Kind] = [.rule(1), .rule(7)] + VerificationFailure.Kind.unnumbered
    #expect(VerificationFailure.Kind.unnumbered.count == 16 && Set(kinds.map(\.description)).count == kinds.count)
    for kind in kinds { #expect(VerificationFailure.Kind(kind.description) == kind) }
    #expect(VerificationFailure.Kind("rule x") == nil)
    #expect(throws: DecodingError.self) { try WorkerProtocol.decode(WorkerProtocol.Event.self, from: #"{"finished":{"iteration":"x"}}"#) }
  }
}

/// The process layer: lines with a deadline, end of file, kill.
@Suite struct WorkerProcessTests {
  @Test func readsLinesAndTheEnd() throws {
    let child = try WorkerProcess(command: ["/bin/sh", "-c", "echo one; echo two; echo oops >&2; exit 3"])
    #expect(child.readLine(deadline: Date(timeIntervalSinceNow: 30)) == .line("one"))
    #expect(child.readLine() == .line("two"))
    #expect(child.readLine() == .end)
    let end = child.waitForEnd()
    #expect(end.status == 3 && !end.signalled && end.message == "oops")
  }

  @Test func aSilentChildTimesOutAndIsKilled() throws {
    let child = try WorkerProcess(command: ["/bin/sh", "-c", "read line; echo \"got $line\"; sleep 30"])
    let start = Date()
    #expect(child.readLine(deadline: Date(timeIntervalSinceNow: 0.3)) == .timedOut)
    // Ended by its deadline, not by the child (which sleeps 30 s): a margin no machine misses.
    #expect(Date().timeIntervalSince(start) < 20)
    #expect(child.send("hello"))
    #expect(child.readLine(deadline: Date(timeIntervalSinceNow: 25)) == .line("got hello"))
    #expect(ChildRegistry.live.contains(child.processIdentifier))
    child.kill()
    let end = child.waitForEnd()
    #expect(end.signalled && end.status == SIGKILL)
    #expect(!ChildRegistry.live.contains(child.processIdentifier))
  }
}
