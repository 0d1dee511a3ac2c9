import DiffResults
import DiffVerification
import Foundation
import SnapshotDiff

/// How long to time each cell (one workload × one strategy).
package struct BenchSettings: Sendable {
  /// At least this many samples …
  package var minSamples = 15
  /// … and at least this much timed work, whichever ends later, …
  package var budgetSeconds = 1.0
  /// … or this many and this much, for a cell of long samples (the
  /// Benchmarking article says what that saves and what it costs) …
  package var longCellSamples = 8
  package var longCellSeconds = 2.0
  /// … but never more than this per cell, nor more than `maxSamples`. A cell
  /// whose one sample is estimated over a third of the cap is skipped.
  package var capSeconds = 10.0
  package var maxSamples = 100
  /// Samples of each apply of a trace (its figure is their median).
  package var samplesPerApply = 5
  /// At most this many applies of a session are timed (`nil`: every one,
  /// `bench --all-applies`): every apply until then, then every second,
  /// fourth, … apply, spread over the whole session (the stride doubles
  /// as the session goes on, and the applies off the new stride are let
  /// go). An apply not timed is not diffed or verified either: a session's
  /// time and memory stop growing with its length. Where the session's
  /// length is known (a built-in session, a trace file), the applies the
  /// doubling would keep at its end are the only ones measured
  /// (``firstStride(applies:)``): the same rows, without the work of the
  /// ones it lets go (657 applies measured for 157 kept on `trace-ranking`).
  package var timedApplies: Int? = 250

  /// The stride the doubling ends at for a session of `applies` applies:
  /// the applies it keeps are every `stride`-th from the first.
  package func firstStride(applies: Int) -> Int {
    guard let limit = timedApplies else { return 1 }
    var thinning = BenchRunner.Thinning(limit: limit)
    for step in Swift.stride(from: 1, through: applies, by: 1) { _ = thinning.admit(step) }
    return thinning.stride
  }
  /// The UIKit each changeset is verified against (`--uikit`): how its
  /// updates are performed, and so its stages.
  package var updates = BatchUpdate.UpdateKind.reconfigure
  /// A sample is preceded by an untimed call of the same subject on the
  /// same pair when the subject's call before took less than this (its
  /// last sample; for the first, the run that measured its peak): samples
  /// are interleaved, and a short call would find the caches as the
  /// subject before it left them (the Benchmarking article says what that
  /// did). Above a millisecond, the few microseconds that costs are under
  /// 1 %, and a warm-up of a 4-second diff would be 4 seconds lost.
  package var warmUpBelowSeconds = 0.001

  package init() {}

  /// `--quick`: about two minutes for the quick workloads.
  package static var quick: BenchSettings {
    var s = BenchSettings()
    s.budgetSeconds = 0.2
    s.capSeconds = 3
    s.samplesPerApply = 3
    return s
  }
}

/// One cell's outcome.
package struct CellResult: Sendable {
  package var workload: String
  package var strategy: String
  /// Its rows, compact (a long session's samples are many).
  package var storage: CellRows
  /// Its rows, rebuilt on each read: read once and keep, or use ``storage``.
  package var rows: [ReportRow] {
    get { storage.rows }
    set { storage = CellRows(newValue) }
  }
  /// Why it has no rows, when skipped.
  package var skipped: String?
  /// What broke, when the changeset failed verification (in a trace, the
  /// first apply that failed).
  package var failure: String?
  /// The applies of a session timed, and its applies, where fewer were
  /// timed (``BenchSettings/timedApplies``).
  package var thinned: (timed: Int, of: Int)?
  /// Seconds one sample was estimated to take by the strategy's cost model,
  /// for a pair and a strategy whose cost is not linear (what decides a skip).
  package var estimatedSeconds: Double?

  package init(
    workload: String, strategy: String, rows: [ReportRow], skipped: String?, failure: String?, estimatedSeconds: Double? = nil
  ) {
    (self.workload, self.strategy, storage) = (workload, strategy, CellRows(rows))
    (self.skipped, self.failure, self.estimatedSeconds) = (skipped, failure, estimatedSeconds)
  }

  /// Records what one apply's verification found: the first failure (a
  /// trace's names its apply); a malformed matching also skips the cell,
  /// since the timed (or counted) entry point would stop on it.
  ///
  /// - Returns: whether the cell is still to be measured.
  mutating func record(_ failure: VerificationFailure?, step: Int?) -> Bool {
    guard let failure else { return true }
    self.failure = self.failure ?? (step.map { "apply \($0): \(failure)" } ?? failure.description)
    guard case .invalidMatching = failure else { return true }
    skipped = "failed verification (\(failure.kind))"
    storage = CellRows()
    return false
  }
}

