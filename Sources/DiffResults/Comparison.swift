import DiffVerification
import Foundation

/// Two reports side by side, per workload × strategy (`diffbench compare`).
///
/// A cell counted on both sides (the diffbench article, counted runs) is judged by instructions: the
/// ratio head / base is exact, `slower` above 1 + `countThreshold`, `faster`
/// below 1 − `countThreshold`.
///
/// A timed cell is judged against the floor of its own rounds: each sample's
/// wall time is divided by the floor's sample from the same round of the same
/// run (the bench samples every subject once per round, so the machine's
/// drift hits both alike and cancels), and the ratio of the two sides'
/// medians of those quotients gets a 95 % percentile-bootstrap interval. It is
/// `slower` when the ratio exceeds 1 + `threshold`, the interval lies above
/// 1 and, when each side pools several runs (`make compare` alternates two),
/// every head run's median is over every base run's by the threshold;
/// `faster` likewise below; else `~`. The floor's own raw ratio is the
/// machine's drift, reported, never judged.
///
/// Quality: op counts are deterministic, so any increase in stages, deletes,
/// inserts or moves is flagged, as is a head row that failed verification.
///
/// A trace cell (rows with a `step`) is judged by its session total when
/// counted, and, timed, by each sample over the floor's sample of the same
/// apply and round; its op counts are summed over the session's applies.
public struct Comparison {
  public enum Verdict: String, Sendable {
    case faster, slower
    case same = "~"
    case onlyInBase = "only in base"
    case onlyInHead = "only in head"
    /// One side counted, the other timed.
    case incomparable = "timed vs counted"
    /// The floor: its change is the machine's drift.
    case drift
    /// Another yardstick (`scan`): its ratio is shown, not judged.
    case yardstick
  }

  /// What a cell was judged by.
  public enum Basis: String, Sendable {
    case instructions = "instr"
    case wall = "wall÷floor"
    case none = "-"
  }

  public struct Row {
    public var workload: String
    public var strategy: String
    public var basis: Basis = .none
    /// Median wall ns, or instructions.
    public var baseValue: Double?
    public var headValue: Double?
    public var ratio: Double?
    public var interval: (low: Double, high: Double)?
    public var verdict: Verdict = .same
    /// Op counts that grew (flagged), e.g. `moves 10→12`.
    public var worse: [String] = []
    /// Op counts that shrank.
    public var better: [String] = []
  }

  public var rows: [Row]
  public var threshold: Double
  public var countThreshold: Double

  public var slower: [Row] { rows.filter { $0.verdict == .slower } }
  public var faster: [Row] { rows.filter { $0.verdict == .faster } }
  public var flagged: [Row] { rows.filter { !$0.worse.isEmpty } }
  /// 1 when something got significantly slower or produced more ops, else 0.
  public var exitStatus: Int32 { slower.isEmpty && flagged.isEmpty ? 0 : 1 }
  /// The floor's median raw ratio over the workloads timed on both sides.
  public var drift: Double? {
    let ratios = rows.filter { $0.verdict == .drift }.compactMap(\.ratio)
    return ratios.isEmpty ? nil : Statistics.median(ratios)
  }

