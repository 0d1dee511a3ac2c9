/// Where a bench run is, for a progress line: cells done of all, and what is
/// being measured now. Skipped cells count as done; they are also counted
/// apart, since they take no time and would make the pace look faster.
public struct BenchProgress: Sendable, Equatable {
  public var cellsDone = 0
  public var cellsTotal: Int
  public var cellsSkipped = 0
  /// Wall seconds since the run started.
  public var elapsedSeconds = 0.0
  /// The workload being measured, and the apply of a trace being sampled.
  public var workload = ""
  public var step: Int?

  public init(cellsTotal: Int) {
    self.cellsTotal = cellsTotal
  }

  /// The position, `[34/186]`.
  public var position: String { "[\(cellsDone)/\(cellsTotal)]" }

  /// Cells that took time: done, and to go.
  public var measuredDone: Int { cellsDone - cellsSkipped }
  public var measuredTotal: Int { cellsTotal - cellsSkipped }
}

/// A cell's line after its workload, and whether it must stay in view (a
/// skip, a failure) or is routine progress.
public struct CellLine: Sendable, Equatable {
  public var text: String
  public var isNotable: Bool
}
