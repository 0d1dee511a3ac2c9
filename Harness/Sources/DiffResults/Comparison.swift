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
/// drift hits both alike and cancels). Each side keeps the median of those
/// quotients and a 95 % order-statistic interval for it (``CellSummary/runs``:
/// what a summary report stores), and the ratio of the two medians gets the
/// two intervals combined in log space. It is
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
package struct Comparison {
  package enum Verdict: String, Sendable {
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
  package enum Basis: String, Sendable {
    case instructions = "instr"
    case wall = "wall÷floor"
    case none = "-"
  }

  package struct Row {
    package var workload: String
    package var strategy: String
    package var basis: Basis = .none
    /// Median wall ns, or instructions.
    package var baseValue: Double?
    package var headValue: Double?
    package var ratio: Double?
    package var interval: (low: Double, high: Double)?
    package var verdict: Verdict = .same
    /// Op counts that grew (flagged), e.g. `moves 10→12`.
    package var worse: [String] = []
    /// Op counts that shrank.
    package var better: [String] = []
  }

  package var rows: [Row]
  package var threshold: Double
  package var countThreshold: Double

  package var slower: [Row] { rows.filter { $0.verdict == .slower } }
  package var faster: [Row] { rows.filter { $0.verdict == .faster } }
  package var flagged: [Row] { rows.filter { !$0.worse.isEmpty } }
  /// 1 when something got significantly slower or produced more ops, else 0.
  package var exitStatus: Int32 { slower.isEmpty && flagged.isEmpty ? 0 : 1 }
  /// The floor's median raw ratio over the workloads timed on both sides.
  package var drift: Double? {
    let ratios = rows.filter { $0.verdict == .drift }.compactMap(\.ratio)
    return ratios.isEmpty ? nil : Statistics.median(ratios)
  }

  /// Compares raw reports' rows (summarized first, as a summary report would hold them).
  package init(base: [ReportRow], head: [ReportRow], threshold: Double = 0.05, countThreshold: Double = 0.01) {
    self.init(
      base: CellSummary.summaries(of: base), head: CellSummary.summaries(of: head),
      threshold: threshold, countThreshold: countThreshold)
  }

  package init(base: [CellSummary], head: [CellSummary], threshold: Double = 0.05, countThreshold: Double = 0.01) {
    self.threshold = threshold
    self.countThreshold = countThreshold
    let baseCells = Dictionary(base.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    let headCells = Dictionary(head.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    var order = base.map(\.key)
    order += head.map(\.key).filter { baseCells[$0] == nil }
    var seen = Set<CellKey>()
    rows = order.filter { seen.insert($0).inserted }.map { key in
      guard let b = baseCells[key], let h = headCells[key] else {
        var row = Row(workload: key.workload, strategy: key.strategy)
        row.verdict = baseCells[key] == nil ? .onlyInHead : .onlyInBase
        return row
      }
      return Self.judge(b, h, threshold: threshold, countThreshold: countThreshold)
    }
  }

  /// One cell present on both sides.
  static func judge(_ b: CellSummary, _ h: CellSummary, threshold: Double, countThreshold: Double) -> Row {
    var row = Row(workload: b.workload, strategy: b.strategy)
    if let cb = b.instructions, let ch = h.instructions {
      row.basis = .instructions
      row.baseValue = Double(cb)
      row.headValue = Double(ch)
      let ratio = Double(ch) / Double(max(cb, 1))
      row.ratio = ratio
      row.verdict = ratio > 1 + countThreshold ? .slower : ratio < 1 - countThreshold ? .faster : .same
    } else if !b.counted && !h.counted {
      row.baseValue = b.median
      row.headValue = h.median
      if let yardstick = Yardstick(rawValue: b.strategy) {
        row.ratio = h.median / max(b.median, 1)
        row.verdict = yardstick == .floor ? .drift : .yardstick
      } else if !b.runs.isEmpty && !h.runs.isEmpty {
        row.basis = .wall
        let (bm, bl, bh) = pooled(b.runs), (hm, hl, hh) = pooled(h.runs)
        let ratio = hm / max(bm, .leastNonzeroMagnitude)
        // Each side's interval for its median, combined in log space as
        // independent errors (the delta method): exact enough at 5 %.
        func gap(_ x: Double, _ y: Double) -> Double { x > 0 && y > 0 ? log(x / y) : 0 }
        let down = (gap(hm, hl) * gap(hm, hl) + gap(bh, bm) * gap(bh, bm)).squareRoot()
        let up = (gap(hh, hm) * gap(hh, hm) + gap(bm, bl) * gap(bm, bl)).squareRoot()
        let interval = (low: ratio * exp(-down), high: ratio * exp(up))
        row.ratio = ratio
        row.interval = interval
        // With several runs a side, every run must agree: a process's own
        // luck (memory layout, its hash seed) moves all its samples at once,
        // which no interval over samples can see.
        let baseMedians = b.runs.map(\.median), headMedians = h.runs.map(\.median)
        let severalRuns = b.runs.count > 1 && h.runs.count > 1
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
    if Yardstick(rawValue: b.strategy) == nil {
      for (name, old, new) in [
        ("stages", b.counts.stages, h.counts.stages), ("deletes", b.counts.deletes, h.counts.deletes),
        ("inserts", b.counts.inserts, h.counts.inserts), ("moves", b.counts.moves, h.counts.moves),
      ] {
        if new > old { row.worse.append("\(name) \(old)→\(new)") }
        if new < old { row.better.append("\(name) \(old)→\(new)") }
      }
    }
    if !h.verified { row.worse.append("verified=false") }
    return row
  }

  /// One side's runs as one median and interval: the median of the runs'
  /// medians, from the lowest run's low to the highest run's high.
  static func pooled(_ runs: [FloorQuotients]) -> (median: Double, low: Double, high: Double) {
    (Statistics.median(runs.map(\.median)), runs.map(\.low).min()!, runs.map(\.high).max()!)
  }

  package var table: String {
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
  package var summary: [String] {
    var lines: [String] = []
    let counted = rows.filter { $0.basis == .instructions }.count
    let timed = rows.filter { $0.basis == .wall }.count
    if counted > 0 {
      lines.append(String(format: "instr: %d cells counted on both sides, exact ratio of instructions; threshold %.1f%%", counted, countThreshold * 100))
    }
    if timed > 0 {
      lines.append(String(
        format: "wall÷floor: %d timed cells, each sample over the floor's of its round; ratio of medians, 95%% CI; threshold %.0f%%",
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
package enum Yardstick: String, CaseIterable, Sendable {
  /// A hash table of the old ids and a lookup of every new id: the least
  /// work any hash-based diff does.
  case floor
  /// Both snapshots read once, ids compared position by position: the least
  /// work any diff does when nothing changed.
  case scan
}
