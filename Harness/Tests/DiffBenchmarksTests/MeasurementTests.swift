import DiffBenchmarks
import DiffProcesses
import DiffResults
import Foundation
import Testing

/// `AllocationProbe.exactly`: the peak of live bytes must see every
/// allocation, however short-lived, and count what the result still holds;
/// and it measures only in a process of one thread, where jemalloc's hooks
/// are safe. The figures come from `peak-fixture`, which is such a process.
@Suite struct MeasurementTests {
  /// `peak-fixture`'s lines, by case: [peak, allocated], or nil where it
  /// was refused.
  static let fixture: [String: [UInt64]?] = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let run = try? ChildProcess.run([bundle.appendingPathComponent("peak-fixture").path])
    var cases: [String: [UInt64]?] = [:]
    for line in (run?.text ?? "").split(separator: "\n") {
      let words = line.split(separator: " ")
      cases[String(words[0])] = words[1] == "refused:" ? nil : words.dropFirst().compactMap { UInt64($0) }
    }
    return cases
  }()

  func figures(_ name: String) throws -> (peak: UInt64, allocated: UInt64) {
    let measured = try #require(Self.fixture[name] ?? nil, "\(name): \(Self.fixture)")
    try #require(measured.count == 2)
    return (measured[0], measured[1])
  }

  @Test func aBufferFreedBeforeTheEndIsInThePeak() throws {
    let one = try figures("transient-40k")
    #expect(one.peak >= 40 << 10 && one.allocated >= 40 << 10)
    // Several in turn: the peak is the largest live at once, not their sum.
    let three = try figures("three-in-turn")
    #expect(three.peak >= 100 << 10 && three.peak < 180 << 10)
    #expect(three.allocated >= 180 << 10)
  }

  @Test func whatTheResultHoldsIsCounted() throws {
    #expect(try figures("result-200k").peak >= 200_000)
    // Nothing allocated: nothing counted (the hooks are off again after).
    let none = try figures("nothing")
    #expect(none.peak == 0 && none.allocated == 0)
  }

  @Test func onlyInAProcessOfOneThread() throws {
    // Running a child starts no thread.
    #expect(try figures("after-a-child").peak >= 40 << 10)
    // Beside a live thread it refuses; once that thread is joined it measures.
    #expect(Self.fixture.keys.contains("beside-a-thread") && Self.fixture["beside-a-thread"]! == nil)
    #expect(try figures("after-the-thread").peak >= 40 << 10)
    // Here, beside a thread of this test's own (whether or not the tests run
    // in parallel): refused, with why.
    let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
    Thread { started.signal(); release.wait() }.start()
    started.wait()
    defer { release.signal() }
    let probe = AllocationProbe()
    #expect(probe.exactly { [UInt8](repeating: 1, count: 1_000) } == nil)
    let why = try #require(AllocationProbe.exactPeakUnavailable())
    #expect(why.contains("threads run in this process; jemalloc's hooks are safe only in a process of one"), "\(why)")
  }
}
