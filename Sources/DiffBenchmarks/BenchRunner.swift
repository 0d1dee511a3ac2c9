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
      let minMoves = StringSnapshot.minimumMoves(from: old, to: new)
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
          let changeset = subject.run(old, new)
          if let changeset {
            cell.failure = Verifier.verify(changeset, madeBy: subject.traits, oracle: PairOracle(old: old, new: new))?.description
            counts.append(changeset.counts)
          } else {
            counts.append(Changeset<String, String, String>.Counts())
          }
          active.append(k)
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

/// What decides the cost of the quadratic strategies on a pair.
struct WorkEstimate {
  /// Σ over new sections of (its items × its old section's items): naive's comparisons.
  var linearSearch: Double
  /// The same searches resumed after the last kept item (naive's): for each
  /// new item, the old items up to its match, or to the section's end.
  var resumedSearch: Double
  /// (N + M) · D, D = N + M − 2 · (longest common subsequence of the flat id lists): stdlib's.
  var myersWork: Double
  /// Σ over section pairs of D², D their edit distance: the linear-space Myers' search.
  var myersSquares: Double

  init(old: StringSnapshot, new: StringSnapshot) {
    let matching = Hashmap().matching(from: old, to: new)
    var search = 0.0
    var squares = 0.0
    var resumed = 0.0
    for t in 0..<new.numberOfSections where matching.sectionOldIndex[t] >= 0 {
      let s = matching.sectionOldIndex[t]
      search += Double(new.numberOfItems(inSection: t)) * Double(old.numberOfItems(inSection: s))
      var last = old.itemRange(ofSection: s).lowerBound - 1
      for j in new.itemRange(ofSection: t) {
        let i = matching.itemOldIndex[j]
        if old.itemRange(ofSection: s).contains(i) && i > last {
          resumed += Double(i - last)
          last = i
        } else {
          resumed += Double(old.itemRange(ofSection: s).upperBound - last)
        }
      }
      // Hashmap's unmoved kept items are a longest common subsequence of the pair.
      let oldRange = old.itemRange(ofSection: s)
      let common = new.itemRange(ofSection: t).filter { oldRange.contains(matching.itemOldIndex[$0]) && !matching.itemMoved[$0] }.count
      let d = Double(oldRange.count + new.numberOfItems(inSection: t) - 2 * common)
      squares += d * d
    }
    linearSearch = search
    resumedSearch = resumed
    myersSquares = squares
    let lcs = longestIncreasingSubsequenceLength(matching.itemOldIndex.filter { $0 >= 0 })
    let n = Double(old.numberOfItems + new.numberOfItems)
    myersWork = n * (n - 2 * Double(lcs))
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

extension WorkEstimate {
  /// The units of work a cost model counts on this pair.
  func units(_ cost: StrategyTraits.Cost) -> Double {
    switch cost {
    case .linear: return 0
    case .productOfSizes: return linearSearch
    case .scanFromLastKept: return resumedSearch
    case .flatEditScript: return myersWork
    case .squaredEditDistancePerSection: return myersSquares
    }
  }
}
