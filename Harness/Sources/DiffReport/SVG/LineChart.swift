import Foundation

/// A line chart as one `<svg>` element: series of points on linear or log
/// axes, a legend on the right. Every point is a circle with a `<title>`
/// (the browser's tooltip) and `data-` attributes holding the plotted value,
/// so the figures stay readable as text.
struct LineChart {
  struct Point {
    var x: Double
    var y: Double
    var title: String
    /// `data-` attributes: what the point is, for readers and tests.
    var data: [(String, String)] = []
    /// Drawn as a red ring with this text: e.g. a step compare calls slower.
    var flag: String?
  }

  struct Series {
    var name: String
    var color: String
    var dashed = false
    var points: [Point]
    /// Shown after the name in the legend, e.g. the fitted exponent.
    var note: String?
  }

  var title: String
  var xLabel: String
  var yLabel: String
  var xKind: Scale.Kind = .log
  var yKind: Scale.Kind = .log
  /// Ticks to use instead of the scale's (e.g. commit names).
  var xTicks: [(value: Double, label: String)]?
  var series: [Series]
  var width = 720.0
  var height = 420.0
  /// Small multiples share one legend on the page instead.
  var showsLegend = true

  /// The chart; `standalone` adds the namespace and a white background, for
  /// a `.svg` file of its own.
  func svg(standalone: Bool = false) -> String {
    let left = 70.0, right = showsLegend ? 190.0 : 14.0, top = 34.0, bottom = 50.0
    let plotRight = width - right, plotBottom = height - bottom
    let all = series.flatMap(\.points)
    var xScale = Scale(kind: xKind, values: all.map(\.x), from: left, to: plotRight)
    if xTicks != nil, let lo = all.map(\.x).min(), let hi = all.map(\.x).max() {
      // Categories: half a step of room on each side.
      xScale.low = lo - 0.5
      xScale.high = hi + 0.5
    }
    let yScale = Scale(kind: yKind, values: all.map(\.y), from: plotBottom, to: top)
    var s = ""
    let ns = standalone ? " xmlns=\"http://www.w3.org/2000/svg\"" : ""
    s += "<svg\(ns) class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
    s += "<title>\(Markup.escape(title))</title>\n"
    if standalone { s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n" }
    s += "<text x=\"\(Markup.px(left))\" y=\"20\" font-size=\"\(showsLegend ? 14 : 13)\" font-weight=\"bold\">\(Markup.escape(title))</text>\n"
    // Grid and ticks.
    for tick in yScale.ticks() {
      let y = yScale(tick.value)
      s += "<line x1=\"\(Markup.px(left))\" x2=\"\(Markup.px(plotRight))\" y1=\"\(Markup.px(y))\" y2=\"\(Markup.px(y))\" stroke=\"#e4e4e4\"/>\n"
      s += "<text x=\"\(Markup.px(left - 6))\" y=\"\(Markup.px(y + 4))\" text-anchor=\"end\" fill=\"#444\">\(Markup.escape(tick.label))</text>\n"
    }
    for tick in xTicks ?? xScale.ticks() {
      let x = xScale(tick.value)
      s += "<line x1=\"\(Markup.px(x))\" x2=\"\(Markup.px(x))\" y1=\"\(Markup.px(top))\" y2=\"\(Markup.px(plotBottom))\" stroke=\"#efefef\"/>\n"
      s += "<text x=\"\(Markup.px(x))\" y=\"\(Markup.px(plotBottom + 16))\" text-anchor=\"middle\" fill=\"#444\">\(Markup.escape(tick.label))</text>\n"
    }
    s += "<rect x=\"\(Markup.px(left))\" y=\"\(Markup.px(top))\" width=\"\(Markup.px(plotRight - left))\" height=\"\(Markup.px(plotBottom - top))\" fill=\"none\" stroke=\"#999\"/>\n"
    s += "<text x=\"\(Markup.px((left + plotRight) / 2))\" y=\"\(Markup.px(height - 14))\" text-anchor=\"middle\">\(Markup.escape(xLabel))</text>\n"
    s += "<text transform=\"translate(18 \(Markup.px((top + plotBottom) / 2))) rotate(-90)\" text-anchor=\"middle\">\(Markup.escape(yLabel))</text>\n"
    // Lines, then points over them.
    for line in series {
      let path = line.points.map { "\(Markup.px(xScale($0.x))),\(Markup.px(yScale($0.y)))" }.joined(separator: " ")
      let dash = line.dashed ? " stroke-dasharray=\"6 4\"" : ""
      if line.points.count > 1 {
        s += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"2\"\(dash)/>\n"
      }
      for p in line.points {
        let attributes = p.data.map { " data-\($0.0)=\"\(Markup.escape($0.1))\"" }.joined()
        let (cx, cy) = (Markup.px(xScale(p.x)), Markup.px(yScale(p.y)))
        s += "<circle class=\"point\" cx=\"\(cx)\" cy=\"\(cy)\" r=\"3.5\" fill=\"\(line.color)\"\(attributes)><title>\(Markup.escape(p.title))</title></circle>\n"
        if let flag = p.flag {
          s += "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"8\" fill=\"none\" stroke=\"#d00\" stroke-width=\"2\"><title>\(Markup.escape(flag))</title></circle>\n"
        }
      }
    }
    // Legend.
    for (k, line) in series.enumerated() where showsLegend {
      let y = top + 8 + Double(k) * 20
      let dash = line.dashed ? " stroke-dasharray=\"6 4\"" : ""
      s += "<line x1=\"\(Markup.px(plotRight + 14))\" x2=\"\(Markup.px(plotRight + 38))\" y1=\"\(Markup.px(y))\" y2=\"\(Markup.px(y))\" stroke=\"\(line.color)\" stroke-width=\"2\"\(dash)/>\n"
      let label = line.name + (line.note.map { "  " + $0 } ?? "")
      s += "<text x=\"\(Markup.px(plotRight + 44))\" y=\"\(Markup.px(y + 4))\">\(Markup.escape(label))</text>\n"
    }
    s += "</svg>\n"
    return s
  }
}
