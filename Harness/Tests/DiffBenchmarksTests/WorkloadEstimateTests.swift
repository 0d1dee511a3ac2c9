import DiffVerification
import SnapshotDiff
import Testing

@testable import DiffBenchmarks

/// The time left's model of a run (``RunEstimate``), on set rates: no
/// figure here is measured, so no verdict depends on the machine.
@Suite struct WorkloadEstimateTests {
  let naive = TimedSubject(Contender(Naive()))
  let hashmap = TimedSubject(Contender(Hashmap()))

  /// The four regimes of the default rule: 100 samples, the 1 s budget,
  /// 15 samples, or 8 and 2 s of long ones, up to the 10 s cap; and
  /// `--quick`'s 0.2 s budget and 3 s cap.
  @Test func theRoundsAreTheSamplingRules() {
    let settings = BenchSettings()
    #expect(settings.rounds(at: 0.001) == 100)
    #expect(settings.rounds(at: 0.0251) == 40)
    #expect(settings.rounds(at: 0.1) == 15)
    #expect(settings.rounds(at: 0.15) == 14)
    #expect(settings.rounds(at: 0.5) == 8)
    #expect(settings.rounds(at: 4) == 3)
    #expect(settings.rounds(at: 0) == 100)
    #expect(BenchSettings.quick.rounds(at: 0.001) == 100)
    #expect(BenchSettings.quick.rounds(at: 0.0041) == 49)
    #expect(BenchSettings.quick.rounds(at: 1) == 3)
  }

  /// A pair's cells: each subject's rounds at its sample time, two calls
  /// more, a short one's warm-ups; nothing for a skipped cell; the floor
  /// by the same rule, whatever the strategies sample.
  @Test func aPairsCellsTakeTheirRounds() {
    let settings = BenchSettings()
    let estimate = RunEstimate(settings: settings, subjects: [.floor, hashmap, naive], calibration: Calibration())
    let items = Double(1_000) * RunEstimate.pairSecondsPerItem
    // hashmap at 2 ms: 100 rounds (0.2 s) and its two calls; naive skipped;
    // the floor at 5 ms: its own 100 rounds (0.5 s).
    let hashmapCell = 100 * 0.002 + 2 * 0.002
    let floorCell = 100 * 0.005 + 2 * 0.005
    #expect(abs(estimate.pairSeconds([0.005, 0.002, nil], items: 1_000) - (items + hashmapCell + floorCell)) < 1e-9)
    // naive at 1 s: 8 rounds (long samples, 2 s and more).
    let naiveCell = 8 * 1.0 + 2 * 1.0
    let withNaive = estimate.pairSeconds([0.005, nil, 1], items: 1_000)
    #expect(abs(withNaive - (items + naiveCell + floorCell)) < 1e-9)
    // A floor of 40 ms a sample: 25 rounds to its 1 s budget, though
    // hashmap samples 100 (it followed them, 4 s, before).
    let slowFloor = estimate.pairSeconds([0.04, 0.002, nil], items: 1_000)
    #expect(abs(slowFloor - (items + hashmapCell + 25 * 0.04 + 2 * 0.04)) < 1e-9)
    // One of 0.1 s: its 15 rounds; of 0.5 s, 8 (its 2 s, and more).
    let slowerFloor = estimate.pairSeconds([0.1, 0.002, nil], items: 1_000)
    #expect(abs(slowerFloor - (items + hashmapCell + 15 * 0.1 + 2 * 0.1)) < 1e-9)
    let longFloor = estimate.pairSeconds([0.5, 0.002, nil], items: 1_000)
    #expect(abs(longFloor - (items + hashmapCell + 8 * 0.5 + 2 * 0.5)) < 1e-9)
    // Below the warm-up line each sample follows an untimed call: twice.
    let short = estimate.pairSeconds([0.0001], items: 0)
    #expect(abs(short - (2 * 100 * 0.0001 + 2 * 0.0001)) < 1e-12)
  }

