import DiffSupport
import Foundation

/// One cell of a report (a workload × a subject, over one or more runs of a
/// commit) reduced to what `compare` and the report page read. A raw report
/// is reduced to these before anything is judged or drawn, and the summary
/// report stores exactly these, so both give the same verdicts and plots.
///
/// Every figure is rounded as the summary report writes it
/// (``SummaryReport/significant(_:_:)``), so a summary read back equals the
/// one computed from the raw rows.
///
/// Its identity's fields read as its own (`cell.workload`); its `date` is
/// the earliest run's start.
@dynamicMemberLookup
package struct CellSummary: Equatable, Sendable {
  package var identity = CellIdentity()
  /// The raw rows summarized: samples, or samples × applies for a trace.
  package var samples = 0
  /// The measure's quantiles over the rows: wall nanoseconds, or
  /// instructions when counted.
  package var median = 0.0
  package var p10 = 0.0
  package var p90 = 0.0
  /// A counted cell's instructions: its row's, or summed over a trace's applies.
  package var instructions: UInt64?
  /// Medians over the rows.
  package var allocatedBytes = 0.0
  package var peakBytes = 0.0
  /// The changeset's counts and `min_moves`, summed over a trace's applies.
  package var counts = ChangesetCounts()
  package var minMoves = 0
  /// The fewest stages for the changesets' operations, summed over a
  /// trace's applies; `nil` where one is not known, and for yardsticks.
  package var minStages: Int?
  /// Whether every row was verified.
  package var verified = true
  /// A timed strategy's samples over the floor's of the same round, one
  /// summary per run (what `compare` judges); empty for yardsticks and counted cells.
  package var runs: [FloorQuotients] = []
  /// A trace cell's session figures; `nil` for a pair.
  package var session: SessionSummary?

  package init() {}

  package subscript<T>(dynamicMember key: WritableKeyPath<CellIdentity, T>) -> T {
    get { identity[keyPath: key] }
    set { identity[keyPath: key] = newValue }
  }

  package var key: CellKey { CellKey(workload: identity.workload, strategy: identity.strategy) }
  package var counted: Bool { instructions != nil }
  package var isTrace: Bool { session != nil }
}

/// A cell of a report: one workload × one subject.
package struct CellKey: Hashable, Sendable {
  package var workload: String
  package var strategy: String
  package init(workload: String, strategy: String) {
    self.workload = workload
    self.strategy = strategy
  }
}

/// One run's samples of a timed cell, each divided by the floor's sample of
/// the same round (same run, same apply, same sample number) so the
/// machine's drift cancels: their count, median and a 95 % interval for the
/// median (order statistics, distribution-free).
package struct FloorQuotients: Equatable, Sendable {
  package var count: Int
  package var median: Double
  package var low: Double
  package var high: Double
  package init(count: Int, median: Double, low: Double, high: Double) {
    (self.count, self.median, self.low, self.high) = (count, median, low, high)
  }
}

/// What the page and the bench's summary show of a session: each apply's
/// figure (the median over its samples) summed and ranked, the applies over
/// a frame, and the applies to plot (all of them up to ``plotted``, else the
/// worst of each run of consecutive applies).
package struct SessionSummary: Equatable, Sendable {
  package var applies = 0
  package var total = 0.0
  package var median = 0.0
  package var p99 = 0.0
  package var max = 0.0
  /// Applies whose CPU time is over 8.33 ms (120 Hz) and 16.67 ms (60 Hz):
  /// what the budgets count. `nil` when counted, and in summaries written
  /// before CPU time was counted.
  package var cpuOver120Hz: Int?
  package var cpuOver60Hz: Int?
  /// The same by wall time, kept beside them; 0 when counted.
  package var over120Hz = 0
  package var over60Hz = 0
  /// Item and section operations summed over the applies.
  package var operations = 0
  /// An apply to plot and its figure.
  package struct Point: Equatable, Sendable {
    package var step: Int
    package var value: Double
    package init(step: Int, value: Double) { (self.step, self.value) = (step, value) }
  }
  /// The applies to plot, in apply order.
  package var points: [Point] = []

  /// Points a session is drawn with at most: a longer one shows the worst
  /// apply of each of this many runs of consecutive applies.
  package static let plotted = 40

  package init() {}
}

extension CellSummary {
  /// The cells of raw rows, in the order they first appear.
  ///
  /// - Complexity: O(*r* log *r*) for *r* rows.
  package static func summaries(of rows: [ReportRow]) -> [CellSummary] {
    var order: [CellKey] = []
    var groups: [CellKey: [ReportRow]] = [:]
    for row in rows {
      let key = CellKey(workload: row.workload, strategy: row.strategy)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(row)
    }
    return order.map { key in
      let floor = groups[CellKey(workload: key.workload, strategy: Yardstick.floor.rawValue)]
      return CellSummary(groups[key]!, floor: floor)
    }
  }

