import Foundation

/// Horizontal bars, one row per strategy, as one small `<svg>`: a bar may
/// carry a p10–p90 whisker, a lighter segment stacked after it, or no value
/// at all (a note such as "skipped" in its place). A vertical reference line
/// (the floor, `min_moves`) is drawn across. Bars carry `<title>` tooltips
/// and `data-` attributes with the plotted value.
struct BarChart {
  struct Bar {
    var label: String
    var color: String
    /// `nil`: no bar, `note` in its place.
    var value: Double?
    var low: Double?
    var high: Double?
    /// A lighter segment after the bar (e.g. naive's re-inserts), and its name.
    var extra: (value: Double, name: String)?
    var opacity = 1.0
    var title: String
    var data: [(String, String)] = []
    var note: String?
  }

  var title: String
  var bars: [Bar]
  var kind: Scale.Kind = .log
  var axisLabel: String
  var reference: (value: Double, label: String)?
  var tickLabel: (Double) -> String = Markup.short
  /// Where bars start: e.g. 1 for ratios, so a bar left of it is below the
  /// reference. `nil`: the axis' low end (or 0 on a linear axis).
  var origin: Double?
  var width = 400.0

  func svg() -> String {
    let left = 70.0, right = 28.0, top = 26.0, rowHeight = 18.0, axis = 34.0
    let height = top + Double(bars.count) * rowHeight + axis
    let plotRight = width - right, plotBottom = top + Double(bars.count) * rowHeight
    var values: [Double] = []
    for b in bars {
      if let v = b.value { values.append(v + (b.extra?.value ?? 0)) ; values.append(v) }
      if let l = b.low { values.append(l) }
      if let h = b.high { values.append(h) }
    }
    if let r = reference { values.append(r.value) }
    if let o = origin { values.append(o) }
    let scale = Scale(kind: kind, values: values, from: left, to: plotRight, includeZero: true)
    let base = origin.map { scale($0) } ?? (kind == .linear ? scale(max(scale.low, 0)) : left)
    var s = "<svg class=\"chart small\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">\n"
    s += "<title>\(Markup.escape(title))</title>\n"
    s += "<text x=\"4\" y=\"16\" font-size=\"13\" font-weight=\"bold\">\(Markup.escape(title))</text>\n"
    for tick in scale.ticks(label: tickLabel) {
      let x = scale(tick.value)
      s += "<line x1=\"\(Markup.px(x))\" x2=\"\(Markup.px(x))\" y1=\"\(Markup.px(top))\" y2=\"\(Markup.px(plotBottom))\" stroke=\"#e8e8e8\"/>\n"
      s += "<text x=\"\(Markup.px(x))\" y=\"\(Markup.px(plotBottom + 13))\" text-anchor=\"middle\" fill=\"#555\">\(Markup.escape(tick.label))</text>\n"
    }
    s += "<text x=\"\(Markup.px((left + plotRight) / 2))\" y=\"\(Markup.px(height - 5))\" text-anchor=\"middle\" fill=\"#333\">\(Markup.escape(axisLabel))</text>\n"
    for (k, bar) in bars.enumerated() {
      let y = top + Double(k) * rowHeight
      s += "<text x=\"\(Markup.px(left - 5))\" y=\"\(Markup.px(y + 13))\" text-anchor=\"end\">\(Markup.escape(bar.label))</text>\n"
      let attributes = bar.data.map { " data-\($0.0)=\"\(Markup.escape($0.1))\"" }.joined()
      guard let value = bar.value else {
        s += "<text class=\"bar-note\" x=\"\(Markup.px(left + 4))\" y=\"\(Markup.px(y + 13))\" fill=\"#888\" font-style=\"italic\"\(attributes)>\(Markup.escape(bar.note ?? "no value"))<title>\(Markup.escape(bar.title))</title></text>\n"
        continue
      }
      let end = scale(value)
      s += "<rect class=\"bar\" x=\"\(Markup.px(min(base, end)))\" y=\"\(Markup.px(y + 3))\" width=\"\(Markup.px(max(abs(end - base), 1)))\" height=\"\(Markup.px(rowHeight - 6))\" fill=\"\(bar.color)\" fill-opacity=\"\(bar.opacity)\"\(attributes)><title>\(Markup.escape(bar.title))</title></rect>\n"
      if let extra = bar.extra, extra.value > 0 {
        let extraEnd = scale(value + extra.value)
        s += "<rect class=\"extra\" x=\"\(Markup.px(end))\" y=\"\(Markup.px(y + 3))\" width=\"\(Markup.px(max(extraEnd - end, 1)))\" height=\"\(Markup.px(rowHeight - 6))\" fill=\"\(bar.color)\" fill-opacity=\"0.35\" stroke=\"\(bar.color)\"><title>\(Markup.escape(extra.name + ": " + Markup.short(extra.value)))</title></rect>\n"
      }
      if let low = bar.low, let high = bar.high {
        let (x1, x2, cy) = (scale(low), scale(high), y + rowHeight / 2)
        s += "<g stroke=\"#222\" stroke-width=\"1.2\"><line x1=\"\(Markup.px(x1))\" x2=\"\(Markup.px(x2))\" y1=\"\(Markup.px(cy))\" y2=\"\(Markup.px(cy))\"/>"
        s += "<line x1=\"\(Markup.px(x1))\" x2=\"\(Markup.px(x1))\" y1=\"\(Markup.px(cy - 4))\" y2=\"\(Markup.px(cy + 4))\"/>"
        s += "<line x1=\"\(Markup.px(x2))\" x2=\"\(Markup.px(x2))\" y1=\"\(Markup.px(cy - 4))\" y2=\"\(Markup.px(cy + 4))\"/></g>\n"
      }
    }
    if let reference {
      let x = scale(reference.value)
      s += "<line x1=\"\(Markup.px(x))\" x2=\"\(Markup.px(x))\" y1=\"\(Markup.px(top - 4))\" y2=\"\(Markup.px(plotBottom))\" stroke=\"#000\" stroke-dasharray=\"4 3\"><title>\(Markup.escape(reference.label))</title></line>\n"
    }
    s += "</svg>\n"
    return s
  }
}