  /// A pair built ahead is estimated by its cost models: a cell estimated
  /// over a third of the cap counts nothing (it is skipped), one under it
  /// its rounds; a linear subject by its rate per item. A session by its
  /// timed applies, a snapshot operation by its one cell.
  @Test func aWorkloadIsEstimatedByItsCellsAsTheRunWillTakeThem() throws {
    let reversed = Workload(name: "reversed-2k", quick: true, items: 2_000) { DiffBenchmarks.reversed(count: 2_000) }
    let pair = reversed.pair()
    let units = WorkEstimate(old: pair.old, new: pair.new).units(naive.traits.cost)
    let items = pair.old.numberOfItems + pair.new.numberOfItems
    func estimate(naiveSample: Double) -> RunEstimate {
      var calibration = Calibration(secondsPerUnit: ["naive": naiveSample / units])
      calibration.secondsPerItem = ["hashmap": (1e-8, 1e-8)]
      return RunEstimate(settings: BenchSettings(), subjects: [hashmap, naive], calibration: calibration)
    }
    let skipped = estimate(naiveSample: 4)
    #expect(abs(skipped.seconds(reversed) - skipped.pairSeconds([1e-8 * Double(items), nil], items: items)) < 1e-12)
    let measured = estimate(naiveSample: 0.5)
    #expect(abs(measured.seconds(reversed) - measured.pairSeconds([1e-8 * Double(items), 0.5], items: items)) < 1e-12)
    #expect(measured.seconds(reversed) > skipped.seconds(reversed) + 4.5)

    // A larger pair is not built: its cost models' cells count as skipped.
    let large = Workload(name: "large", quick: false, items: RunEstimate.pairsBuiltAheadUpTo + 1) { fatalError("not built") }
    let twice = 2 * large.items
    #expect(abs(measured.seconds(large) - measured.pairSeconds([1e-8 * Double(twice), nil], items: twice)) < 1e-12)

    // A session: the applies it keeps, each by its first apply's items and
    // changes. Here two applies, both kept; the first, [a b c] → [a b c d],
    // has 7 items and one inserted.
    let drafts = [["a", "b", "c"], ["a", "b", "c", "d"], ["d", "a", "b", "c"]].map {
      SnapshotDraft(sections: [.init(id: "s", items: $0.map { ($0, "") })])
    }
    let session = Workload(name: "session", quick: true, items: 4, applies: 2, source: .trace({
      var left = drafts[...]
      return TraceSource { left.popFirst().map { TraceSnapshot(snapshot: try! $0.snapshot()) } }
    }))
    let apply = RunEstimate.sessionSecondsPerApply + 7 * RunEstimate.sessionSecondsPerItem + 1 * RunEstimate.sessionSecondsPerChange
    #expect(abs(measured.seconds(session) - 2 * apply) < 1e-12)
    // A session that cannot be read, or has one snapshot, has no first
    // apply: no work, and no trap (it fails in its turn, with its error).
    let unreadable = Workload(name: "unreadable", quick: true, items: 4, applies: 2, source: .trace({ () throws(CorpusError) in
      throw CorpusError(file: "u.jsonl", message: "line 1: not valid UTF-8")
    }))
    #expect(measured.seconds(unreadable) == 0)
    let single = Workload(name: "single", quick: true, items: 3, applies: 1, source: .trace({
      var left = drafts.prefix(1)
      return TraceSource { left.popFirst().map { TraceSnapshot(snapshot: try! $0.snapshot()) } }
    }))
    #expect(measured.seconds(single) == 0)
    let operation = try #require(Workload.all.first { $0.isSnapshotOperation })
    #expect(measured.seconds(operation) == RunEstimate.snapshotOperationSeconds)
  }

  /// A rate per item measured at two sizes: the small one's below it, the
  /// power of the items through both above (here 1e-8 at 2,000 items and
  /// 4e-8 at 200,000: the rate doubles every tenfold).
  @Test func aRatePerItemGrowsWithThePairAsMeasured() {
    var calibration = Calibration()
    calibration.secondsPerItem = ["hashmap": (1e-8, 4e-8)]
    #expect(abs(calibration.seconds(hashmap, items: 1_000) - 1e-5) < 1e-15)
    #expect(abs(calibration.seconds(hashmap, items: 2_000) - 2e-5) < 1e-15)
    #expect(abs(calibration.seconds(hashmap, items: 20_000) - 2e-8 * 20_000) < 1e-12)
    #expect(abs(calibration.seconds(hashmap, items: 200_000) - 4e-8 * 200_000) < 1e-12)
    #expect(abs(calibration.seconds(hashmap, items: 2_000_000) - 8e-8 * 2_000_000) < 1e-10)
    // A large rate under the small one (noise) never shrinks a rate.
    calibration.secondsPerItem = ["hashmap": (1e-8, 0.5e-8)]
    #expect(abs(calibration.seconds(hashmap, items: 200_000) - 1e-8 * 200_000) < 1e-12)
    #expect(Calibration().seconds(hashmap, items: 10) == 10 * Calibration.unmeasuredSecondsPerItem)
    // Measured at one size only (a run of small pairs): the small rate, past it too.
    calibration.itemsMeasured = (2_000, 2_000)
    calibration.secondsPerItem = ["hashmap": (1e-8, 1.1e-8)]
    #expect(abs(calibration.seconds(hashmap, items: 3_000) - 1e-8 * 3_000) < 1e-15)
  }

  /// The large pairs are measured where a diff may be larger than the small
  /// pair or of a size not known (a file); not for small pairs and
  /// snapshot operations alone.
  @Test func theLargePairsAreMeasuredOnlyWhereARunNeedsThem() throws {
    func named(_ names: String...) throws -> [Workload] {
      try names.map { name in try #require(Workload.all.first { $0.name == name }) }
    }
    #expect(!Calibration.needsLargePairs(try named("random-1e2", "jsfb-swap-rows-1k", "appstore-sections", "snapshot-index-path-100x-10k")))
    #expect(Calibration.needsLargePairs(try named("random-1e2", "random-1e4")))
    #expect(Calibration.needsLargePairs([Workload.file("/nonexistent/case.json")]))
  }

  /// Once a pair's first calls are timed, its work is the model at those
  /// times, and the run's total moves by the difference.
  @Test func aPairsWorkIsRefinedByItsMeasuredCalls() {
    let estimate = RunEstimate(settings: BenchSettings(), subjects: [.floor, hashmap, naive], calibration: Calibration())
    var state = BenchRunner.RunState(
      probe: AllocationProbe(), estimate: estimate, progress: BenchProgress(cellsTotal: 3),
      started: 0, report: { _ in })
    (state.progress.workTotal, state.progress.workloadWork) = (100, 4)
    state.refineWork(measured: [0.01, 0.002, nil], items: 2_000)
    let refined = estimate.pairSeconds([0.01, 0.002, nil], items: 2_000)
    #expect(abs(state.progress.workloadWork - refined) < 1e-12)
    #expect(abs(state.progress.workTotal - (96 + refined)) < 1e-12)
  }
}
