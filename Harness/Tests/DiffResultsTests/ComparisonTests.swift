import DiffResults
import DiffVerification
import Testing

@Suite struct ComparisonTests {
  func rows(_ strategy: String = "hashmap", wall: [UInt64], moves: Int = 3, stages: Int = 1) -> [ReportRow] {
    wall.enumerated().map { k, ns in
      ReportRow(
        commit: "c", date: "d", host: "h", toolchain: "t", workload: "dk-5k", strategy: strategy, nOld: 5, nNew: 5,
        sections: 1, sample: k, wallNanoseconds: ns, cpuNanoseconds: ns, allocatedBytes: 0, peakBytes: 0, stages: stages,
        sectionOperations: 0, deletes: 1, inserts: 1, moves: moves, updates: 0, minMoves: 3, verified: true)
    }
  }
  let tight: [UInt64] = (0..<20).map { 1_000_000 + UInt64($0 % 5) * 1_000 }

  @Test func identicalIsWithinNoise() {
    let c = Comparison(base: rows(wall: tight), head: rows(wall: tight), threshold: 0.05)
    #expect(c.rows.map(\.verdict) == [.same])
    #expect(c.exitStatus == 0)
  }

  @Test func thirtyPercentSlowerIsSlower() {
    let c = Comparison(base: rows(wall: tight), head: rows(wall: tight.map { $0 * 13 / 10 }), threshold: 0.05)
    #expect(c.rows[0].verdict == .slower)
    #expect(abs(c.rows[0].ratio! - 1.3) < 0.01)
    #expect(c.rows[0].interval!.low > 1.25)
    #expect(c.exitStatus == 1)
  }

  @Test func fasterIsFine() {
    let c = Comparison(base: rows(wall: tight), head: rows(wall: tight.map { $0 / 2 }), threshold: 0.05)
    #expect(c.rows[0].verdict == .faster && c.exitStatus == 0)
  }

  @Test func moreMovesAreFlagged() {
    let c = Comparison(base: rows(wall: tight), head: rows(wall: tight, moves: 4), threshold: 0.05)
    #expect(c.rows[0].verdict == .same)
    #expect(c.rows[0].worse == ["moves 3→4"])
    #expect(c.exitStatus == 1)
    #expect(c.table.contains("MORE moves 3→4"))
  }

  @Test func rowsInOneFileOnly() {
    let c = Comparison(base: rows(wall: tight), head: rows("heckel", wall: tight), threshold: 0.05)
    #expect(c.rows.map(\.verdict) == [.onlyInBase, .onlyInHead])
    #expect(c.exitStatus == 0)
  }

  @Test func aCountedTraceIsJudgedByItsTotalAndItsOpsSummed() {
    func trace(_ instructions: [UInt64], moves: [Int]) -> [ReportRow] {
      instructions.enumerated().map { k, n in
        var row = rows(wall: [1])[0]
        row.wallNanoseconds = nil
        row.cpuNanoseconds = nil
        row.instructions = n
        row.step = k + 1
        row.moves = moves[k]
        return row
      }
    }
    // One apply 10 % worse, another 10 % better: the session's total is the same.
    let c = Comparison(base: trace([1_000, 1_000], moves: [1, 1]), head: trace([1_100, 900], moves: [1, 1]))
    #expect(c.rows.map(\.verdict) == [.same] && c.rows[0].baseValue == 2_000 && c.rows[0].headValue == 2_000)
    // One more move over the session is flagged.
    let worse = Comparison(base: trace([1_000, 1_000], moves: [1, 1]), head: trace([1_000, 1_000], moves: [1, 2]))
    #expect(worse.rows[0].worse == ["moves 2→3"] && worse.exitStatus == 1)
  }

