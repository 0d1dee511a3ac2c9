import DiffResults
import Foundation

extension ReportPage {
  /// Section 2: per workload, each strategy's median as a multiple of the
  /// floor's, with its p10–p90 range; skipped cells marked.
  var workloadsSection: String {
    var s = "<section id=\"workloads\"><h2>2. Workloads</h2>\n"
    guard let run = headline else { return s + "<p>No report.</p></section>\n" }
    s += "<p class=\"note\">Each bar runs from the floor (the dashed line at 1×) to a strategy's median "
    s += "\(run.counted ? "instruction count" : "time") divided by the floor's median on the same workload (the floor: a hash "
    s += "table of the old ids and a lookup per new id). The whisker spans the strategy's p10–p90 over the same floor median. "
    s += "Log scale: a bar to the left is faster than the floor, to the right slower. "
    s += "A cell skipped for its estimated cost has no rows and says so. The table also gives each cell × scan, the other "
    s += "yardstick (both snapshots read once, ids compared position by position: the least work any diff does when nothing "
    s += "changed).</p>\n"
    let strategies = run.strategies.filter { Yardstick(rawValue: $0) == nil }
    s += legend(strategies)
    s += grouped(run.flooredWorkloads, section: "workloads") { workload in
      let floor = run.cell(workload, Yardstick.floor.rawValue)
      let scan = run.cell(workload, Yardstick.scan.rawValue)
      func timesScan(_ median: Double) -> String { scan.map { $0.median > 0 ? Markup.trim(median / $0.median) : "-" } ?? "-" }
      var bars: [BarChart.Bar] = []
      var table = [["strategy", "median", "p10", "p90", "× floor", "× scan", "samples"]]
      for (yardstick, cell) in [(Yardstick.floor, floor), (.scan, scan)] {
        let name = yardstick.rawValue
        guard let cell else { continue }
        let ratio = floor.map { Markup.trim(cell.median / max($0.median, 1e-9)) } ?? "-"
        table.append([name, ReportPage.value(cell.median, counted: run.counted), ReportPage.value(cell.p10, counted: run.counted), ReportPage.value(cell.p90, counted: run.counted), ratio, timesScan(cell.median), "\(cell.samples)"])
      }
      for strategy in strategies {
        guard let cell = run.cell(workload, strategy) else {
          bars.append(skippedBar(workload, strategy))
          table.append([strategy, "skipped", "", "", "", "", "0"])
          continue
        }
        let data = [("workload", workload), ("strategy", strategy)]
        let f = floor?.median ?? cell.median
        let ratio = cell.median / max(f, 1e-9)
        bars.append(BarChart.Bar(
          label: strategy, color: palette.color(strategy), value: ratio, low: cell.p10 / max(f, 1e-9), high: cell.p90 / max(f, 1e-9),
          title: "\(strategy): \(Markup.trim(ratio))× floor, median \(ReportPage.value(cell.median, counted: run.counted)), p10–p90 \(ReportPage.value(cell.p10, counted: run.counted))–\(ReportPage.value(cell.p90, counted: run.counted)), \(cell.samples) samples",
          data: data + [("value", Markup.data(cell.median)), ("ratio", Markup.data(ratio))]))
        table.append([strategy, ReportPage.value(cell.median, counted: run.counted), ReportPage.value(cell.p10, counted: run.counted), ReportPage.value(cell.p90, counted: run.counted), Markup.trim(ratio), timesScan(cell.median), "\(cell.samples)"])
      }
      let chart = BarChart(title: workload, bars: bars, kind: .log, axisLabel: "× floor (log)", reference: floor == nil ? nil : (1, "floor: 1×"), origin: floor == nil ? nil : 1)
      return ReportPage.card(chart.svg(), table: table)
    }
    return s + unflooredTable(run) + "</section>\n"
  }