  /// One cell's summary; `floor` is the floor's rows of the same workload
  /// (its timed samples divide this cell's), `nil` when the report has none.
  package init(_ rows: [ReportRow], floor: [ReportRow]?) {
    self.init(rows, floor: floor.map(FloorRounds.init))
  }

  /// The floor's wall time by round (run, apply, sample): what a timed
  /// cell's samples are divided by. Made once per workload, for its cells.
  package struct FloorRounds: Sendable {
    var wall: [Round: Double] = [:]
    package init(_ floor: [ReportRow]) {
      for f in floor { if let w = f.wallNanoseconds { wall[Round(f)] = Double(w) } }
    }
  }

  struct Round: Hashable, Sendable {
    var date: String
    var step: Int?
    var sample: Int
    init(_ row: ReportRow) { (date, step, sample) = (row.date, row.step, row.sample) }
  }

  /// One cell's summary, the floor's rounds given (`nil` when the report
  /// has no floor for the workload).
  package init(_ rows: [ReportRow], floor: FloorRounds?) {
    precondition(!rows.isEmpty, "a cell with no rows")
    let first = rows[0]
    let round = SummaryReport.significant
    identity = first.identity
    identity.date = rows.map(\.date).min()!
    samples = rows.count
    let values = rows.map(ReportRow.measure).sorted()
    median = round(Statistics.quantile(sorted: values, 0.5), 9)
    p10 = round(Statistics.quantile(sorted: values, 0.1), 9)
    p90 = round(Statistics.quantile(sorted: values, 0.9), 9)
    if rows.allSatisfy({ $0.instructions != nil }) { instructions = rows.reduce(0) { $0 + $1.instructions! } }
    allocatedBytes = round(Statistics.median(rows.map { Double($0.allocatedBytes) }), 9)
    peakBytes = round(Statistics.median(rows.map { Double($0.peakBytes) }), 9)
    // One row per apply counts: the samples of an apply share its changeset.
    var seen = Set<Int?>()
    minStages = 0
    for row in rows where seen.insert(row.step).inserted {
      counts += row.counts
      minMoves += row.minMoves
      minStages = minStages.flatMap { sum in row.minStages.map { sum + $0 } }
    }
    verified = rows.allSatisfy(\.verified)
    if instructions == nil, Yardstick(rawValue: identity.strategy) == nil {
      runs = Self.floorQuotients(rows, floor: floor).map(Statistics.medianInterval)
    }
    if first.step != nil { session = SessionSummary(rows, counted: instructions != nil) }
  }

  /// Each timed sample divided by the floor's sample of the same round of
  /// the same run (same `date`, same apply, same `sample`), grouped by run;
  /// raw wall times when the report has no floor for the workload.
  static func floorQuotients(_ rows: [ReportRow], floor: FloorRounds?) -> [[Double]] {
    let floorWall = floor?.wall ?? [:]
    var order: [String] = []
    var runs: [String: [Double]] = [:]
    for row in rows {
      guard let w = row.wallNanoseconds else { continue }
      let value: Double
      if floor == nil {
        value = Double(w)
      } else {
        guard let f = floorWall[Round(row)], f > 0 else { continue }
        value = Double(w) / f
      }
      if runs[row.date] == nil { order.append(row.date) }
      runs[row.date, default: []].append(value)
    }
    return order.map { runs[$0]! }
  }
}

extension SessionSummary {
  /// A trace cell's rows seen as a session.
  package init(_ rows: [ReportRow], counted: Bool) {
    let session = Session(rows)
    let round = SummaryReport.significant
    applies = session.applies.count
    total = round(session.total, 9)
    median = round(session.median, 9)
    p99 = round(session.p99, 9)
    max = round(session.max, 9)
    if !counted {
      over120Hz = session.over(Session.frameBudgets[0].nanoseconds)
      over60Hz = session.over(Session.frameBudgets[1].nanoseconds)
      cpuOver120Hz = session.overCPU(Session.frameBudgets[0].nanoseconds)
      cpuOver60Hz = session.overCPU(Session.frameBudgets[1].nanoseconds)
    }
    operations = session.operations
    let figures = Array(zip(session.steps, session.applies))
    if figures.count <= Self.plotted {
      points = figures.map { Point(step: $0.0, value: round($0.1, 4)) }
    } else {
      points = (0..<Self.plotted).map { b in
        let run = figures[(b * figures.count / Self.plotted)..<((b + 1) * figures.count / Self.plotted)]
        let worst = run.max { $0.1 < $1.1 }!
        return Point(step: worst.0, value: round(worst.1, 4))
      }
    }
  }
}
