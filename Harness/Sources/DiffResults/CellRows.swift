import DiffSupport

/// One cell's report rows, held as the few numbers each sample adds: its
/// run's identity once, each apply's sizes, counts and verdict once, and a
/// sample's times, bytes and numbers in 40 bytes. A long session's
/// million samples then take tens of megabytes, not the gigabyte its
/// ``ReportRow``s would; ``rows`` gives them back exactly, one cell at a time.
/// The rows of one cell are all timed or all counted, as a bench makes them.
package struct CellRows: Sendable {
  /// The cell (the run and the sizes are the apply's).
  var cell = CellIdentity()
  /// The runs' commit, date, host and toolchain, each run once.
  struct Run: Equatable, Sendable {
    var commit: String, date: String, host: String, toolchain: String
  }
  var runs: [Run] = []
  /// What one apply of the cell holds for all its samples.
  struct Apply: Equatable, Sendable {
    var run: Int
    var nOld: Int, nNew: Int, sections: Int
    var counts: ChangesetCounts
    var minMoves: Int
    var verified: Bool
    var step: Int?
    var minStages: Int?
  }
  var applies: [Apply] = []
  /// One sample: its apply (an index into `applies`) and its figures.
  struct Sample: Sendable {
    var apply: Int32
    var sample: Int32
    var first: UInt64  // wall nanoseconds, or instructions
    var second: UInt64  // CPU nanoseconds
    var allocatedBytes: UInt64
    var peakBytes: UInt64
  }
  var samples: [Sample] = []
  /// Whether the samples are counted (instructions), not timed; a cell's
  /// rows are all one or all the other (a mixed cell keeps report rows).
  var counted = false

  package init() {}

  package init(_ rows: [ReportRow]) {
    for row in rows { append(row) }
  }

  package var count: Int { samples.count }
  package var isEmpty: Bool { samples.isEmpty }
  /// Whether the rows are a trace's (they have an apply number).
  package var isTrace: Bool { applies.first?.step != nil }
  /// Whether the rows are counted (instructions), not timed.
  package var isCounted: Bool { counted }

  package mutating func append(_ row: ReportRow) {
    let (first, second, isCounted): (UInt64, UInt64, Bool)
    switch row.measured {
    case let .time(wall, cpu): (first, second, isCounted) = (wall, cpu, false)
    case let .instructions(count): (first, second, isCounted) = (count, 0, true)
    }
    if samples.isEmpty {
      cell = row.identity
      counted = isCounted
    }
    let thisRun = Run(commit: row.commit, date: row.date, host: row.host, toolchain: row.toolchain)
    if runs.last != thisRun { runs.append(thisRun) }
    let apply = Apply(
      run: runs.count - 1, nOld: row.nOld, nNew: row.nNew, sections: row.sections, counts: row.counts,
      minMoves: row.minMoves, verified: row.verified, step: row.step, minStages: row.minStages)
    if applies.last != apply { applies.append(apply) }
    // Exact for what a bench appends: one kind of measure a cell, samples below 2³¹.
    precondition(isCounted == counted && row.sample >= 0 && row.sample <= Int(Int32.max), "a cell's rows are one kind")
    samples.append(Sample(
      apply: Int32(applies.count - 1), sample: Int32(row.sample), first: first, second: second,
      allocatedBytes: row.allocatedBytes, peakBytes: row.peakBytes))
  }

  /// Keeps only the applies whose step `keep` accepts, and their samples
  /// (a long session thinned as it is timed; a pair's rows have no step).
  package mutating func keepApplies(where keep: (Int) -> Bool) {
    var renumbered = [Int32](repeating: -1, count: applies.count)
    var kept: [Apply] = []
    for (k, apply) in applies.enumerated() where apply.step.map(keep) ?? true {
      renumbered[k] = Int32(kept.count)
      kept.append(apply)
    }
    applies = kept
    samples = samples.compactMap { sample in
      let apply = renumbered[Int(sample.apply)]
      guard apply >= 0 else { return nil }
      var sample = sample
      sample.apply = apply
      return sample
    }
  }

  /// The rows as they were appended.
  package var rows: [ReportRow] {
    samples.map { s in
      let a = applies[Int(s.apply)]
      let r = runs[a.run]
      var row = ReportRow()
      row.identity = cell
      (row.commit, row.date, row.host, row.toolchain) = (r.commit, r.date, r.host, r.toolchain)
      (row.nOld, row.nNew, row.sections) = (a.nOld, a.nNew, a.sections)
      (row.counts, row.minMoves, row.verified, row.step, row.minStages) = (a.counts, a.minMoves, a.verified, a.step, a.minStages)
      row.sample = Int(s.sample)
      row.measured = counted ? .instructions(s.first) : .time(wallNanoseconds: s.first, cpuNanoseconds: s.second)
      (row.allocatedBytes, row.peakBytes) = (s.allocatedBytes, s.peakBytes)
      return row
    }
  }
}

extension CSVReport {
  /// Writes a report a cell at a time, each cell's rows rebuilt only while
  /// they are written: a temporary file, renamed into place.
  package static func write(_ cells: [CellRows], to path: String) throws {
    try writeAtomically(to: path) { write in
      write(header + "\n")
      for cell in cells {
        var text = ""
        for row in cell.rows {
          text += columns.map { CSVTable.escape($0.write(row)) }.joined(separator: ",") + "\n"
          if text.utf8.count >= 1 << 20 {
            write(text)
            text = ""
          }
        }
        write(text)
      }
    }
  }
}
