import DiffResults
import DiffVerification
import Foundation
@_spi(Internals) import SnapshotDiff

/// How long to time each cell (one workload × one strategy).
public struct BenchSettings: Sendable {
  /// At least this many samples …
  public var minSamples = 15
  /// … and at least this much timed work, whichever ends later …
  public var budgetSeconds = 1.0
  /// … but never more than this per cell, nor more than `maxSamples`. A cell
  /// whose one sample is estimated over a third of the cap is skipped.
  public var capSeconds = 10.0
  public var maxSamples = 100

  public init() {}

  /// `--quick`: about two minutes for the quick workloads.
  public static var quick: BenchSettings {
    var s = BenchSettings()
    s.budgetSeconds = 0.2
    s.capSeconds = 3
    return s
  }
}

/// One cell's outcome.
public struct CellResult: Sendable {
  public var workload: String
  public var strategy: String
  public var rows: [ReportRow]
  /// Why it has no rows, when skipped.
  public var skipped: String?
  /// What broke, when the changeset failed verification.
  public var failure: String?
}

/// Runs the grid: for each workload, each subject verified once (outside the
/// timed region), warmed up, then sampled round by round so that the
/// machine's drift hits all strategies alike.
public struct BenchRunner {
  public var workloads: [Workload]
  public var subjects: [TimedSubject]
  public var settings: BenchSettings
  public var info: RunInfo
  /// Progress, one line a cell, for standard error.
  public var log: (String) -> Void = { _ in }

  public init(workloads: [Workload], subjects: [TimedSubject] = [.floor] + Strategies.all.map(TimedSubject.init), settings: BenchSettings, info: RunInfo) {
    self.workloads = workloads
    self.subjects = subjects
    self.settings = settings
    self.info = info
  }

  public func run() -> [CellResult] {
    let probe = AllocationProbe()
    let calibration = Calibration.measure(subjects)
    var results: [CellResult] = []
    for workload in workloads {
      let (old, new) = workload.pair()
      // The oracle (min_moves, the reference, the id tables) once, for every subject.
      let oracle = PairOracle(old: old, new: new)
      let minMoves = oracle.fastMinimumMoves
      let work = WorkEstimate(old: old, new: new)
      var cells: [CellResult] = []
      var counts: [Changeset<String, String, String>.Counts?] = []
      var active: [Int] = []
      for (k, subject) in subjects.enumerated() {
        var cell = CellResult(workload: workload.name, strategy: subject.name, rows: [], skipped: nil, failure: nil)
        if let seconds = calibration.estimate(subject, work), seconds > settings.capSeconds / 3 {
          cell.skipped = String(format: "estimated %.1f s a sample, over a third of the %.0f s cap", seconds, settings.capSeconds)
          counts.append(nil)
        } else {
          // Verify once; this run is also the warm-up.
          let verified = subject.verify(oracle: oracle)
          cell.failure = verified.failure?.description
          counts.append(verified.counts)
          if case .invalidMatching? = verified.failure {
            // Its timed entry point would stop on the malformed matching.
            cell.skipped = "failed verification (\(verified.failure!.kind))"
          } else {
            active.append(k)
          }
        }
        cells.append(cell)
      }
      var spent = [UInt64](repeating: 0, count: subjects.count)
      var done = Set<Int>()
      var round = 0
      // The floor samples as long as anyone does: `compare` divides each
      // sample by the floor's of the same round.
      let floor = active.first { subjects[$0].name == TimedSubject.floor.name }
      var floorSatisfied = false
      while done.count < active.count {
        if let floor, floorSatisfied, active.allSatisfy({ $0 == floor || done.contains($0) }) { done.insert(floor) }
        if done.count == active.count { break }
        for k in active where !done.contains(k) {
          let subject = subjects[k]
          probe.resetPeak()
          let allocated = probe.allocatedBytes()
          let cpu = Clock.threadCPU()
          let wall = Clock.wall()
          let result = subject.run(old, new)
          let wallEnd = Clock.wall()
          let cpuEnd = Clock.threadCPU()
          let allocatedEnd = probe.allocatedBytes()
          let peak = probe.peakBytes()
          blackHole(result)  // freed here, outside the timed region
          let c = counts[k]!
          cells[k].rows.append(ReportRow(
            commit: info.commit, date: info.date, host: info.host, toolchain: info.toolchain,
            workload: workload.name, strategy: subject.name, nOld: old.numberOfItems, nNew: new.numberOfItems,
            sections: new.numberOfSections, sample: round, wallNanoseconds: wallEnd - wall, cpuNanoseconds: cpuEnd - cpu,
            allocatedBytes: allocatedEnd - allocated, peakBytes: peak, stages: c.stages, sectionOperations: c.sectionOperations,
            deletes: c.deletes, inserts: c.inserts, moves: c.moves, updates: c.updates, minMoves: minMoves,
            verified: cells[k].failure == nil))
          spent[k] += wallEnd - wall
          let seconds = Double(spent[k]) / 1e9
          if (round + 1 >= settings.minSamples && seconds >= settings.budgetSeconds) || seconds >= settings.capSeconds
            || round + 1 >= settings.maxSamples
          {
            if k == floor { floorSatisfied = true } else { done.insert(k) }
          }
        }
        round += 1
      }
      for cell in cells {
        if let reason = cell.skipped {
          log("\(workload.name) \(cell.strategy): skipped (\(reason))")
        } else {
          let median = Statistics.median(cell.rows.compactMap(\.wallNanoseconds).map { Double($0) })
          log(String(format: "%@ %@: %d samples, median %.3f ms%@", workload.name, cell.strategy, cell.rows.count, median / 1e6,
            cell.failure.map { " — FAILED: \($0)" } ?? ""))
        }
      }
      results += cells
    }
    return results
  }
}

/// Seconds per unit of work for the subjects whose cost can explode (their
/// traits' cost model is not linear), measured on small pairs at start-up.
struct Calibration {
  var secondsPerUnit: [String: Double] = [:]

  static func measure(_ subjects: [TimedSubject]) -> Calibration {
    func fastest(_ subject: TimedSubject, _ old: StringSnapshot, _ new: StringSnapshot) -> Double {
      var best = Double.infinity
      for _ in 0..<3 {
        let t = Clock.wall()
        blackHole(subject.run(old, new))
        best = min(best, Double(Clock.wall() - t) / 1e9)
      }
      return best
    }
    let small = Workload.all.first { $0.name == "random-1e3" }!.pair()
    // A reversal, where a linear-space Myers' D² search dominates its linear part.
    let (a, b) = reversed(count: 2_000)
    let reversal = (old: try! a.snapshot(), new: try! b.snapshot())
    var calibration = Calibration()
    for subject in subjects where subject.traits.cost != .linear {
      let pair = subject.traits.cost == .squaredEditDistancePerSection ? reversal : small
      let units = WorkEstimate(old: pair.old, new: pair.new).units(subject.traits.cost)
      calibration.secondsPerUnit[subject.name] = fastest(subject, pair.old, pair.new) / max(1, units)
    }
    return calibration
  }

  /// Estimated seconds for one sample, for the subjects whose cost can explode.
  func estimate(_ subject: TimedSubject, _ work: WorkEstimate) -> Double? {
    secondsPerUnit[subject.name].map { $0 * work.units(subject.traits.cost) }
  }
}

