import DiffResults
import Foundation

extension ReportPage {
  /// Section 5: each cell's median (or instruction count) across the runs
  /// of one kind, in commit order; a step `compare` calls slower is ringed.
  var historySection: String {
    var s = "<section id=\"history\"><h2>6. History</h2>\n"
    s += "<p class=\"note\">Each workload's cells across commits, oldest left: the median time of timed runs, the instruction "
    s += "count of counted ones, log scale. A red ring marks a step that <code>diffbench compare</code> of the two runs calls "
    s += "<b>slower</b> (its verdict, with the same rules and thresholds: exact instruction ratios for counted cells, "
    s += "floor-normalised medians with a 95 % interval for timed ones). Timed runs from different machines or days "
    s += "differ by the machine's drift; read the floor's line as that drift.</p>\n"
    var any = false
    for counted in [false, true] {
      let kind = runs.filter { $0.counted == counted }
      guard kind.count >= 2 else { continue }
      any = true
      s += "<h3>\(counted ? "Counted runs (instructions)" : "Timed runs (median wall time)")</h3>\n"
      s += legend(unique(kind.flatMap(\.strategies)))
      // Compare's verdict on each step.
      var slower: [Int: [CellKey: String]] = [:]
      for k in 1..<kind.count {
        let comparison = Comparison(base: kind[k - 1].cells, head: kind[k].cells)
        for row in comparison.slower {
          slower[k, default: [:]][CellKey(workload: row.workload, strategy: row.strategy)] =
            "compare \(kind[k - 1].commit) → \(kind[k].commit): \(row.workload) \(row.strategy) slower, ×\(String(format: "%.3f", row.ratio ?? 0))"
        }
      }
      let ticks = kind.enumerated().map { (value: Double($0.offset), label: String($0.element.commit.prefix(7))) }
      s += "<div class=\"grid\">\n"
      for workload in unique(kind.flatMap(\.workloads)) {
        var series: [LineChart.Series] = []
        var table = [["strategy"] + kind.map(\.commit)]
        for strategy in unique(kind.flatMap(\.strategies)) {
          var points: [LineChart.Point] = []
          var row = [strategy]
          for (k, run) in kind.enumerated() {
            guard let cell = run.cell(workload, strategy) else {
              row.append("-")
              continue
            }
            let flag = slower[k]?[CellKey(workload: workload, strategy: strategy)]
            points.append(LineChart.Point(
              x: Double(k), y: max(cell.median, 1),
              title: "\(strategy) at \(run.commit): \(ReportPage.value(cell.median, counted: counted))" + (flag.map { "; " + $0 } ?? ""),
              data: [("workload", workload), ("strategy", strategy), ("commit", run.commit), ("value", Markup.data(cell.median))],
              flag: flag))
            row.append(ReportPage.value(cell.median, counted: counted) + (flag == nil ? "" : " (slower)"))
          }
          if points.isEmpty { continue }
          series.append(LineChart.Series(name: strategy, color: palette.color(strategy), dashed: Yardstick(rawValue: strategy) != nil, points: points))
          table.append(row)
        }
        let chart = LineChart(
          title: workload, xLabel: "commit", yLabel: counted ? "instructions" : "median time (ns)",
          xKind: .linear, yKind: .log, xTicks: ticks, series: series, width: 430, height: 250, showsLegend: false)
        s += ReportPage.card(chart.svg(), table: table)
      }
      s += "</div>\n"
    }
    if !any { s += "<p>One run of each kind: give <code>diffbench report</code> reports of several commits to see history.</p>\n" }
    return s + "</section>\n"
  }

  func unique(_ names: [String]) -> [String] {
    var seen = Set<String>()
    return names.filter { seen.insert($0).inserted }
  }
}
