import DiffResults
import Foundation

extension ReportPage {
  /// Section 5: per trace, each apply's time (or instructions) against its
  /// step, one line per strategy with its p99 in the legend, and the frame
  /// budgets at 120 Hz and 60 Hz drawn as lines.
  var sessionsSection: String {
    var s = "<section id=\"sessions\"><h2>5. Sessions</h2>\n"
    s += "<p class=\"note\">A trace is a session of applies on one screen, each on the state the one before left. "
    s += "Each point is one apply's median over its samples (a session of more than \(SessionSummary.plotted) applies shows "
    s += "the slowest apply of each of \(SessionSummary.plotted) runs of consecutive applies); the dashed lines are a frame at 120 Hz (8.33 ms) and "
    s += "60 Hz (16.67 ms): a point above one is an apply that misses that frame by wall time. The table counts the applies over "
    s += "each budget by CPU time, which the machine's load does not inflate, and by wall time beside it.</p>\n"
    var any = false
    for run in [newestTimed, newestCounted].compactMap({ $0 }) {
      for workload in run.traceWorkloads {
        any = true
        s += sessionCard(run, workload)
      }
    }
    if !any { s += "<p>No trace in these reports (<code>diffbench bench --filter trace-</code> or <code>diffbench bench FILE.jsonl</code>).</p>\n" }
    return s + "</section>\n"
  }

  func sessionCard(_ run: ReportRun, _ workload: String) -> String {
    var series: [LineChart.Series] = []
    var table = [["strategy", "applies", "total", "median", "p99", "max"] + (run.counted ? [] : ["cpu > 8.33 ms", "cpu > 16.67 ms", "wall > 8.33 ms", "wall > 16.67 ms"])]
    var steps: [Int] = []
    for strategy in run.strategies where Yardstick(rawValue: strategy) != .scan {
      guard let session = run.cell(workload, strategy)?.session else { continue }
      let stepsHere = session.points.map(\.step)
      if stepsHere.count > steps.count { steps = stepsHere }
      let value = { (v: Double) in ReportPage.value(v, counted: run.counted) }
      series.append(LineChart.Series(
        name: strategy, color: palette.color(strategy), dashed: Yardstick(rawValue: strategy) != nil,
        points: session.points.map { point in
          LineChart.Point(
            x: Double(point.step), y: max(point.value, 1), title: "\(strategy), apply \(point.step): \(value(point.value))",
            data: [("workload", workload), ("strategy", strategy), ("step", "\(point.step)"), ("value", Markup.data(point.value))])
        },
        note: "p99 " + value(session.p99)))
      table.append([strategy, "\(session.applies)", value(session.total), value(session.median), value(session.p99), value(session.max)]
        + (run.counted
          ? [] : [session.cpuOver120Hz.map(String.init) ?? "-", session.cpuOver60Hz.map(String.init) ?? "-", "\(session.over120Hz)", "\(session.over60Hz)"]))
    }
    if !run.counted, let first = steps.first, let last = steps.last {
      // Black, so no strategy's colour is mistaken for a budget.
      for (label, ns, color) in [("120 Hz frame (8.33 ms)", 8_333_333.0, "#000000"), ("60 Hz frame (16.67 ms)", 16_666_667.0, "#555555")] {
        series.append(LineChart.Series(
          name: label, color: color, dashed: true,
          points: [first, last].map { LineChart.Point(x: Double($0), y: ns, title: "\(label): \(ReportPage.value(ns, counted: false))") }))
      }
    }
    let chart = LineChart(
      title: "\(workload): each apply, \(run.counted ? "counted" : "timed") (\(run.commit))", xLabel: "apply",
      yLabel: run.counted ? "instructions per apply" : "ns per apply", xKind: .linear, yKind: .log, series: series)
    return ReportPage.card(chart.svg(), table: table, wide: true)
  }
}
