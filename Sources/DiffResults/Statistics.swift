import DiffVerification

/// Order statistics and a bootstrap, for medians of noisy timings.
public enum Statistics {
  /// The `q` quantile (0...1) by linear interpolation between order statistics.
  public static func quantile(_ values: [Double], _ q: Double) -> Double {
    precondition(!values.isEmpty, "quantile of no values")
    let sorted = values.sorted()
    let position = q * Double(sorted.count - 1)
    let low = Int(position.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
  }

  public static func median(_ values: [Double]) -> Double { quantile(values, 0.5) }

  /// A 95 % percentile-bootstrap interval for median(head) / median(base):
  /// both samples resampled independently, `rounds` times, with a fixed seed
  /// so the same reports always give the same interval.
  public static func medianRatioInterval(
    base: [Double], head: [Double], rounds: Int = 2_000, seed: UInt64 = 0xB007
  ) -> (low: Double, high: Double) {
    var rng = SplitMix64(seed: seed)
    var ratios: [Double] = []
    ratios.reserveCapacity(rounds)
    var b = base, h = head
    for _ in 0..<rounds {
      for k in b.indices { b[k] = base[rng.int(below: base.count)] }
      for k in h.indices { h[k] = head[rng.int(below: head.count)] }
      let mb = median(b)
      ratios.append(mb > 0 ? median(h) / mb : .infinity)
    }
    return (quantile(ratios, 0.025), quantile(ratios, 0.975))
  }
}
