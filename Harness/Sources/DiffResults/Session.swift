/// One trace cell's rows seen as a session: a figure per apply (the median
/// of its samples: instructions when counted, else wall nanoseconds), and
/// what an app developer asks of them.
package struct Session: Sendable {
  /// The applies' steps, in order, and each one's figure.
  package let steps: [Int]
  package let applies: [Double]
  /// Each apply's CPU nanoseconds (the median of its samples), when timed:
  /// what frame budgets count, since wall time also measures the machine's
  /// load (another process on the core).
  package let cpuApplies: [Double]?
  /// Item and section operations summed over the session's applies.
  package let operations: Int

  package init(_ rows: [ReportRow]) {
    var byStep: [Int: [Double]] = [:]
    var cpuByStep: [Int: [Double]] = [:]
    var ops: [Int: Int] = [:]
    for row in rows {
      let step = row.step ?? 0
      byStep[step, default: []].append(ReportRow.measure(row))
      if let cpu = row.cpuNanoseconds { cpuByStep[step, default: []].append(Double(cpu)) }
      ops[step] = row.sectionOperations + row.deletes + row.inserts + row.moves + row.updates
    }
    steps = byStep.keys.sorted()
    applies = steps.map { Statistics.median(byStep[$0]!) }
    cpuApplies = cpuByStep.count == steps.count ? steps.map { Statistics.median(cpuByStep[$0]!) } : nil
    operations = ops.values.reduce(0, +)
  }

  package var total: Double { applies.reduce(0, +) }
  package var median: Double { Statistics.median(applies) }
  package var p99: Double { Statistics.quantile(applies, 0.99) }
  package var max: Double { applies.max() ?? 0 }
  /// Applies whose figure (wall time, when timed) is over `budget`.
  package func over(_ budget: Double) -> Int { applies.filter { $0 > budget }.count }
  /// Applies whose CPU time is over `budget`; `nil` when counted.
  package func overCPU(_ budget: Double) -> Int? { cpuApplies.map { $0.filter { $0 > budget }.count } }

  /// The frame budgets an apply is held to: 120 Hz and 60 Hz.
  package static let frameBudgets: [(label: String, nanoseconds: Double)] = [("8.33ms", 8_333_333), ("16.67ms", 16_666_667)]
}