  public init(base: [ReportRow], head: [ReportRow], threshold: Double = 0.05, countThreshold: Double = 0.01) {
    self.threshold = threshold
    self.countThreshold = countThreshold
    let (baseOrder, baseCells) = Self.cells(base)
    let (headOrder, headCells) = Self.cells(head)
    var result: [Row] = []
    for key in baseOrder + headOrder.filter({ baseCells[$0] == nil }) {
      var row = Row(workload: key.workload, strategy: key.strategy)
      guard let b = baseCells[key], let h = headCells[key] else {
        row.verdict = baseCells[key] == nil ? .onlyInHead : .onlyInBase
        result.append(row)
        continue
      }
      // Counted: one row per pair, or per apply of a trace, summed.
      let counted = (Self.instructions(b), Self.instructions(h))
      let timedBase = b.compactMap(\.wallNanoseconds), timedHead = h.compactMap(\.wallNanoseconds)
      if let cb = counted.0, let ch = counted.1 {
        row.basis = .instructions
        row.baseValue = Double(cb)
        row.headValue = Double(ch)
        let ratio = Double(ch) / Double(max(cb, 1))
        row.ratio = ratio
        row.verdict = ratio > 1 + countThreshold ? .slower : ratio < 1 - countThreshold ? .faster : .same
      } else if !timedBase.isEmpty && !timedHead.isEmpty {
        row.baseValue = Statistics.median(timedBase.map { Double($0) })
        row.headValue = Statistics.median(timedHead.map { Double($0) })
        if let yardstick = Yardstick(rawValue: key.strategy) {
          row.ratio = row.headValue! / max(row.baseValue!, 1)
          row.verdict = yardstick == .floor ? .drift : .yardstick
        } else {
          row.basis = .wall
          let floorKey = CellKey(workload: key.workload, strategy: Yardstick.floor.rawValue)
          let baseRuns = Self.floorQuotients(b, floor: baseCells[floorKey])
          let headRuns = Self.floorQuotients(h, floor: headCells[floorKey])
          let baseQuotients = baseRuns.flatMap(\.self), headQuotients = headRuns.flatMap(\.self)
          let ratio = Statistics.median(headQuotients) / max(Statistics.median(baseQuotients), .leastNonzeroMagnitude)
          let interval = Statistics.medianRatioInterval(base: baseQuotients, head: headQuotients)
          row.ratio = ratio
          row.interval = interval
          // With several runs a side, every run must agree: a process's own
          // luck (memory layout, its hash seed) moves all its samples at once,
          // which no interval over samples can see.
          let baseMedians = baseRuns.map { Statistics.median($0) }, headMedians = headRuns.map { Statistics.median($0) }
          let severalRuns = baseRuns.count > 1 && headRuns.count > 1
          let allSlower = !severalRuns || headMedians.min()! > baseMedians.max()! * (1 + threshold)
          let allFaster = !severalRuns || headMedians.max()! < baseMedians.min()! * (1 - threshold)
          if ratio > 1 + threshold && interval.low > 1 && allSlower {
            row.verdict = .slower
          } else if ratio < 1 - threshold && interval.high < 1 && allFaster {
            row.verdict = .faster
          }
        }
      } else {
        row.verdict = .incomparable
      }
      let (b0, h0) = (Self.operations(b), Self.operations(h))
      if Yardstick(rawValue: key.strategy) == nil {
        for (name, old, new) in [
          ("stages", b0.stages, h0.stages), ("deletes", b0.deletes, h0.deletes),
          ("inserts", b0.inserts, h0.inserts), ("moves", b0.moves, h0.moves),
        ] {
          if new > old { row.worse.append("\(name) \(old)→\(new)") }
          if new < old { row.better.append("\(name) \(old)→\(new)") }
        }
      }
      if h.contains(where: { !$0.verified }) { row.worse.append("verified=false") }
      result.append(row)
    }
    rows = result
  }

  /// A cell of a report: one workload × one subject.
  public struct CellKey: Hashable, Sendable {
    public var workload: String
    public var strategy: String
    public init(workload: String, strategy: String) {
      self.workload = workload
      self.strategy = strategy
    }
  }

  /// One round of one run: what a sample and the floor's share.
  struct RoundKey: Hashable {
    var date: String
    var step: Int?
    var sample: Int
    init(_ row: ReportRow) { (date, step, sample) = (row.date, row.step, row.sample) }
  }

  static func cells(_ rows: [ReportRow]) -> ([CellKey], [CellKey: [ReportRow]]) {
    var order: [CellKey] = []
    var groups: [CellKey: [ReportRow]] = [:]
    for row in rows {
      let key = CellKey(workload: row.workload, strategy: row.strategy)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(row)
    }
    return (order, groups)
  }

  /// A cell's instructions: its one counted row's, or the sum over a
  /// trace's applies; `nil` unless every row is counted.
  static func instructions(_ rows: [ReportRow]) -> UInt64? {
    guard !rows.isEmpty, rows.allSatisfy({ $0.instructions != nil }) else { return nil }
    return rows.reduce(0) { $0 + $1.instructions! }
  }

