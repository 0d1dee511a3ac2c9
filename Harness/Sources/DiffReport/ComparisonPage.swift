import DiffResults
import Foundation

/// `diffbench compare --html`: the verdict table as a page, colour-coded,
/// with each cell's ratio and interval drawn on a log axis around 1.
package enum ComparisonPage {
  package static func html(_ comparison: Comparison, base: String, head: String) -> String {
    var s = """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>compare \(Markup.escape(base)) → \(Markup.escape(head))</title>
      <style>
      body { font-family: Helvetica, Arial, sans-serif; margin: 24px; color: #222; }
      table { border-collapse: collapse; font-size: 13px; }
      th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: right; }
      th { background: #f4f4f4; } td.name { text-align: left; }
      td.slower { background: #f8c9c4; font-weight: bold; } td.faster { background: #c9ecc4; font-weight: bold; }
      td.same { color: #666; } td.drift { background: #dde8f6; } td.other { background: #fdf0c2; }
      td.ops { text-align: left; } .more { color: #b00; font-weight: bold; } .fewer { color: #270; }
      p.note { color: #555; max-width: 900px; }
      </style>
      </head>
      <body>
      <h1>compare</h1>
      <p>base <code>\(Markup.escape(base))</code> → head <code>\(Markup.escape(head))</code></p>

      """
    s += "<table>\n<tr><th>workload</th><th>strategy</th><th>by</th><th>base</th><th>head</th><th>ratio</th>"
    s += "<th>interval (log, 0.5×–2×; shaded: within the threshold)</th><th>verdict</th><th>ops</th></tr>\n"
    for row in comparison.rows {
      let threshold = row.basis == .instructions ? comparison.countThreshold : comparison.threshold
      let verdictClass: String
      switch row.verdict {
      case .slower: verdictClass = "slower"
      case .faster: verdictClass = "faster"
      case .same: verdictClass = "same"
      case .drift: verdictClass = "drift"
      default: verdictClass = "other"
      }
      s += "<tr><td class=\"name\">\(Markup.escape(row.workload))</td><td class=\"name\">\(Markup.escape(row.strategy))</td>"
      s += "<td>\(Markup.escape(row.basis.rawValue))</td>"
      s += "<td>\(value(row.baseValue, row.basis))</td><td>\(value(row.headValue, row.basis))</td>"
      s += "<td>\(row.ratio.map { String(format: "%.4f", $0) } ?? "-")</td>"
      s += "<td>\(row.ratio == nil ? "" : intervalSVG(row, threshold: threshold))</td>"
      s += "<td class=\"\(verdictClass)\">\(Markup.escape(row.verdict.rawValue))</td><td class=\"ops\">"
      s += (row.worse.map { "<span class=\"more\">MORE \(Markup.escape($0))</span>" } + row.better.map { "<span class=\"fewer\">fewer \(Markup.escape($0))</span>" }).joined(separator: ", ")
      s += "</td></tr>\n"
    }
    s += "</table>\n"
    s += comparison.summary.map { "<p class=\"note\">\(Markup.escape($0))</p>\n" }.joined()
    return s + "</body>\n</html>\n"
  }

  static func value(_ v: Double?, _ basis: Comparison.Basis) -> String {
    guard let v else { return "-" }
    return basis == .instructions ? String(format: "%.0f", v) : String(format: "%.3f ms", v / 1e6)
  }

  /// The ratio as a dot and its interval as a line, on log2 from 0.5× to 2×
  /// (clamped at the ends); the band is 1 ± the threshold.
  static func intervalSVG(_ row: Comparison.Row, threshold: Double) -> String {
    let width = 200.0, height = 18.0
    func x(_ r: Double) -> Double { (min(max(log2(max(r, 1e-9)), -1), 1) + 1) / 2 * width }
    let color = row.verdict == .slower ? "#c00" : row.verdict == .faster ? "#080" : "#333"
    var s = "<svg width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">"
    s += "<rect x=\"\(Markup.px(x(1 - threshold)))\" y=\"0\" width=\"\(Markup.px(x(1 + threshold) - x(1 - threshold)))\" height=\"\(Int(height))\" fill=\"#eee\"/>"
    s += "<line x1=\"\(Markup.px(x(1)))\" x2=\"\(Markup.px(x(1)))\" y1=\"0\" y2=\"\(Int(height))\" stroke=\"#999\"/>"
    if let interval = row.interval {
      s += "<line x1=\"\(Markup.px(x(interval.low)))\" x2=\"\(Markup.px(x(interval.high)))\" y1=\"9\" y2=\"9\" stroke=\"\(color)\" stroke-width=\"2\"/>"
    }
    let ratio = row.ratio ?? 1
    s += "<circle cx=\"\(Markup.px(x(ratio)))\" cy=\"9\" r=\"4\" fill=\"\(color)\"><title>ratio \(String(format: "%.4f", ratio))"
    if let interval = row.interval { s += String(format: ", 95%% interval %.3f–%.3f", interval.low, interval.high) }
    return s + "</title></circle></svg>"
  }
}