  @Test func malformedReportsNameFileLineAndColumn() {
    let good = CSVReport.text(rows(wall: [1, 2]))
    #expect(throws: CSVReport.ReadError(file: "f", line: 1, column: "3", message: "wrong header: \"hst\" where \"host\" belongs")) {
      try CSVReport.parse(good.replacingOccurrences(of: "host", with: "hst"), file: "f")
    }
    #expect(throws: CSVReport.ReadError(file: "f", line: 3, column: "wall_ns", message: "\"fast\" is not a count")) {
      try CSVReport.parse(good.replacingOccurrences(of: ",2,2,0,0,1,", with: ",fast,2,0,0,1,"), file: "f")
    }
    #expect(throws: CSVReport.ReadError(file: "f", line: 2, column: nil, message: "24 fields, expected 25")) {
      try CSVReport.parse(good.replacingOccurrences(of: ",true,,,\nc", with: ",true,,\nc"), file: "f")
    }
    #expect(throws: CSVReport.ReadError(file: "f", line: 1, column: nil, message: "empty file, expected the header")) {
      try CSVReport.parse("", file: "f")
    }
  }

  /// Rows of one workload from one run (`date`), floor included.
  func run(_ date: String, floor: [UInt64], _ strategy: String, _ wall: [UInt64]) -> [ReportRow] {
    (rows("floor", wall: floor) + rows(strategy, wall: wall)).map { var r = $0; r.date = date; return r }
  }

  @Test func timedCellsAreJudgedAgainstTheFloorOfTheirRound() {
    // Head ran on a machine 30 % slower throughout: the floor and hashmap alike.
    let base = run("d1", floor: tight, "hashmap", tight.map { $0 * 2 })
    let head = run("d2", floor: tight.map { $0 * 13 / 10 }, "hashmap", tight.map { $0 * 26 / 10 })
    let c = Comparison(base: base, head: head)
    let hashmap = c.rows.first { $0.strategy == "hashmap" }!
    #expect(hashmap.basis == .wall && hashmap.verdict == .same && abs(hashmap.ratio! - 1) < 0.01)
    #expect(c.rows.first { $0.strategy == "floor" }!.verdict == .drift)
    #expect(abs(c.drift! - 1.3) < 0.01 && c.exitStatus == 0, "\(c.table)")
    // A real 30 % slowdown on the same machine still shows.
    let slower = Comparison(base: base, head: run("d2", floor: tight, "hashmap", tight.map { $0 * 26 / 10 }))
    #expect(slower.rows.first { $0.strategy == "hashmap" }!.verdict == .slower)
  }

  @Test func withSeveralRunsASideEveryRunMustAgree() {
    // Two runs a side; head's first run is 30 % slower, its second is not.
    let base = run("b1", floor: tight, "hashmap", tight) + run("b2", floor: tight, "hashmap", tight)
    let mixed = run("h1", floor: tight, "hashmap", tight.map { $0 * 13 / 10 }) + run("h2", floor: tight, "hashmap", tight)
    let pooled = Comparison(base: base, head: mixed).rows.first { $0.strategy == "hashmap" }!
    #expect(pooled.verdict == .same)
    let both = run("h1", floor: tight, "hashmap", tight.map { $0 * 13 / 10 }) + run("h2", floor: tight, "hashmap", tight.map { $0 * 13 / 10 })
    #expect(Comparison(base: base, head: both).rows.first { $0.strategy == "hashmap" }!.verdict == .slower)
  }

  func counted(_ strategy: String, _ instructions: UInt64, workload: String = "dk-5k") -> ReportRow {
    var r = rows(strategy, wall: [0])[0]
    r.workload = workload
    r.wallNanoseconds = nil
    r.cpuNanoseconds = nil
    r.instructions = instructions
    return r
  }

  @Test func countedCellsAreJudgedByExactInstructionRatios() {
    let base = [counted("hashmap", 1_000_000), counted("heckel", 2_000_000), counted("myers", 3_000_000)]
    #expect(Comparison(base: base, head: base).rows.allSatisfy { $0.verdict == .same && $0.ratio == 1 && $0.basis == .instructions })
    var head = base
    head[1].instructions = 2_040_000  // 2 % more: over the 1 % threshold
    head[2].instructions = 3_015_000  // 0.5 %: within it
    let c = Comparison(base: base, head: head)
    #expect(c.rows.map(\.verdict) == [.same, .slower, .same])
    #expect(c.exitStatus == 1 && c.table.contains("exact"))
    #expect(Comparison(base: base, head: head, countThreshold: 0.03).exitStatus == 0)
  }

  @Test func aTimedSideAndACountedSideAreNotCompared() {
    let c = Comparison(base: rows(wall: tight), head: [counted("hashmap", 5)])
    #expect(c.rows[0].verdict == .incomparable && c.exitStatus == 0)
  }

  @Test func theMedianIntervalComesFromOrderStatistics() {
    // 100 values 1…100: the 40th and 61st smallest, the textbook ranks of a
    // 95 % interval for the median of 100.
    let run = Statistics.medianInterval((1...100).map(Double.init).reversed())
    #expect(run == FloorQuotients(count: 100, median: 50.5, low: 40, high: 61))
    // Few values: the extremes.
    #expect(Statistics.medianInterval([3, 1, 2]) == FloorQuotients(count: 3, median: 2, low: 1, high: 3))
    #expect(Statistics.median([3, 1, 2]) == 2 && Statistics.quantile([1, 2, 3, 4, 5], 0.9) == 4.6)
  }
}