  /// The workloads with no floor (the snapshot operations), as one table
  /// of their cells: a multiple of nothing would read 1× (and every
  /// strategy that does not run them, skipped).
  func unflooredTable(_ run: ReportRun) -> String {
    let workloads = run.unflooredWorkloads
    guard !workloads.isEmpty else { return "" }
    var s = "<h3 id=\"workloads-unfloored\">Without a floor</h3>\n"
    s += "<p class=\"note\">Operations with no floor to divide by: the snapshot operations (building, editing and querying "
    s += "a snapshot, no diff), each cell's \(run.counted ? "instruction count" : "time") and its memory (the memory section "
    s += "draws only workloads with a floor).</p>\n"
    s += "<table class=\"unfloored\"><tr><th>workload</th><th>subject</th><th>median</th><th>p10</th><th>p90</th><th>samples</th>"
    s += "<th>peak</th><th>alloc</th></tr>\n"
    for workload in workloads {
      for strategy in run.strategies {
        guard let cell = run.cell(workload, strategy) else { continue }
        let values = [cell.median, cell.p10, cell.p90].map { Markup.escape(ReportPage.value($0, counted: run.counted)) }
        s += "<tr><td>\(Markup.escape(workload))</td><td>\(Markup.escape(strategy))</td><td>" + values.joined(separator: "</td><td>")
        s += "</td><td>\(cell.samples)</td><td>\(Markup.bytes(cell.peakBytes))</td><td>\(Markup.bytes(cell.allocatedBytes))</td></tr>\n"
      }
    }
    return s + "</table>\n"
  }

  /// Section 3: per workload, each strategy's moves against `min_moves`
  /// and its stages against `min_stages`;
  /// a strategy's deletes beyond the fewest any strategy made on the workload
  /// are drawn as extra deletes (kept ids deleted and inserted again).
  var qualitySection: String {
    var s = "<section id=\"quality\"><h2>3. Quality</h2>\n"
    guard let run = headline else { return s + "<p>No report.</p></section>\n" }
    s += "<p class=\"note\">Item moves per strategy (solid) against <code>min_moves</code>, the fewest any valid changeset can have "
    s += "(dashed line). The light segment is the strategy's extra deletes: its deletes beyond the fewest any strategy "
    s += "made on the workload, which are kept ids deleted and inserted again when every strategy is valid (<code>naive</code>'s). "
    s += "Scale log(1 + count), so 0 is at the left edge.</p>\n"
    let strategies = run.strategies.filter { Yardstick(rawValue: $0) == nil }
    s += legend(strategies)
    s += grouped(run.flooredWorkloads, section: "quality") { workload in
      let cells = strategies.map { ($0, run.cell(workload, $0)) }
      let present = cells.compactMap(\.1)
      guard let minMoves = present.first?.minMoves ?? run.cell(workload, Yardstick.floor.rawValue)?.minMoves else { return nil }
      let fewestDeletes = present.map(\.counts.deletes).min() ?? 0
      var bars: [BarChart.Bar] = []
      var table = [["strategy", "moves", "extra deletes", "min_moves", "deletes", "inserts", "stages", "min_stages"]]
      for (strategy, cell) in cells {
        guard let cell else {
          bars.append(skippedBar(workload, strategy))
          table.append([strategy, "skipped", "", "\(minMoves)", "", "", "", ""])
          continue
        }
        let data = [("workload", workload), ("strategy", strategy)]
        let r = cell.counts
        let reinserts = r.deletes - fewestDeletes  // kept ids re-inserted, when all are valid
        bars.append(BarChart.Bar(
          label: strategy, color: palette.color(strategy), value: Double(r.moves),
          extra: reinserts > 0 ? (Double(reinserts), "extra deletes") : nil,
          title: "\(strategy): \(r.moves) moves, \(reinserts) extra deletes, min_moves \(cell.minMoves)",
          data: data + [("measure", "moves"), ("value", "\(r.moves)"), ("extra-deletes", "\(reinserts)")]))
        table.append([strategy, "\(r.moves)", "\(reinserts)", "\(cell.minMoves)", "\(r.deletes)", "\(r.inserts)", "\(r.stages)",
          cell.minStages.map(String.init) ?? "–"])
      }
      let chart = BarChart(title: workload, bars: bars, kind: .logPlusOne, axisLabel: "item moves", reference: (Double(minMoves), "min_moves: \(minMoves)"))
      return ReportPage.card(chart.svg(), table: table)
    }
    return s + "</section>\n"
  }