/// Runs the grid: for each workload, each subject verified once (outside the
/// timed region), warmed up, then sampled round by round so that the
/// machine's drift hits all strategies alike, a short sample right after a
/// call of its own (``BenchSettings/warmUpBelowSeconds``). A trace is timed apply by
/// apply, a few samples each, strategies interleaved in the same way.
package struct BenchRunner {
  package var workloads: [Workload]
  package var subjects: [TimedSubject]
  package var settings: BenchSettings
  package var info: RunInfo
  /// A line a cell, after its workload, with where the run is then.
  package var log: (CellLine, BenchProgress) -> Void = { _, _ in }
  /// Where the run is during a workload (the apply of a trace being
  /// sampled), at most every half second.
  package var progress: (BenchProgress) -> Void = { _ in }
  /// Every cell so far, after each workload: a subject that traps ends
  /// this process, and what was measured before it is kept from here.
  package var workloadDone: ([CellResult]) -> Void = { _ in }
  /// The cost model's rates; measured at start-up unless given (tests give
  /// them, so that a skip never depends on the machine's speed).
  var calibration: Calibration?

  package init(
    workloads: [Workload], subjects: [TimedSubject] = TimedSubject.benched(Contenders.all),
    settings: BenchSettings, info: RunInfo
  ) {
    self.workloads = workloads
    self.subjects = subjects
    self.settings = settings
    self.info = info
  }

  package func run() -> [CellResult] {
    let calibration = calibration ?? Calibration.measure(subjects, for: workloads)
    let estimate = RunEstimate(settings: settings, subjects: subjects, calibration: calibration)
    let work = workloads.map(estimate.seconds)
    // The pace is the workloads' alone: counting the start-up (calibration,
    // pairs built ahead: 3.6 s here) in the first workload's 5 s made the
    // time left twice the truth until the third.
    let started = Clock.wall()
    var state = RunState(
      probe: AllocationProbe(), estimate: estimate,
      progress: BenchProgress(cellsTotal: Workload.cellCount(workloads, subjects: subjects.count)), started: started, report: progress)
    state.progress.workTotal = work.reduce(0, +)
    var results: [CellResult] = []
    for (w, workload) in workloads.enumerated() {
      state.progress.workload = workload.name
      state.progress.step = nil
      state.progress.workloadStartSeconds = Double(Clock.wall() - started) / 1e9
      state.progress.workDoneBefore = state.progress.workDone
      state.progress.workloadWork = work[w]
      state.workloadApplies = workload.applies
      let subjects = workload.snapshotSubject.map { [$0] } ?? subjects
      var cells = subjects.map { CellResult(workload: workload.name, strategy: $0.name, rows: [], skipped: nil, failure: nil) }
      do {
        try measure(workload, subjects: subjects, into: &cells, state: &state)
      } catch {
        // A user's trace with a bad line: what was measured before it stays.
        for k in cells.indices where cells[k].skipped == nil { cells[k].failure = cells[k].failure ?? "\(error)" }
      }
      // Done: the pace now counts this workload, and nothing is current.
      state.progress.workDone = state.progress.workDoneBefore + state.progress.workloadWork
      state.progress.workDoneBefore = state.progress.workDone
      state.progress.workloadWork = 0
      state.progress.workloadStartSeconds = Double(Clock.wall() - started) / 1e9
      for cell in cells {
        state.progress.cellsDone += 1
        if cell.skipped != nil { state.progress.cellsSkipped += 1 }
        state.progress.elapsedSeconds = Double(Clock.wall() - started) / 1e9
        let line: CellLine
        if let reason = cell.skipped {
          line = CellLine(text: "\(workload.name) \(cell.strategy): skipped (\(reason))", isNotable: true)
        } else if cell.storage.isEmpty {
          line = CellLine(text: "\(workload.name) \(cell.strategy): no rows" + (cell.failure.map { " — FAILED: \($0)" } ?? ""), isNotable: true)
        } else {
          let median = Statistics.median(cell.rows.compactMap(\.wallNanoseconds).map { Double($0) })
          line = CellLine(
            text: String(format: "%@ %@: %d samples%@, median %.3f ms%@", workload.name, cell.strategy, cell.storage.count,
              cell.thinned.map { " of \($0.timed) of \($0.of) applies" } ?? "", median / 1e6,
              cell.failure.map { " — FAILED: \($0)" } ?? ""),
            isNotable: cell.failure != nil)
        }
        log(line, state.progress)
      }
      results += cells
      workloadDone(results)
    }
    return results
  }

  struct RunState {
    var probe: AllocationProbe
    /// The cost models' rates with the rest of the run's estimate.
    var estimate: RunEstimate
    var progress: BenchProgress
    var started: UInt64
    var report: (BenchProgress) -> Void
    var lastReport: UInt64 = 0
    /// The current workload's applies (its work and where it began are
    /// in ``BenchProgress``).
    var workloadApplies = 1

    /// A pair's work, known once each subject's first call is timed (the
    /// run that measures its peak): the rule's rounds at that sample time,
    /// none for a skipped cell. The time left's pace is then not taken from
    /// a workload whose estimate missed its cost models' cells.
    mutating func refineWork(measured samples: [Double?], items: Int) {
      let work = estimate.pairSeconds(samples, items: items)
      progress.workTotal += work - progress.workloadWork
      progress.workloadWork = work
    }

    /// Reports where the run is, at most every half second.
    mutating func tick(step: Int?) {
      let now = Clock.wall()
      guard now - lastReport >= 500_000_000 else { return }
      lastReport = now
      progress.step = step
      if let step {
        progress.workDone = progress.workDoneBefore + progress.workloadWork * min(1, Double(step) / Double(max(1, workloadApplies)))
      }
      progress.elapsedSeconds = Double(now - started) / 1e9
      report(progress)
    }
  }

  /// Which applies of a session are timed (``BenchSettings/timedApplies``):
  /// every one on the stride until `limit` are held; then every other one
  /// held is let go and the stride doubles.
  struct Thinning {
    let limit: Int
    private(set) var stride: Int
    private(set) var timed = 0

    init(limit: Int, stride: Int = 1) {
      self.limit = Swift.max(1, limit)
      self.stride = stride
    }

    /// Whether apply `step` (from 1) is timed, and whether the stride has
    /// just doubled (the applies held off the new stride are to go).
    mutating func admit(_ step: Int) -> (timed: Bool, doubled: Bool) {
      guard (step - 1) % stride == 0 else { return (false, false) }
      var doubled = false
      if timed >= limit {
        stride *= 2
        timed = (timed + 1) / 2
        doubled = true
        guard (step - 1) % stride == 0 else { return (false, true) }
      }
      timed += 1
      return (true, doubled)
    }
  }

  /// How many rounds to sample an apply.
  enum Rounds {
    /// A pair: until each subject has its minimum samples and budget, within the cap.
    case budget
    /// An apply of a trace: exactly this many.
    case fixed(Int)
  }

  func measure(_ workload: Workload, subjects: [TimedSubject], into cells: inout [CellResult], state: inout RunState) throws(CorpusError) {
    // Where the length is known, at the stride the doubling would end at
    // (it then never doubles: a guard, should a session run longer).
    var thinning = settings.timedApplies.map {
      Thinning(limit: $0, stride: workload.isTrace ? settings.firstStride(applies: workload.applies) : 1)
    }
    var total = 0
    defer {
      if let timed = thinning?.timed, timed < total { for k in cells.indices { cells[k].thinned = (timed, total) } }
    }
    try workload.forEachApply { apply, step in
      if let step, thinning != nil {
        total = step
        let (admitted, doubled) = thinning!.admit(step)
        if doubled {
          // Full: every other apply timed so far is let go.
          let stride = thinning!.stride
          for k in cells.indices { cells[k].storage.keepApplies { ($0 - 1) % stride == 0 } }
        }
        guard admitted else { return }
      }
      let rounds: Rounds = step == nil ? .budget : .fixed(settings.samplesPerApply)
      switch apply {
      case let .strings(old, new):
        sample(
          old, new, judgedAs: (old, new), step: step, rounds: rounds, subjects: subjects, cells: &cells, state: &state,
          run: { $0.run($1, $2) }, prepare: { $0.prepare($1, $2) })
      case let .ints(old, new):
        sample(
          old, new, judgedAs: apply.strings, step: step, rounds: rounds, subjects: subjects, cells: &cells, state: &state,
          run: { $0.runInts($1, $2) }, prepare: { $0.prepareInts($1, $2) })
      }
    }
  }

  /// Verifies every subject on one pair, then samples it round by round,
  /// appending a row per sample to each subject's cell.
  ///
  /// - Parameters:
  ///   - judgedAs: the pair as strings, for the oracles (the same pair for a
  ///     string workload).
  ///   - run: a subject's whole call on the pair, for its verification.
  ///   - prepare: the timed call, prepared: only its `diff()` is timed.
  func sample<S: Hashable, I: Hashable, C: Equatable>(
    _ old: Snapshot<S, I, C>, _ new: Snapshot<S, I, C>, judgedAs strings: (StringSnapshot, StringSnapshot), step: Int?,
    rounds: Rounds, subjects: [TimedSubject], cells: inout [CellResult], state: inout RunState,
    run: (TimedSubject, Snapshot<S, I, C>, Snapshot<S, I, C>) -> Changeset<S, I, C>?,
    prepare: (TimedSubject, Snapshot<S, I, C>, Snapshot<S, I, C>) -> PreparedDiff<S, I, C>
  ) {
    let capSeconds = settings.capSeconds
    var apply = PreparedApply(
      strings.0, strings.1, step: step, subjects: subjects, cells: &cells,
      estimate: state.estimate.calibration.estimate, limit: capSeconds / 3, measuredLimit: capSeconds / 3, updates: settings.updates
    ) { skip in
      let at = step.map { " at apply \($0)" } ?? ""
      switch skip {
      case .estimated(let seconds): return String(format: "estimated %.1f s a sample%@, over a third of the %.0f s cap", seconds, at, capSeconds)
      case .measured(let seconds): return String(format: "its checked call took %.1f s%@, over a third of the %.0f s cap", seconds, at, capSeconds)
      }
    }
    // An Int pair: each subject's own changeset must reach its own target
    // too (this run is also its warm-up).
    for k in apply.active where S.self != String.self && apply.verified[k] {
      guard let changeset = run(subjects[k], old, new), let made = apply.counts[k],
        let failure = Verifier.checkOtherPath(
          changeset, from: old, to: new, madeBy: subjects[k].traits, updates: settings.updates, sameCountsAs: made)
      else { continue }
      apply.verified[k] = false
      if !cells[k].record(failure, step: step) { apply.counts[k] = nil }
    }
    let active = apply.active
    // Each subject's peak memory, exact, from a run of its own (warm, after
    // verification) under jemalloc's allocation hooks: its thread peak, read
    // around a timed sample, is refreshed only every 64 KiB of allocation
    // and can miss a buffer that comes and goes in between.
    var exactPeak = [UInt64?](repeating: nil, count: subjects.count)
    // Each subject's input is prepared once, outside every measured region.
    var prepared = [PreparedDiff<S, I, C>?](repeating: nil, count: subjects.count)
    // Each subject's last call, timed: this run first, then its samples.
    var last = [UInt64](repeating: 0, count: subjects.count)
    for k in active {
      let diff = prepare(subjects[k], old, new)
      prepared[k] = diff
      let started = Clock.wall()
      exactPeak[k] = state.probe.exactPeak { diff.diff() }
      last[k] = Clock.wall() - started
      diff.discard()
    }
    if step == nil {
      let measured = subjects.indices.map { active.contains($0) ? Double(last[$0]) / 1e9 : nil }
      state.refineWork(measured: measured, items: strings.0.numberOfItems + strings.1.numberOfItems)
    }
    var spent = [UInt64](repeating: 0, count: subjects.count)
    let warmUpBelow = UInt64(Swift.min(settings.warmUpBelowSeconds * 1e9, 1e18))
    var done = Set<Int>()
    var round = 0
    // The floor samples by the rule, as every subject does, in the same
    // rounds as the strategies' first samples: `compare` divides a sample
    // by the floor's of its round and uses the rounds that have one (15 or
    // more, unless its cap comes first). Following every strategy's rounds,
    // as it did before, kept it sampling 100 rounds of 30-45 ms beside
    // `hashmap`'s 3 ms on each 100,000-item pair: 67 s of a 333 s run, the
    // most of any subject.
    while done.count < active.count {
      if case .fixed(let n) = rounds, round >= n { break }
      for k in active where !done.contains(k) {
        let diff = prepared[k]!
        if last[k] < warmUpBelow {
          diff.diff()
          diff.discard()
        }
        state.probe.resetPeak()
        let allocated = state.probe.allocatedBytes()
        let cpu = Clock.threadCPU()
        let wall = Clock.wall()
        diff.diff()
        let wallEnd = Clock.wall()
        let cpuEnd = Clock.threadCPU()
        let allocatedEnd = state.probe.allocatedBytes()
        let peak = state.probe.peakBytes()
        diff.discard()  // freed here, outside the timed region
        cells[k].storage.append(apply.row(
          k, of: cells[k], info: info,
          measured: .time(wallNanoseconds: wallEnd - wall, cpuNanoseconds: cpuEnd - cpu, sample: round),
          allocatedBytes: allocatedEnd - allocated, peakBytes: exactPeak[k] ?? peak))
        spent[k] += wallEnd - wall
        last[k] = wallEnd - wall
        guard case .budget = rounds else { continue }
        let seconds = Double(spent[k]) / 1e9
        if settings.hasSampledEnough(rounds: round + 1, seconds: seconds) { done.insert(k) }
      }
      round += 1
      state.tick(step: step)
    }
  }
}

