@testable import DiffBenchCLI
import DiffBenchmarks
import DiffFuzzing
import Foundation
import Testing

@Suite struct ProgressLineTests {
  /// A progress line writing into a string, on a clock the test moves.
  final class Fixture {
    var text = ""
    var clock = 0.0
    func line(_ mode: ProgressLine.Mode) -> ProgressLine {
      ProgressLine(mode: mode, interval: 5, write: { self.text += $0 }, now: { self.clock })
    }
  }

  @Test func plainLinesComeAtMostEveryInterval() {
    let f = Fixture()
    let progress = f.line(.plain)
    for second in 0..<12 {
      f.clock = Double(second)
      progress.update("at \(second)")
    }
    #expect(f.text == "at 0\nat 5\nat 10\n")
    progress.note("skipped")  // a note is never held back
    progress.finish()
    #expect(f.text == "at 0\nat 5\nat 10\nskipped\n")
  }

  @Test func aTerminalLineIsRewrittenInPlaceAndNotesStayAboveIt() {
    let f = Fixture()
    let progress = f.line(.terminal)
    progress.update("[1/3]")
    f.clock = 0.05
    progress.update("[2/3]")  // within a tenth of a second: not drawn
    progress.note("hashmap: skipped")  // takes the line's place
    progress.update("[3/3]")  // drawn at once below the note, current
    progress.finish()
    #expect(f.text == "\r\u{1B}[K[1/3]" + "\r\u{1B}[Khashmap: skipped\n" + "\r\u{1B}[K[3/3]" + "\r\u{1B}[K")
  }

  @Test func quietShowsOnlyNotes() {
    let f = Fixture()
    let progress = f.line(.off)
    progress.update("[1/3]")
    progress.note("a failure")
    progress.finish()
    #expect(f.text == "a failure\n")
  }

  @Test func timeLeftIsThePaceSoFar() {
    #expect(ProgressLine.remaining(done: 0, total: 10, elapsed: 3) == nil)
    #expect(ProgressLine.remaining(done: 2, total: 10, elapsed: 3) == 12)
    #expect(ProgressLine.remaining(done: 10, total: 10, elapsed: 3) == 0)
    #expect(ProgressLine.duration(42.4) == "42 s")
    #expect(ProgressLine.duration(185) == "3 min 05 s")
    #expect(ProgressLine.duration(3_725) == "1 h 02 min")
    #expect(ProgressLine.duration(.infinity) == "?")
  }

  @Test func aVerifyLineGivesFileStrategyAppliesRateAndTimeLeft() {
    let p = VerifyProgress(
      file: "a.jsonl", fileIndex: 3, fileCount: 12, strategy: "hashmap", applies: 100, totalApplies: 300, elapsedSeconds: 2)
    #expect(VerifyCommand.line(p) == "[3/12] a.jsonl hashmap: 100/300 applies, 50/s, 4 s left")
  }

  @Test func benchsTimeLeftIsThePaceAppliedToTheWorkLeft() {
    var p = BenchProgress(cellsTotal: 10)
    p.cellsDone = 5
    p.elapsedSeconds = 60
    // Half the cells, a fifth of the work: four times as long again.
    p.workTotal = 100
    (p.workDone, p.workDoneBefore, p.workloadStartSeconds) = (20, 20, 60)
    #expect(BenchCommand.left(p) == "4 min 00 s left")
    // A workload of 10 units begins: at 3 s a unit, 30 s. 15 s into it,
    // 15 s of it are left; 40 s into it, none, and the time left does not
    // rise while it runs on.
    p.workloadWork = 10
    p.elapsedSeconds = 75
    #expect(BenchCommand.left(p) == "3 min 45 s left")
    p.elapsedSeconds = 100
    #expect(BenchCommand.left(p) == "3 min 30 s left")
    p.elapsedSeconds = 500
    #expect(BenchCommand.left(p) == "3 min 30 s left")
    // A session at its own pace: a quarter of its applies in 40 s, 120 s
    // more, whatever the run's pace says of its work.
    (p.workDone, p.elapsedSeconds) = (22.5, 100)
    #expect(BenchCommand.left(p) == "5 min 30 s left")
    // In the first workload, the pace of its work so far.
    var first = BenchProgress(cellsTotal: 10)
    first.workTotal = 100
    #expect(BenchCommand.left(first) == "estimating")
    (first.workDone, first.workloadWork, first.elapsedSeconds) = (5, 10, 10)
    #expect(BenchCommand.left(first) == "3 min 10 s left")
    (p.workDone, p.workDoneBefore, p.workloadWork, p.workloadStartSeconds, p.elapsedSeconds) = (20, 20, 0, 60, 60)
    // Without a work estimate (a counted run), by cells.
    p.workTotal = 0
    #expect(BenchCommand.left(p) == "1 min 00 s left")
    let pair = VerifyProgress(file: "b.json", fileIndex: 1, fileCount: 1, strategy: "myers", elapsedSeconds: 0)
    #expect(VerifyCommand.line(pair) == "[1/1] b.json myers")
  }
}
