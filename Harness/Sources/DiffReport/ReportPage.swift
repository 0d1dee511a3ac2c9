import DiffResults
import Foundation

/// The report page (the diffbench article, the report page): one self-contained HTML file with the
/// scaling sweep, each workload as multiples of the floor, changeset quality,
/// memory, and the history of every cell across commits. Plots are inline
/// SVG; every plotted value is also a tooltip and a table row.
package struct ReportPage {
  /// The runs, oldest commit first.
  package var runs: [ReportRun]
  /// Whether `runs` are ordered by report date (some commit was not in the
  /// repository's history) rather than by commit.
  package var byDate: Bool
  let palette: Palette
  /// How sections 2–4 group their workloads.
  let suites: Suites
  /// Section 7's rows: peers' releases (`make peers-history`), in their files' order.
  package var peerReleases: [PeerRelease]

  /// Other people's benchmarks among the workloads: each suite's cards
  /// come under a heading of their own, after the grid's.
  package struct Suites {
    /// Each suite's name and the source it follows, in the page's order.
    package var named: [(name: String, source: String)]
    /// The suite a workload is one of (its name), or `nil` for the grid's own.
    package var of: (String) -> String?

    package init(named: [(name: String, source: String)], of: @escaping (String) -> String?) {
      (self.named, self.of) = (named, of)
    }

    /// No suites: every workload is the grid's.
    package static var none: Suites { Suites(named: [], of: { _ in nil }) }
  }

  /// Orders `runs` by `history` (hashes newest first, as `git rev-list`
  /// prints them), falling back to the report date; `ownStrategies`, the
  /// library's strategies in its order, keep their colours on every page.
  package init(runs: [ReportRun], history: [String], suites: Suites = .none, ownStrategies: [String] = [], peerReleases: [PeerRelease] = []) {
    self.suites = suites
    self.peerReleases = peerReleases
    (self.runs, byDate) = ReportRun.ordered(runs, history: history)
    var strategies: [String] = []
    for run in self.runs { for s in run.strategies where !strategies.contains(s) { strategies.append(s) } }
    palette = Palette(strategies: strategies, own: ownStrategies)
  }

  var newestTimed: ReportRun? { runs.last { !$0.counted } }
  var newestCounted: ReportRun? { runs.last { $0.counted } }
  /// The run sections 2–4 show: the newest timed one, else the newest counted.
  var headline: ReportRun? { newestTimed ?? newestCounted }

  /// The scaling plot of the headline run, as a file of its own; `nil` when
  /// it has no cell of the sweep.
  package var scalingSVG: String? {
    guard let run = headline, let chart = scalingChart(run) else { return nil }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + chart.svg(standalone: true)
  }

  package var html: String {
    var s = """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>SnapshotDiff bench report</title>
      <style>\(ReportPage.style)</style>
      </head>
      <body>
      <header>
      <h1>SnapshotDiff bench report</h1>

      """
    s += sources
    s += """
      <nav><a href="#scaling">1. Scaling</a> · <a href="#workloads">2. Workloads</a> · \
      <a href="#quality">3. Quality</a> · <a href="#memory">4. Memory</a> · <a href="#sessions">5. Sessions</a> · \
      <a href="#history">6. History</a> · <a href="#releases">7. Peers across their releases</a></nav>
      </header>

      """
    s += scalingSection + workloadsSection + qualitySection + memorySection + sessionsSection + historySection + peerHistorySection
    s += "<footer>Written by <code>diffbench report</code>. Hover a point or bar for its value; every value is also in the tables.</footer>\n</body>\n</html>\n"
    return s
  }

  /// The reports the page was made from.
  var sources: String {
    var s = "<table class=\"sources\"><tr><th>commit</th><th>kind</th><th>date</th><th>host</th><th>toolchain</th><th>samples</th><th>file</th></tr>\n"
    for run in runs {
      let r = run.cells[0]
      s += "<tr><td><code>\(Markup.escape(run.commit))</code></td><td>\(run.counted ? "counted" : "timed")</td>"
      s += "<td>\(Markup.escape(run.date))</td><td>\(Markup.escape(r.host))</td><td>\(Markup.escape(r.toolchain))</td>"
      s += "<td>\(run.samples)</td><td><code>\(Markup.escape(run.file))</code></td></tr>\n"
    }
    s += "</table>\n"
    s += "<p class=\"note\">Reports in \(byDate ? "date order (some commit is not in this repository's history)" : "commit order (git rev-list)"), oldest first. "
    if let run = headline {
      s += "Sections 2–4 show the newest \(run.counted ? "counted" : "timed") run, <code>\(Markup.escape(run.commit))</code>.</p>\n"
    } else {
      s += "</p>\n"
    }
    return s
  }

  /// A figure: a plot and, folded under it, its values as a table.
  /// A chart and its values (a table that opens under it); `wide` spans
  /// the page's grid.
  static func card(_ svg: String, table: [[String]], wide: Bool = false) -> String {
    var s = "<figure class=\"\(wide ? "card wide" : "card")\">\n" + svg + "<details><summary>values</summary><table>\n"
    for (k, row) in table.enumerated() {
      let cell = k == 0 ? "th" : "td"
      s += "<tr>" + row.map { "<\(cell)>\(Markup.escape($0))</\(cell)>" }.joined() + "</tr>\n"
    }
    return s + "</table></details>\n</figure>\n"
  }

  static let style = """
    body { font-family: Helvetica, Arial, sans-serif; margin: 24px auto; max-width: 1320px; padding: 0 16px; color: #222; }
    h1 { margin-bottom: 4px; } h2 { margin-top: 40px; border-bottom: 1px solid #ccc; padding-bottom: 4px; }
    p.note, .note { color: #555; max-width: 900px; }
    nav { margin: 12px 0; }
    table { border-collapse: collapse; font-size: 12px; }
    th, td { border: 1px solid #ddd; padding: 2px 6px; text-align: right; }
    th { background: #f4f4f4; } td:first-child, th:first-child { text-align: left; }
    table.sources td, table.sources th { text-align: left; }
    .grid { display: flex; flex-wrap: wrap; gap: 12px; }
    figure.card { margin: 0; padding: 6px; border: 1px solid #e2e2e2; border-radius: 4px; background: #fff; }
    figure.wide { margin: 0 0 12px 0; }
    details summary { cursor: pointer; color: #555; font-size: 12px; }
    .legend span { display: inline-block; margin-right: 14px; font-size: 13px; }
    .legend i { display: inline-block; width: 14px; height: 10px; margin-right: 4px; }
    footer { margin-top: 40px; color: #777; font-size: 12px; }
    """

  /// The cards of `workloads` in grids: the grid's own workloads first,
  /// then each suite's under a heading naming its source; `card` gives a
  /// workload's card, or `nil` for none.
  func grouped(_ workloads: [String], section: String, _ card: (String) -> String?) -> String {
    var groups: [(heading: String?, cards: [String])] = [(nil, [])] + suites.named.map { ("\($0.name)", []) }
    for workload in workloads {
      guard let card = card(workload) else { continue }
      let k = suites.of(workload).flatMap { name in suites.named.firstIndex { $0.name == name }.map { $0 + 1 } } ?? 0
      groups[k].cards.append(card)
    }
    var s = ""
    for (k, group) in groups.enumerated() where !group.cards.isEmpty {
      if k > 0 {
        let suite = suites.named[k - 1]
        s += "<h3 id=\"\(section)-\(Markup.escape(suite.name))\">Suite <code>\(Markup.escape(suite.name))-</code></h3>\n"
        s += "<p class=\"note\">As its source defines it: \(Markup.escape(suite.source)).</p>\n"
      }
      s += "<div class=\"grid\">\n" + group.cards.joined() + "</div>\n"
    }
    return s
  }

  /// A legend of strategies, as HTML under a grid of small plots.
  func legend(_ strategies: [String]) -> String {
    "<p class=\"legend\">" + strategies.map { "<span><i style=\"background:\(palette.color($0))\"></i>\(Markup.escape($0))</span>" }.joined() + "</p>\n"
  }

  /// How a cell's value reads: a duration, or instructions.
  static func value(_ v: Double, counted: Bool) -> String {
    counted ? Markup.short(v) + " instr" : Markup.duration(v)
  }
}
