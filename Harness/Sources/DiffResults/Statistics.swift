
/// Order statistics, for medians of noisy timings and intervals for them.
package enum Statistics {
  /// The `q` quantile (0...1) by linear interpolation between order statistics.
  package static func quantile(_ values: [Double], _ q: Double) -> Double {
    quantile(sorted: values.sorted(), q)
  }

  /// ``quantile(_:_:)`` of values already in ascending order (several
  /// quantiles of one sample sort it once).
  package static func quantile(sorted: [Double], _ q: Double) -> Double {
    precondition(!sorted.isEmpty, "quantile of no values")
    let position = q * Double(sorted.count - 1)
    let low = Int(position.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
  }

  package static func median(_ values: [Double]) -> Double { quantile(values, 0.5) }

  /// A run's values summarized for `compare`: count, median, and a 95 %
  /// interval for the median from order statistics (ranks n/2 ∓ 0.98·√n,
  /// the normal approximation to the binomial; the extremes when n is small).
  /// Rounded as the summary report writes them.
  package static func medianInterval(_ values: [Double]) -> FloorQuotients {
    let sorted = values.sorted()
    let n = sorted.count
    let spread = 0.98 * Double(n).squareRoot()
    let low = Swift.max(0, Int((Double(n) / 2 - spread).rounded(.down)) - 1)
    let high = Swift.min(n - 1, Int((Double(n) / 2 + spread).rounded(.up)))
    let round = { SummaryReport.significant($0, 6) }
    return FloorQuotients(count: n, median: round(quantile(sorted: sorted, 0.5)), low: round(sorted[low]), high: round(sorted[high]))
  }
}
