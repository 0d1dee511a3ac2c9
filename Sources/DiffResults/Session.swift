/// One trace cell's rows seen as a session: a figure per apply (the median
/// of its samples: instructions when counted, else wall nanoseconds), and
/// what an app developer asks of them.
public struct Session: Sendable {
  /// The applies' steps, in order, and each one's figure.
  public let steps: [Int]
  public let applies: [Double]
  /// Item and section operations summed over the session's applies.
  public let operations: Int

  public init(_ rows: [ReportRow]) {
    var byStep: [Int: [Double]] = [:]
    var ops: [Int: Int] = [:]
    for row in rows {
      let step = row.step ?? 0
      byStep[step, default: []].append(ReportRow.measure(row))
      ops[step] = row.sectionOperations + row.deletes + row.inserts + row.moves + row.updates
    }
    steps = byStep.keys.sorted()
    applies = steps.map { Statistics.median(byStep[$0]!) }
    operations = ops.values.reduce(0, +)
  }

  public var total: Double { applies.reduce(0, +) }
  public var median: Double { Statistics.median(applies) }
  public var p99: Double { Statistics.quantile(applies, 0.99) }
  public var max: Double { applies.max() ?? 0 }
  /// Applies whose figure is over `budget`.
  public func over(_ budget: Double) -> Int { applies.filter { $0 > budget }.count }
}
