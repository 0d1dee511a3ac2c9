import DiffSupport
import DiffResults
import DiffVerification
import SnapshotDiff

/// One apply (a pair, or one step of a trace) made ready to measure, the
/// same way for timed and counted runs: the oracle built once for every
/// subject, each subject's cost estimated (over the limit, its cell is
/// skipped), and each verified once through the checked entry point, which
/// gives the counts its rows carry.
struct PreparedApply {
  var step: Int?
  var nOld: Int
  var nNew: Int
  var sections: Int
  var minMoves: Int
  /// For each subject, its changeset's counts; `nil` when it is not measured
  /// here (skipped, or its matching was malformed).
  var counts: [ChangesetCounts?]
  /// For each subject, whether its changeset was checked valid and exact.
  var verified: [Bool]
  /// For each subject, the fewest stages its changeset's operations need.
  var minStages: [Int?]

  /// What one row of a subject measured.
  enum Measured {
    case time(wallNanoseconds: UInt64, cpuNanoseconds: UInt64, sample: Int)
    case instructions(UInt64)
  }

  /// The subjects measured on this apply, in subject order.
  var active: [Int] { counts.indices.filter { counts[$0] != nil } }

  /// Why a cell is skipped: its cost model's estimate, or its checked call
  /// as measured (seconds, both), over the limit.
  enum Skip {
    case estimated(Double)
    case measured(Double)
  }

  /// - Parameters:
  ///   - estimate: a subject's estimated seconds for one measurement on this
  ///     work, `nil` for a linear one; `limit`, the most allowed.
  ///   - measuredLimit: the most its checked call may take, for a subject
  ///     with a cost model: a model's estimate can miss by several times
  ///     (`myers` on `random-1e6`: 3.2 s estimated, 7.8 s measured), and
  ///     the call that verifies it shows the truth before its samples do.
  ///     `nil`: no such check (a counted run).
  ///   - skipReason: the message of a skip.
  init(
    _ old: StringSnapshot, _ new: StringSnapshot, step: Int?, subjects: [TimedSubject], cells: inout [CellResult],
    estimate: (TimedSubject, WorkEstimate) -> Double?, limit: Double, measuredLimit: Double? = nil,
    updates: BatchUpdate.UpdateKind = .reconfigure, skipReason: (Skip) -> String
  ) {
    let oracle = PairOracle(old: old, new: new, updates: updates)
    let work = WorkEstimate(old: old, new: new)
    self.step = step
    (nOld, nNew, sections) = (old.numberOfItems, new.numberOfItems, new.numberOfSections)
    minMoves = oracle.fastMinimumMoves
    counts = Array(repeating: nil, count: subjects.count)
    verified = Array(repeating: true, count: subjects.count)
    minStages = Array(repeating: nil, count: subjects.count)
    for (k, subject) in subjects.enumerated() where cells[k].skipped == nil {
      if !subject.traits.handles(old, new) {
        cells[k].skipped = "no sections"
        cells[k].storage = CellRows()
        continue
      }
      let seconds = estimate(subject, work)
      if step == nil { cells[k].estimatedSeconds = seconds }
      if let seconds, seconds > limit {
        cells[k].skipped = skipReason(.estimated(seconds))
        cells[k].storage = CellRows()  // a skipped cell has no rows, in a trace either
        continue
      }
      let within = seconds == nil ? .infinity : measuredLimit ?? .infinity
      let (made, failure, fewest, took) = subject.verify(oracle: oracle, within: within)
      if took > within {
        cells[k].skipped = skipReason(.measured(took))
        cells[k].storage = CellRows()
        continue
      }
      verified[k] = failure == nil
      minStages[k] = fewest
      guard cells[k].record(failure, step: step) else { continue }
      counts[k] = made
    }
  }

  /// The report row of subject `k` on this apply.
  func row(_ k: Int, of cell: CellResult, info: RunInfo, measured: Measured, allocatedBytes: UInt64, peakBytes: UInt64) -> ReportRow {
    var row = ReportRow()
    (row.commit, row.date, row.host, row.toolchain) = (info.commit, info.date, info.host, info.toolchain)
    (row.workload, row.strategy) = (cell.workload, cell.strategy)
    (row.nOld, row.nNew, row.sections) = (nOld, nNew, sections)
    switch measured {
    case let .time(wall, cpu, sample): (row.wallNanoseconds, row.cpuNanoseconds, row.sample) = (wall, cpu, sample)
    case let .instructions(count): row.instructions = count
    }
    (row.allocatedBytes, row.peakBytes) = (allocatedBytes, peakBytes)
    row.counts = counts[k] ?? .init()
    row.minMoves = minMoves
    row.verified = verified[k]
    row.minStages = minStages[k]
    row.step = step
    return row
  }
}
