import Foundation

/// How each strategy's cost grows with n on the scaling sweep
/// (`random-1e2` … `random-1e6`, the diffbench article, the report page).
///
/// The exponent is the least-squares slope of log(median) against log(n),
/// n being the old snapshot's items: 1 is linear, 2 quadratic. It is fitted
/// on the sweep's cells a report has (skipped cells have no rows), so it
/// needs at least two sizes. O(c) for c cells.
package enum Growth {
  /// The sizes of the scaling sweep, smallest first: the one definition of
  /// the sweep, from which the bench's `random-1e*` workloads are made.
  package static let sweepSizes = [100, 1_000, 10_000, 100_000, 1_000_000]

  /// The sweep's workload of `items` items (a power of ten): `random-1eK`.
  package static func sweepWorkload(items: Int) -> String {
    var k = 0, n = items
    while n >= 10 { n /= 10; k += 1 }
    return "random-1e\(k)"
  }

  /// The workloads of the scaling sweep, smallest first.
  package static let sweep = sweepSizes.map { sweepWorkload(items: $0) }

  /// One point of a strategy's sweep: n, and the cell's median (wall
  /// nanoseconds, or instructions for a counted cell).
  package struct Point: Equatable, Sendable {
    package var workload: String
    package var n: Int
    package var median: Double
    package init(workload: String, n: Int, median: Double) {
      self.workload = workload
      self.n = n
      self.median = median
    }
  }

  /// Per strategy, in the report's order, its sweep points, smallest n first.
  package static func points(_ cells: [CellSummary]) -> [(strategy: String, points: [Point])] {
    var order: [String] = []
    var byStrategy: [String: [String: CellSummary]] = [:]
    for cell in cells where sweep.contains(cell.workload) {
      if byStrategy[cell.strategy] == nil { order.append(cell.strategy) }
      byStrategy[cell.strategy, default: [:]][cell.workload] = cell
    }
    return order.map { strategy in
      let cells = byStrategy[strategy]!
      return (strategy, sweep.compactMap { w in cells[w].map { Point(workload: w, n: $0.nOld, median: $0.median) } })
    }
  }

  /// The slope of log(median) against log(n), or `nil` with fewer than two
  /// distinct sizes.
  package static func exponent(_ points: [Point]) -> Double? {
    let usable = points.filter { $0.n > 0 && $0.median > 0 }
    guard Set(usable.map(\.n)).count >= 2 else { return nil }
    let xs = usable.map { log10(Double($0.n)) }, ys = usable.map { log10($0.median) }
    let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
    var sxy = 0.0, sxx = 0.0
    for (x, y) in zip(xs, ys) {
      sxy += (x - mx) * (y - my)
      sxx += (x - mx) * (x - mx)
    }
    return sxy / sxx
  }

  /// `growth: hashmap n^1.02, heckel n^1.04, …` for the strategies (and the
  /// floor) with at least two sizes; `nil` when none has.
  package static func line(_ cells: [CellSummary]) -> String? {
    let fitted = points(cells).compactMap { s in exponent(s.points).map { (s.strategy, $0) } }
    guard !fitted.isEmpty else { return nil }
    return "growth: " + fitted.map { "\($0.0) n^" + format($0.1) }.joined(separator: ", ")
  }

  package static func format(_ exponent: Double) -> String {
    String(format: "%.2f", exponent)
  }
}
