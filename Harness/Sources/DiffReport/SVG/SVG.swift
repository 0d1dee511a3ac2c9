import DiffResults
import Foundation

/// Plain SVG and HTML text: escaping, number formats, colours. The page is
/// built from strings, with no framework and nothing from the network.
enum Markup {
  /// Escapes text for element content and attribute values.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.count)
    for c in text {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(c)
      }
    }
    return out
  }

  /// A coordinate, to a tenth of a pixel.
  static func px(_ v: Double) -> String {
    String(format: "%.1f", v)
  }

  /// A value as plotted data: exact enough to compare with the CSV's median.
  static func data(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(format: "%.0f", v) : String(format: "%.6g", v)
  }

  /// A number for people: 3 significant figures, thousands as k, M, G.
  static func short(_ v: Double) -> String {
    let a = abs(v)
    if a >= 1e9 { return trim(v / 1e9) + "G" }
    if a >= 1e6 { return trim(v / 1e6) + "M" }
    if a >= 1e4 { return trim(v / 1e3) + "k" }
    return trim(v)
  }

  static func trim(_ v: Double) -> String {
    let a = abs(v)
    let s = a >= 100 ? String(format: "%.0f", v) : a >= 10 ? String(format: "%.1f", v) : a >= 1 ? String(format: "%.2f", v) : String(format: "%.3g", v)
    guard s.contains("."), !s.contains("e") else { return s }
    var t = s
    while t.hasSuffix("0") { t.removeLast() }
    if t.hasSuffix(".") { t.removeLast() }
    return t
  }

  /// Nanoseconds as a duration for people.
  static func duration(_ ns: Double) -> String {
    if ns >= 1e9 { return trim(ns / 1e9) + " s" }
    if ns >= 1e6 { return trim(ns / 1e6) + " ms" }
    if ns >= 1e3 { return trim(ns / 1e3) + " µs" }
    return trim(ns) + " ns"
  }

  static func bytes(_ b: Double) -> String {
    if b >= 1e9 { return trim(b / 1e9) + " GB" }
    if b >= 1e6 { return trim(b / 1e6) + " MB" }
    if b >= 1e3 { return trim(b / 1e3) + " kB" }
    return trim(b) + " B"
  }
}

/// A colour per strategy, the same on every plot: the yardsticks grey and
/// olive, the library's strategies by their place in its order (given by
/// the caller: `Contenders.library`), then others in turn.
struct Palette {
  static let library = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd"]
  static let spare = ["#8c564b", "#e377c2", "#17becf", "#393b79", "#637939", "#843c39"]

  private var assigned: [String: String] = [Yardstick.floor.rawValue: "#7f7f7f", Yardstick.scan.rawValue: "#bcbd22"]

  /// - Parameters:
  ///   - strategies: every strategy the page plots.
  ///   - own: the library's strategies, in its order: each has the same
  ///     colour on every page, whichever of them a report holds.
  init(strategies: [String], own: [String]) {
    for (k, s) in own.enumerated() where assigned[s] == nil { assigned[s] = Palette.library[k % Palette.library.count] }
    var next = 0
    for s in strategies where assigned[s] == nil {
      assigned[s] = Palette.spare[next % Palette.spare.count]
      next += 1
    }
  }

  func color(_ strategy: String) -> String { assigned[strategy] ?? "#333333" }
}

/// Maps values on one axis to pixels: linear, or logarithmic (base 10).
/// `logPlusOne` plots log10(1 + v), for counts that may be 0.
struct Scale {
  enum Kind { case linear, log, logPlusOne }
  var kind: Kind
  var low: Double
  var high: Double
  /// Pixels of `low` and `high` (for a y axis, `from` is the bottom).
  var from: Double
  var to: Double

  /// A scale over `values`, widened to whole decades (log) or to nice
  /// round ends (linear).
  init(kind: Kind, values: [Double], from: Double, to: Double, includeZero: Bool = false) {
    self.kind = kind
    self.from = from
    self.to = to
    let finite = values.filter { $0.isFinite && (kind != .log || $0 > 0) && (kind != .logPlusOne || $0 >= 0) }
    switch kind {
    case .log:
      let lo = finite.min() ?? 1, hi = finite.max() ?? 10
      low = pow(10, (log10(lo)).rounded(.down))
      high = pow(10, (log10(hi)).rounded(.up))
      if high <= low { high = low * 10 }
    case .logPlusOne:
      low = 0
      let hi = finite.max() ?? 9
      high = pow(10, log10(hi + 1).rounded(.up)) - 1
      if high < 9 { high = 9 }
    case .linear:
      var lo = finite.min() ?? 0, hi = finite.max() ?? 1
      if includeZero { lo = min(lo, 0); hi = max(hi, 0) }
      if hi <= lo { hi = lo + 1 }
      let step = Scale.niceStep((hi - lo) / 5)
      low = (lo / step).rounded(.down) * step
      high = (hi / step).rounded(.up) * step
    }
  }

  private func t(_ v: Double) -> Double {
    switch kind {
    case .linear: return v
    case .log: return log10(max(v, low / 10))
    case .logPlusOne: return log10(1 + max(v, 0))
    }
  }

  func callAsFunction(_ v: Double) -> Double {
    let (a, b) = (t(low), t(high))
    return from + (t(v) - a) / (b - a) * (to - from)
  }

  /// Tick values with labels: each decade (log), or about five round steps.
  func ticks(label: (Double) -> String = Markup.short) -> [(value: Double, label: String)] {
    switch kind {
    case .log, .logPlusOne:
      var out: [(Double, String)] = []
      if kind == .logPlusOne { out.append((0, "0")) }
      var v = kind == .log ? low : 1
      while v <= high * 1.0001 {
        out.append((v, label(v)))
        v *= 10
      }
      // Too many decades crowd the axis: keep every other one.
      return out.count > 8 ? out.enumerated().filter { $0.offset % 2 == 0 }.map(\.element) : out
    case .linear:
      let step = Scale.niceStep((high - low) / 5)
      var out: [(Double, String)] = []
      var v = low
      while v <= high + step / 2 {
        out.append((v, label(v)))
        v += step
      }
      return out
    }
  }

  /// 1, 2 or 5 times a power of ten, near `raw`.
  static func niceStep(_ raw: Double) -> Double {
    guard raw > 0 else { return 1 }
    let p = pow(10, log10(raw).rounded(.down))
    let f = raw / p
    return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p
  }
}