  /// Section 4: per workload, each strategy's peak and allocated bytes
  /// against the floor's.
  var memorySection: String {
    var s = "<section id=\"memory\"><h2>4. Memory</h2>\n"
    guard let run = headline else { return s + "<p>No report.</p></section>\n" }
    s += "<p class=\"note\">Per strategy, two bars: the most the diff held at once (<b>peak</b>, solid) and all it allocated "
    s += "(<b>alloc</b>, light), medians over the samples, log scale. The dashed line is the floor's peak.</p>\n"
    let strategies = run.strategies.filter { Yardstick(rawValue: $0) == nil }
    s += legend(strategies)
    s += grouped(run.flooredWorkloads, section: "memory") { workload in
      let floor = run.cell(workload, Yardstick.floor.rawValue)
      var bars: [BarChart.Bar] = []
      var table = [["strategy", "peak", "alloc", "peak × floor", "alloc × floor"]]
      if let floor { table.append([Yardstick.floor.rawValue, Markup.bytes(floor.peakBytes), Markup.bytes(floor.allocatedBytes), "1", "1"]) }
      for strategy in strategies {
        guard let cell = run.cell(workload, strategy) else {
          bars.append(skippedBar(workload, strategy))
          table.append([strategy, "skipped", "", "", ""])
          continue
        }
        let data = [("workload", workload), ("strategy", strategy)]
        func times(_ v: Double, _ f: Double?) -> String { f.map { $0 > 0 ? Markup.trim(v / $0) : "-" } ?? "-" }
        bars.append(BarChart.Bar(
          label: strategy, color: palette.color(strategy), value: max(cell.peakBytes, 1),
          title: "\(strategy) peak: \(Markup.bytes(cell.peakBytes)) (\(times(cell.peakBytes, floor?.peakBytes))× floor)",
          data: data + [("measure", "peak"), ("value", Markup.data(cell.peakBytes))]))
        bars.append(BarChart.Bar(
          label: "alloc", color: palette.color(strategy), value: max(cell.allocatedBytes, 1), opacity: 0.4,
          title: "\(strategy) alloc: \(Markup.bytes(cell.allocatedBytes)) (\(times(cell.allocatedBytes, floor?.allocatedBytes))× floor)",
          data: data + [("measure", "alloc"), ("value", Markup.data(cell.allocatedBytes))]))
        table.append([strategy, Markup.bytes(cell.peakBytes), Markup.bytes(cell.allocatedBytes), times(cell.peakBytes, floor?.peakBytes), times(cell.allocatedBytes, floor?.allocatedBytes)])
      }
      let reference = floor.map { (max($0.peakBytes, 1), "floor peak: \(Markup.bytes($0.peakBytes))") }
      let chart = BarChart(title: workload, bars: bars, kind: .log, axisLabel: "bytes (log)", reference: reference, tickLabel: Markup.bytes)
      return ReportPage.card(chart.svg(), table: table)
    }
    return s + "</section>\n"
  }

  /// A cell with no rows: skipped for its estimated cost.
  func skippedBar(_ workload: String, _ strategy: String) -> BarChart.Bar {
    BarChart.Bar(
      label: strategy, color: palette.color(strategy), title: "\(strategy): skipped (no rows)",
      data: [("workload", workload), ("strategy", strategy), ("skipped", "true")], note: "skipped")
  }
}
