import DiffResults
import Foundation

extension ReportPage {
  /// Section 1: time (or instructions) per item against n on the sweep,
  /// log–log, one line per strategy with its fitted exponent, the floor dashed.
  var scalingSection: String {
    var s = "<section id=\"scaling\"><h2>1. Scaling</h2>\n"
    s += "<p class=\"note\">The sweep <code>random-1e2</code> … <code>random-1e6</code> (3 % deleted, 3 % inserted, 2 % moved, "
    s += "2 % updated). Each point is a cell's median divided by n, the old snapshot's items: a flat line is linear growth. "
    s += "<b>n^k</b> in the legend is the fitted growth exponent of the whole diff (slope of log median against log n). "
    s += "A strategy skipped at large n for its cost stops early.</p>\n"
    var any = false
    for run in [newestTimed, newestCounted].compactMap({ $0 }) {
      guard let chart = scalingChart(run) else { continue }
      any = true
      var table = [["strategy", "exponent"] + Growth.sweep]
      for (strategy, points) in Growth.points(run.cells) {
        var row = [strategy, Growth.exponent(points).map(Growth.format) ?? "-"]
        for w in Growth.sweep {
          let p = points.first { $0.workload == w }
          row.append(p.map { ReportPage.value($0.median, counted: run.counted) + " (" + perItem($0, counted: run.counted) + "/item)" } ?? "-")
        }
        table.append(row)
      }
      s += ReportPage.card(chart.svg(), table: table, wide: true)
    }
    if !any { s += "<p>No cell of the sweep in these reports.</p>\n" }
    return s + "</section>\n"
  }

  func perItem(_ p: Growth.Point, counted: Bool) -> String {
    let v = p.median / Double(max(p.n, 1))
    return counted ? Markup.short(v) + " instr" : Markup.duration(v)
  }

  /// The sweep of one run as a log–log chart; `nil` without sweep cells.
  func scalingChart(_ run: ReportRun) -> LineChart? {
    let sweeps = Growth.points(run.cells).filter { !$0.points.isEmpty }
    guard !sweeps.isEmpty else { return nil }
    let series = sweeps.map { strategy, points in
      LineChart.Series(
        name: strategy, color: palette.color(strategy), dashed: Yardstick(rawValue: strategy) != nil,
        points: points.map { p in
          LineChart.Point(
            x: Double(p.n), y: p.median / Double(max(p.n, 1)),
            title: "\(strategy), n = \(p.n): median \(ReportPage.value(p.median, counted: run.counted)), \(perItem(p, counted: run.counted)) per item",
            data: [("workload", p.workload), ("strategy", strategy), ("value", Markup.data(p.median))])
        },
        note: Growth.exponent(points).map { "n^" + Growth.format($0) })
    }
    let unit = run.counted ? "instructions per item" : "time per item (ns)"
    return LineChart(
      title: "Scaling: \(run.counted ? "instructions" : "time") per item, commit \(run.commit)",
      xLabel: "n (items in the old snapshot)", yLabel: unit, series: series)
  }
}
