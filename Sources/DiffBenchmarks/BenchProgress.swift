/// Where a bench run is, for a progress line: cells done of all, and what is
/// being measured now. Skipped cells count as done; they are also counted
/// apart, since they take no time and would make the pace look faster.
package struct BenchProgress: Sendable, Equatable {
  package var cellsDone = 0
  package var cellsTotal: Int
  package var cellsSkipped = 0
  /// Wall seconds since the run started.
  package var elapsedSeconds = 0.0
  /// The workload being measured, and the apply of a trace being sampled.
  package var workload = ""
  package var step: Int?
  /// The run's estimated work (``Workload/estimatedSeconds(settings:)``, one
  /// per cell) and how much of it is done, the current workload's share by
  /// its applies: the time left is the pace so far applied to the work left,
  /// not to the cells left (the last cells are the largest).
  package var workTotal = 0.0
  package var workDone = 0.0

  package init(cellsTotal: Int) {
    self.cellsTotal = cellsTotal
  }

  /// The position, `[34/N]` of N cells.
  package var position: String { "[\(cellsDone)/\(cellsTotal)]" }

  /// Cells that took time: done, and to go.
  package var measuredDone: Int { cellsDone - cellsSkipped }
  package var measuredTotal: Int { cellsTotal - cellsSkipped }
}

/// A cell's line after its workload, and whether it must stay in view (a
/// skip, a failure) or is routine progress.
package struct CellLine: Sendable, Equatable {
  package var text: String
  package var isNotable: Bool
}
