import DiffVerification
import Foundation

/// Two reports side by side, per workload × strategy (`diffbench compare`).
///
/// Speed: the ratio of head's to base's median wall time, with a 95 %
/// percentile-bootstrap interval of that ratio. A cell is `slower` when the
/// ratio exceeds 1 + threshold and the interval lies above 1, `faster` when
/// the ratio is under 1 − threshold and the interval lies below 1, else `~`.
/// Quality: op counts are deterministic, so any increase in stages, deletes,
/// inserts or moves is flagged, as is a head row that failed verification.
public struct Comparison {
  public struct Row {
    public var workload: String
    public var strategy: String
    public var baseMedian: Double?
    public var headMedian: Double?
    public var ratio: Double?
    public var interval: (low: Double, high: Double)?
    /// `faster`, `slower`, `~`, `only in base` or `only in head`.
    public var verdict: String
    /// Op counts that grew (flagged), e.g. `moves 10→12`.
    public var worse: [String]
    /// Op counts that shrank.
    public var better: [String]
  }

  public var rows: [Row]
  public var threshold: Double

  public var slower: [Row] { rows.filter { $0.verdict == "slower" } }
  public var flagged: [Row] { rows.filter { !$0.worse.isEmpty } }
  /// 1 when something got significantly slower or produced more ops, else 0.
  public var exitStatus: Int32 { slower.isEmpty && flagged.isEmpty ? 0 : 1 }

  public init(base: [ReportRow], head: [ReportRow], threshold: Double) {
    self.threshold = threshold
    func cells(_ rows: [ReportRow]) -> ([String], [String: [ReportRow]]) {
      var order: [String] = []
      var groups: [String: [ReportRow]] = [:]
      for row in rows {
        let key = row.workload + "\t" + row.strategy
        if groups[key] == nil { order.append(key) }
        groups[key, default: []].append(row)
      }
      return (order, groups)
    }
    let (baseOrder, baseCells) = cells(base)
    let (headOrder, headCells) = cells(head)
    var result: [Row] = []
    for key in baseOrder + headOrder.filter({ baseCells[$0] == nil }) {
      let parts = key.split(separator: "\t", maxSplits: 1).map(String.init)
      var row = Row(workload: parts[0], strategy: parts[1], verdict: "~", worse: [], better: [])
      let b = baseCells[key], h = headCells[key]
      if let b { row.baseMedian = Statistics.median(b.map { Double($0.wallNanoseconds) }) }
      if let h { row.headMedian = Statistics.median(h.map { Double($0.wallNanoseconds) }) }
      guard let b, let h else {
        row.verdict = b == nil ? "only in head" : "only in base"
        result.append(row)
        continue
      }
      let baseWall = b.map { Double($0.wallNanoseconds) }
      let headWall = h.map { Double($0.wallNanoseconds) }
      let ratio = row.headMedian! / max(row.baseMedian!, 1)
      let interval = Statistics.medianRatioInterval(base: baseWall, head: headWall)
      row.ratio = ratio
      row.interval = interval
      if ratio > 1 + threshold && interval.low > 1 {
        row.verdict = "slower"
      } else if ratio < 1 - threshold && interval.high < 1 {
        row.verdict = "faster"
      }
      let (b0, h0) = (b[0], h[0])
      for (name, old, new) in [
        ("stages", b0.stages, h0.stages), ("deletes", b0.deletes, h0.deletes),
        ("inserts", b0.inserts, h0.inserts), ("moves", b0.moves, h0.moves),
      ] {
        if new > old { row.worse.append("\(name) \(old)→\(new)") }
        if new < old { row.better.append("\(name) \(old)→\(new)") }
      }
      if !h0.verified { row.worse.append("verified=false") }
      result.append(row)
    }
    rows = result
  }

  public var table: String {
    let header = ["workload", "strategy", "base ms", "head ms", "ratio", "95% CI", "verdict", "ops"]
    let body: [[String]] = rows.map { r in
      [
        r.workload, r.strategy,
        r.baseMedian.map { String(format: "%.3f", $0 / 1e6) } ?? "-",
        r.headMedian.map { String(format: "%.3f", $0 / 1e6) } ?? "-",
        r.ratio.map { String(format: "%.3f", $0) } ?? "-",
        r.interval.map { String(format: "%.3f–%.3f", $0.low, $0.high) } ?? "-",
        r.verdict,
        (r.worse.map { "MORE " + $0 } + r.better.map { "fewer " + $0 }).joined(separator: ", "),
      ]
    }
    let widths = header.indices.map { k in max(header[k].count, body.map { $0[k].count }.max() ?? 0) }
    func format(_ r: [String]) -> String {
      r.indices.map { r[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
        .trimmingCharacters(in: .whitespaces)
    }
    var lines = [format(header)] + body.map(format)
    lines.append("")
    lines.append(String(
      format: "ratio = head / base median wall time; 95%% CI: bootstrap of the median ratio (2,000 resamples); threshold %.0f%%",
      threshold * 100))
    // The floor's code never changes: how far it moved is the machine's drift.
    let floorRatios = rows.filter { $0.strategy == "floor" }.compactMap(\.ratio)
    if !floorRatios.isEmpty {
      lines.append(String(
        format: "floor (unchanged code) moved by ×%.3f (median over %d workloads): drift between the runs; verdicts within it are suspect",
        Statistics.median(floorRatios), floorRatios.count))
    }
    lines.append("\(slower.count) slower, \(rows.filter { $0.verdict == "faster" }.count) faster, \(flagged.count) with more ops")
    return lines.joined(separator: "\n")
  }
}