/// Seconds per unit of work for the subjects whose cost can explode (their
/// traits' cost model is not linear), measured on small pairs at start-up,
/// once with short ids and once with long ones (``WorkEstimate/longIDs``):
/// `naive` took 6.1 s a sample on `dk-readme-100k`'s UUIDs where its
/// short-id rate estimated 3.2 s, and ran a cell it should have skipped.
///
/// Every linear subject's seconds per item, for the time left
/// (``RunEstimate``), are measured on the small pair and on random-1e5's:
/// an item costs more in a larger pair (the floor 5.5e-8 s at 2,000 items,
/// 1.25e-7 at 200,000, 2.5e-7 at 2,000,000: its table leaves the caches).
struct Calibration {
  var secondsPerUnit: [String: Double] = [:]
  /// The rates on long ids; a subject without one here uses its short-id rate.
  var secondsPerUnitLongIDs: [String: Double] = [:]
  /// Seconds a sample per item of both sides, every linear subject, at
  /// the items of each pair measured (small, then large). A subject with a
  /// cost model is estimated by it.
  var secondsPerItem: [String: (small: Double, large: Double)] = [:]
  var itemsMeasured = (small: 2_000, large: 200_000)
  /// The rate of a subject with none measured (a test's calibration).
  static let unmeasuredSecondsPerItem = 5e-8

