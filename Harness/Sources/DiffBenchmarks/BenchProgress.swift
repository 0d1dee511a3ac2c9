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
  /// The run's estimated work (``RunEstimate/seconds(_:)``, one per
  /// workload) and how much of it is done, the current workload's share by
  /// its applies: the time left is the pace so far applied to the work left,
  /// not to the cells left (the last cells are the largest).
  package var workTotal = 0.0
  package var workDone = 0.0
  /// The current workload: when it began (elapsed seconds), the work done
  /// before it, and its own work (refined once its first calls are timed).
  package var workloadStartSeconds = 0.0
  package var workDoneBefore = 0.0
  package var workloadWork = 0.0

  package init(cellsTotal: Int) {
    self.cellsTotal = cellsTotal
  }

  /// The position, `[34/N]` of N cells.
  package var position: String { "[\(cellsDone)/\(cellsTotal)]" }

  /// Seconds left: the pace of the workloads done (seconds per unit of
  /// estimated work) applied to the work to come, plus what the current
  /// workload still has to take. A session's applies go at its own pace
  /// once some are done; a pair's cells end together, so a pair has the
  /// run's pace less the time it has run: a long pair lowers the time left
  /// as it runs, never raises it (a pace taken from work credited only
  /// when a workload ended rose to hours while a 1,000,000-item pair ran).
  /// In the first workload, the pace of its applies so far; `nil` before any.
  package var secondsLeft: Double? {
    let pace: Double
    if workDoneBefore > 0 {
      pace = workloadStartSeconds / workDoneBefore
    } else if workDone > 0 {
      pace = elapsedSeconds / workDone
    } else {
      return nil
    }
    let ahead = max(0, workTotal - workDoneBefore - workloadWork)
    let running = elapsedSeconds - workloadStartSeconds
    let share = workloadWork > 0 ? min(1, (workDone - workDoneBefore) / workloadWork) : 0
    let current = share > 0 ? running * (1 - share) / share : max(0, pace * workloadWork - running)
    return pace * ahead + current
  }

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