  /// A cell's op counts: its pair's, or summed over a trace's applies (one
  /// row per apply counted: the samples of an apply share its changeset).
  static func operations(_ rows: [ReportRow]) -> (stages: Int, deletes: Int, inserts: Int, moves: Int) {
    var seen = Set<Int?>()
    var total = (stages: 0, deletes: 0, inserts: 0, moves: 0)
    for row in rows where seen.insert(row.step).inserted {
      total.stages += row.stages
      total.deletes += row.deletes
      total.inserts += row.inserts
      total.moves += row.moves
    }
    return total
  }

  /// Each timed sample divided by the floor's sample of the same round of
  /// the same run (same `date`, same apply, same `sample`), grouped by run;
  /// raw wall times when the report has no floor for the workload.
  static func floorQuotients(_ rows: [ReportRow], floor: [ReportRow]?) -> [[Double]] {
    var floorWall: [RoundKey: Double] = [:]
    for f in floor ?? [] { if let w = f.wallNanoseconds { floorWall[RoundKey(f)] = Double(w) } }
    var order: [String] = []
    var runs: [String: [Double]] = [:]
    for row in rows {
      guard let w = row.wallNanoseconds else { continue }
      let value: Double
      if floor == nil {
        value = Double(w)
      } else {
        guard let f = floorWall[RoundKey(row)], f > 0 else { continue }
        value = Double(w) / f
      }
      if runs[row.date] == nil { order.append(row.date) }
      runs[row.date, default: []].append(value)
    }
    return order.map { runs[$0]! }
  }

  public var table: String {
    let header = ["workload", "strategy", "by", "base", "head", "ratio", "95% CI", "verdict", "ops"]
    func value(_ v: Double?, _ basis: Basis) -> String {
      guard let v else { return "-" }
      return basis == .instructions ? String(format: "%.0f", v) : String(format: "%.3f ms", v / 1e6)
    }
    let body: [[String]] = rows.map { r in
      [
        r.workload, r.strategy, r.basis.rawValue, value(r.baseValue, r.basis), value(r.headValue, r.basis),
        r.ratio.map { String(format: "%.4f", $0) } ?? "-",
        r.basis == .instructions ? "exact" : r.interval.map { String(format: "%.3f–%.3f", $0.low, $0.high) } ?? "-",
        r.verdict.rawValue,
        (r.worse.map { "MORE " + $0 } + r.better.map { "fewer " + $0 }).joined(separator: ", "),
      ]
    }
    let widths = header.indices.map { k in max(header[k].count, body.map { $0[k].count }.max() ?? 0) }
    func format(_ r: [String]) -> String {
      r.indices.map { r[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
        .trimmingCharacters(in: .whitespaces)
    }
    return ([format(header)] + body.map(format) + [""] + summary).joined(separator: "\n")
  }

  /// The lines under the table: how cells were judged, the drift, the counts.
  public var summary: [String] {
    var lines: [String] = []
    let counted = rows.filter { $0.basis == .instructions }.count
    let timed = rows.filter { $0.basis == .wall }.count
    if counted > 0 {
      lines.append(String(format: "instr: %d cells counted on both sides, exact ratio of instructions; threshold %.1f%%", counted, countThreshold * 100))
    }
    if timed > 0 {
      lines.append(String(
        format: "wall÷floor: %d timed cells, each sample over the floor's of its round; ratio of medians, 95%% bootstrap CI; threshold %.0f%%",
        timed, threshold * 100))
    }
    if let drift {
      lines.append(String(format: "floor (unchanged code) moved by ×%.3f: the machine's drift between the runs, divided out of the timed ratios", drift))
    }
    lines.append("\(slower.count) slower, \(faster.count) faster, \(flagged.count) with more ops")
    return lines
  }
}

/// The yardstick rows of a report, beside the strategies: their code does
/// not change once committed.
public enum Yardstick: String, CaseIterable, Sendable {
  /// A hash table of the old ids and a lookup of every new id: the least
  /// work any hash-based diff does.
  case floor
  /// Both snapshots read once, ids compared position by position: the least
  /// work any diff does when nothing changed.
  case scan
}