  /// The items a side of the small pair measured (random-1e3's).
  static let smallPairItems = 1_000

  /// Whether a run of `workloads` needs the large pairs measured: not where
  /// every diff is built in and of at most the small pair's items (a file's
  /// are not known), since no rate at 100,000 items decides anything there;
  /// the large pairs were most of a debug build's 20-second start-up.
  static func needsLargePairs(_ workloads: [Workload]) -> Bool {
    workloads.contains { !$0.isSnapshotOperation && ($0.path != nil || $0.items == 0 || $0.items > smallPairItems) }
  }

  static func measure(_ subjects: [TimedSubject], for workloads: [Workload]) -> Calibration {
    // The fastest of five calls after an untimed one: a process's first
    // calls ran up to twice as slow (the Benchmarking article).
    func fastest(_ subject: TimedSubject, _ old: StringSnapshot, _ new: StringSnapshot) -> Double {
      blackHole(subject.run(old, new))
      var best = Double.infinity
      for _ in 0..<5 {
        let t = Clock.wall()
        blackHole(subject.run(old, new))
        best = min(best, Double(Clock.wall() - t) / 1e9)
      }
      return best
    }
    func snapshots(_ pair: (SnapshotDraft, SnapshotDraft)) -> (old: StringSnapshot, new: StringSnapshot) {
      (try! pair.0.snapshot(), try! pair.1.snapshot())
    }
    // random-1e3's pair: the sweep's small size, where the cost model's rates were measured.
    let small = snapshots(random(count: smallPairItems))
    let smallLong = snapshots(uuids(count: smallPairItems))
    // random-1e5's pair, where a linear-space Myers' search (D = 3,976) is
    // most of its time, with moves scattered as in the workloads it may be
    // skipped on. Its rate a unit falls as D grows (a D of 396 costs twice as
    // much a unit, a reversal's 20,000 half), so it is measured at the scale
    // where skips are decided: about 80 ms at start-up. In a run that does
    // not need it, the small pair stands for both.
    let large = needsLargePairs(workloads)
    let scattered = large ? snapshots(random(count: 100_000)) : small
    // The same edits with UUID ids (`uuid-100k`'s spelling).
    let scatteredLong = large ? snapshots(uuids(count: 100_000)) : smallLong
    var calibration = Calibration()
    calibration.itemsMeasured = (small.old.numberOfItems + small.new.numberOfItems, scattered.old.numberOfItems + scattered.new.numberOfItems)
    for subject in subjects where subject.traits.cost == .linear {
      let (n, m) = calibration.itemsMeasured
      calibration.secondsPerItem[subject.name] = (
        fastest(subject, small.old, small.new) / Double(n), fastest(subject, scattered.old, scattered.new) / Double(m)
      )
    }
    for subject in subjects where subject.traits.cost != .linear {
      let searches = subject.traits.cost == .squaredEditDistancePerSection
      for (pair, long) in [(searches ? scattered : small, false), (searches ? scatteredLong : smallLong, true)] {
        let units = WorkEstimate(old: pair.old, new: pair.new).units(subject.traits.cost)
        let rate = fastest(subject, pair.old, pair.new) / max(1, units)
        if long { calibration.secondsPerUnitLongIDs[subject.name] = rate } else { calibration.secondsPerUnit[subject.name] = rate }
      }
    }
    return calibration
  }

  /// Estimated seconds for one sample of `items` items (both sides) at the
  /// subject's rate per item: the small pair's below its size, else on the
  /// line through the two rates on a log-log scale (a power of the items).
  func seconds(_ subject: TimedSubject, items: Int) -> Double {
    guard let (small, large) = secondsPerItem[subject.name] else { return Self.unmeasuredSecondsPerItem * Double(items) }
    guard items > itemsMeasured.small, itemsMeasured.large > itemsMeasured.small, small > 0, large > 0 else { return small * Double(items) }
    let slope = log(large / small) / log(Double(itemsMeasured.large) / Double(itemsMeasured.small))
    return small * pow(Double(items) / Double(itemsMeasured.small), max(0, slope)) * Double(items)
  }

  /// Estimated seconds for one sample, for the subjects whose cost can explode.
  func estimate(_ subject: TimedSubject, _ work: WorkEstimate) -> Double? {
    let rate = work.longIDs ? secondsPerUnitLongIDs[subject.name] ?? secondsPerUnit[subject.name] : secondsPerUnit[subject.name]
    return rate.map { $0 * work.units(subject.traits.cost) }
  }
}

