import Foundation

/// Reports in the shapes dashboards read.
package enum BenchmarkExport {
  /// One entry of github-action-benchmark's `customSmallerIsBetter` input.
  package struct Entry: Codable, Equatable, Sendable {
    package var name: String
    package var unit: String
    package var value: Double
    package var range: String?
    package var extra: String?
  }

  /// An entry per cell, in the report's order: `workload/strategy`, the
  /// instructions of a counted cell or the median milliseconds of a timed one
  /// (its range half the p10–p90 spread), and where it came from.
  package static func entries(_ cells: [CellSummary]) -> [Entry] {
    cells.map { cell in
      let source = "commit \(cell.commit), \(cell.samples) sample\(cell.samples == 1 ? "" : "s"), n \(cell.nOld)→\(cell.nNew)"
      if let instructions = cell.instructions {
        return Entry(name: "\(cell.workload)/\(cell.strategy)", unit: "instructions", value: Double(instructions), extra: source)
      }
      let ms = { (ns: Double) in (ns / 1e6 * 1e6).rounded() / 1e6 }
      return Entry(
        name: "\(cell.workload)/\(cell.strategy)", unit: "ms", value: ms(cell.median),
        range: "± \(ms((cell.p90 - cell.p10) / 2))", extra: source + ", p10 \(ms(cell.p10)) ms, p90 \(ms(cell.p90)) ms")
    }
  }

  /// The JSON array github-action-benchmark's `customSmallerIsBetter` tool reads.
  package static func githubActionBenchmark(_ cells: [CellSummary]) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(entries(cells)), as: UTF8.self)
  }
}
