@testable import DiffBenchmarks
import DiffResults
import DiffVerification
import FaultyStrategies
import SnapshotDiff
import Foundation
import Testing

@Suite struct BenchRunnerTests {
  var tiny: BenchSettings {
    var s = BenchSettings()
    s.minSamples = 4
    s.budgetSeconds = 0
    s.capSeconds = 5
    return s
  }
  let info = RunInfo(commit: "abc1234", date: "2026-11-22T00:00:00Z", host: "test", toolchain: "swift-test")

  func workloads(_ names: String...) -> [Workload] { Workload.all.filter { names.contains($0.name) } }

  @Test func aTimedStrategyCarriesItsNameAndTraitsAndRunsIt() throws {
    let subject = TimedSubject(Contender(Naive()))
    #expect(subject.name == "naive" && subject.traits == Naive().traits)
    let old = try StringSnapshot(sections: [.init("A", items: [.init("a"), .init("b")])])
    let new = try StringSnapshot(sections: [.init("A", items: [.init("b"), .init("a")])])
    #expect(subject.run(old, new) == Naive().changeset(from: old, to: new))
    #expect(TimedSubject.floor.traits == StrategyTraits() && TimedSubject.floor.run(old, new) == nil)
  }

  @Test func aRowPerSampleVerifiedAndWithExactlyTheHeader() throws {
    let runner = BenchRunner(workloads: workloads("random-1e2", "appstore-sections"), settings: tiny, info: info)
    let cells = runner.run()
    #expect(cells.map(\.strategy) == Array(repeating: ["floor", "scan"] + Contenders.library.map(\.name) + ["hashmap+apply"], count: 2).flatMap { $0 })
    for cell in cells {
      #expect(cell.failure == nil && cell.skipped == nil)
      #expect(cell.rows.count == 4, "\(cell.workload) \(cell.strategy)")
      #expect(cell.rows.map(\.sample) == [0, 1, 2, 3])
      #expect(cell.rows.allSatisfy { $0.verified && ($0.wallNanoseconds ?? 0) > 0 && $0.instructions == nil && $0.commit == "abc1234" })
    }
    let hashmap = try #require(cells.first { $0.workload == "appstore-sections" && $0.strategy == "hashmap" })
    #expect(hashmap.rows[0].moves == 5 && hashmap.rows[0].minMoves == 5 && hashmap.rows[0].sections == 3)
    #expect(hashmap.rows[0].nOld == 60 && hashmap.rows[0].nNew == 63)
    // The data source's whole apply: hashmap's changeset, the same counts.
    let apply = try #require(cells.first { $0.workload == "appstore-sections" && $0.strategy == "hashmap+apply" })
    #expect(apply.rows[0].moves == 5 && apply.rows[0].stages == hashmap.rows[0].stages)
    let floor = try #require(cells.first { $0.strategy == "floor" })
    #expect(floor.rows[0].stages == 0 && floor.rows[0].moves == 0 && floor.rows[0].minStages == nil)
    // Every strategy's changeset judged for its fewest stages; none uses more.
    for cell in cells where Yardstick(rawValue: cell.strategy) == nil {
      #expect(cell.rows.allSatisfy { $0.minStages == $0.stages }, "\(cell.workload) \(cell.strategy)")
    }

    let text = CSVReport.text(cells.flatMap(\.rows))
    let lines = text.split(separator: "\n")
    #expect(lines[0] == "commit,date,host,toolchain,workload,strategy,n_old,n_new,sections,sample,wall_ns,cpu_ns,alloc_bytes,peak_bytes,stages,section_ops,deletes,inserts,moves,updates,min_moves,verified,instructions,step,min_stages")
    #expect(lines.count == 1 + 16 * 4)
    #expect(try CSVReport.parse(text, file: "x.csv") == cells.flatMap(\.rows))
  }

  @Test func aWrongStrategyIsMarkedUnverified() {
    let runner = BenchRunner(
      workloads: workloads("appstore-sections"), subjects: [.floor, TimedSubject(Contender(OffByOneMove()))], settings: tiny, info: info)
    let cells = runner.run()
    #expect(cells[1].failure != nil)
    #expect(cells[1].rows.count == 4 && cells[1].rows.allSatisfy { !$0.verified })
    #expect(Summary.table(cells).contains("FAILED verification"))
  }

  /// A stage more than its operations need shows in `min_stages`, and the
  /// rows are unverified (issue 72: the oracle once allowed this one).
  @Test func anExtraStageShowsAgainstTheFewest() throws {
    // A section moved, another updated, an item inserted in the moved one:
    // the reload beside the move would land on the move's destination (a
    // section reload is placed ignoring moves), so they go in two stages,
    // the insert with the move. The planted strategy keeps the section
    // updates in a stage of their own: three.
    let needed = Workload(name: "moved-and-updated", quick: true, items: 1) {
      (SnapshotDraft(sections: [.init(id: "S1"), .init(id: "S2")]),
       SnapshotDraft(sections: [.init(id: "S2", items: [("a", "")]), .init(id: "S1", content: "c1")]))
    }
    let both = BenchRunner(
      workloads: [needed], subjects: [.floor, TimedSubject(Contender(Hashmap())), TimedSubject(Contender(UpdatesSectionsApart()))], settings: tiny, info: info).run()
    #expect(both[1].rows.allSatisfy { $0.stages == 2 && $0.minStages == 2 && $0.verified })
    #expect(both[2].rows.allSatisfy { $0.stages == 3 && $0.minStages == 2 && !$0.verified })
    let table = Summary.table(both)
    #expect(table.contains("updates-sections-apart: too many stages: 3, where the rules allow its operations in 2"), "\(table)")
    #expect(table.split(separator: "\n").contains { $0.contains(" hashmap ") && $0.contains(" 2/2 ") }, "\(table)")
  }

  @Test func allocationColumnsMoveWhenADiffAllocates() throws {
    #expect(AllocationProbe().isAvailable, "jemalloc is not the allocator")
    let runner = BenchRunner(
      workloads: workloads("reversed-10k"), subjects: [.floor, TimedSubject(Contender(Hashmap()))], settings: tiny, info: info)
    let cells = runner.run()
    let hashmap = try #require(cells.last)
    #expect(hashmap.rows.allSatisfy { $0.allocatedBytes > 100_000 && $0.peakBytes > 100_000 })
    #expect(hashmap.rows.allSatisfy { $0.peakBytes <= $0.allocatedBytes })
    #expect(hashmap.rows[0].moves == 9_999)
    // At least the moves the changeset holds (16 bytes each). In this test
    // process of many threads the peak is jemalloc's thread peak, read with
    // the changeset still held; exact peaks need a process of one thread
    // (`MeasurementTests`, and the bench command's test).
    #expect(hashmap.rows.allSatisfy { $0.peakBytes >= 9_999 * 16 })
  }

  /// A pair of long ids (UUIDs, each a heap object) is estimated at the
  /// rate calibrated on long ids, a pair of short ones at the short-id
  /// rate; a subject with no long-id rate keeps its short one.
  @Test func aPairIsEstimatedAtTheRateOfItsIDs() throws {
    let naive = TimedSubject(Contender(Naive())), stdlib = TimedSubject(Contender(Stdlib()))
    let calibration = Calibration(secondsPerUnit: ["naive": 1e-9, "stdlib": 3e-9], secondsPerUnitLongIDs: ["naive": 2e-9])
    let (a, b) = random(count: 1_000), (c, d) = uuids(count: 1_000)
    let short = WorkEstimate(old: try a.snapshot(), new: try b.snapshot())
    let long = WorkEstimate(old: try c.snapshot(), new: try d.snapshot())
    #expect(!short.longIDs && long.longIDs)
    #expect(calibration.estimate(naive, short) == 1e-9 * short.units(naive.traits.cost))
    #expect(calibration.estimate(naive, long) == 2e-9 * long.units(naive.traits.cost))
    #expect(calibration.estimate(stdlib, long) == 3e-9 * long.units(stdlib.traits.cost))
  }

  /// The skip rule itself, on given rates: a cell whose one sample is
  /// estimated over a third of the cap is skipped, one under it runs. The
  /// machine's speed never decides it (the rates are not measured here).
  @Test func quadraticCellsOverTheCapAreSkippedAndListed() throws {
    var settings = tiny
    settings.capSeconds = 0.003
    let subjects = [TimedSubject.floor, TimedSubject(Contender(Naive())), TimedSubject(Contender(Stdlib()))]
    // reversed-10k's layout at 2,000 items: the estimates below are set, and
    // the measured cells are quadratic in a debug build.
    let reversed = Workload(name: "reversed-2k", quick: true, items: 2_000) { DiffBenchmarks.reversed(count: 2_000) }
    let pair = reversed.pair()
    let work = WorkEstimate(old: pair.old, new: pair.new)
    func run(secondsPerUnit rate: (TimedSubject) -> Double) -> [CellResult] {
      var runner = BenchRunner(workloads: [reversed], subjects: subjects, settings: settings, info: info)
      runner.calibration = Calibration(
        secondsPerUnit: Dictionary(uniqueKeysWithValues: subjects.dropFirst().map { ($0.name, rate($0)) }))
      return runner.run()
    }
    // Estimated at 1.5 ms a sample (half the cap): skipped, and listed.
    let over = run(secondsPerUnit: { 0.0015 / work.units($0.traits.cost) })
    #expect(over[0].skipped == nil && !over[0].rows.isEmpty)
    #expect(over[1].skipped != nil && over[1].rows.isEmpty && abs((over[1].estimatedSeconds ?? 0) - 0.0015) < 1e-9)
    #expect(over[2].skipped != nil && over[2].rows.isEmpty)
    #expect(Summary.table(over).contains("reversed-2k naive: estimated"))
    // Estimated at 0.9 ms (under a third): verified, then skipped if its
    // checked call took over the third (a debug build's quadratic calls
    // may), else measured; never skipped by the estimate.
    let under = run(secondsPerUnit: { 0.0009 / work.units($0.traits.cost) })
    #expect(!under[0].rows.isEmpty)
    for cell in under.dropFirst() {
      #expect(cell.skipped.map { $0.hasPrefix("its checked call took") } ?? !cell.rows.isEmpty, "\(cell.skipped ?? "")")
    }
  }

  /// A cost model that underestimates is caught by the call that verifies
  /// its cell: a subject estimated at nothing whose diff sleeps 50 ms is
  /// skipped under a 30 ms cap (10 ms allowed) after that one call, and
  /// listed with what it took; under a 3 s cap it is measured.
  @Test func aCellWhoseCheckedCallTakesOverTheLimitIsSkipped() throws {
    let slow = TimedSubject(Contender(SlowerThanItsModel(sleep: 0.05)))
    func run(cap: Double) -> CellResult {
      var settings = tiny
      (settings.capSeconds, settings.maxSamples) = (cap, 1)
      var runner = BenchRunner(workloads: workloads("random-1e2"), subjects: [slow], settings: settings, info: info)
      runner.calibration = Calibration(secondsPerUnit: [slow.name: 0])
      return runner.run()[0]
    }
    let skipped = run(cap: 0.03)
    #expect(skipped.skipped?.hasPrefix("its checked call took") == true && skipped.rows.isEmpty, "\(skipped.skipped ?? "measured")")
    #expect(skipped.estimatedSeconds == 0)
    let measured = run(cap: 3)
    #expect(measured.skipped == nil && measured.rows.count == 1)
  }

  /// Only the prepared diff is timed: a strategy that converts its input in
  /// `prepareDiff` (8 MiB here) shows none of it in its timed rows. A
  /// strategy without sections is skipped, "no sections", where there are some.
  @Test func theTimedRegionHoldsOnlyThePreparedDiffAndFlatStrategiesSkipSections() throws {
    let ballast = 8 << 20
    let runner = BenchRunner(
      workloads: workloads("dk-5k", "appstore-sections"), subjects: [.floor, TimedSubject(Contender(ConvertsItsInput(ballast: ballast)))],
      settings: tiny, info: info)
    let cells = runner.run()
    let flat = try #require(cells.first { $0.workload == "dk-5k" && $0.strategy == "converts-its-input" })
    #expect(flat.skipped == nil && flat.failure == nil && !flat.rows.isEmpty)
    #expect(flat.rows.allSatisfy { $0.allocatedBytes < UInt64(ballast) / 2 }, "\(flat.rows.map(\.allocatedBytes))")
    let sectioned = try #require(cells.first { $0.workload == "appstore-sections" && $0.strategy == "converts-its-input" })
    #expect(sectioned.skipped == "no sections" && sectioned.rows.isEmpty)
  }

  /// A cell's rows are held compact (``CellRows``) and given back exactly;
  /// the report and the summaries made a cell at a time are those made from
  /// all the rows at once.
  @Test func compactRowsGiveTheSameReportAndSummaries() throws {
    var settings = tiny
    settings.samplesPerApply = 2
    let cells = BenchRunner(workloads: workloads("appstore-sections", "trace-appstore"), settings: settings, info: info).run()
    let rows = cells.flatMap(\.rows)
    #expect(rows.count > 7 * 100 * 2)
    for cell in cells { #expect(CellRows(cell.rows).rows == cell.rows) }
    #expect(CellResult.summaries(cells) == CellSummary.summaries(of: rows))
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("compact-\(UUID().uuidString).csv").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try CSVReport.write(cells.map(\.storage), to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == CSVReport.text(rows))
    #expect(try CSVReport.read(contentsOf: path) == rows)
  }

  /// A snapshot operation is a cell of its own subject, `snapshot`: timed
  /// like a diff, no changeset, and shown beside ListKit's published figures.
  @Test func aSnapshotOperationIsOneCellOfItsOwnSubject() throws {
    let runner = BenchRunner(
      workloads: workloads("snapshot-build-100x100", "snapshot-index-path-100x-10k", "appstore-sections"), settings: tiny, info: info)
    let cells = runner.run()
    #expect(cells.filter { $0.workload.hasPrefix("snapshot-") }.map(\.strategy) == ["snapshot", "snapshot"])
    #expect(cells.filter { $0.workload == "appstore-sections" }.count == TimedSubject.benched(Contenders.all).count)
    for cell in cells where cell.strategy == "snapshot" {
      #expect(cell.failure == nil && cell.skipped == nil && cell.rows.count == 4)
      #expect(cell.rows.allSatisfy { $0.verified && ($0.wallNanoseconds ?? 0) > 0 && $0.stages == 0 && $0.nOld == 0 })
    }
    let table = try #require(Summary.snapshotTable(cells))
    #expect(table.contains("ListKit's README") && table.split(separator: "\n").count == 4)
    let build = try #require(table.split(separator: "\n").first { $0.hasPrefix("snapshot-build-100x100") })
    #expect(build.contains("3.980") && build.contains("0.060"), "\(build)")
    #expect(Summary.snapshotTable(cells.filter { $0.strategy != "snapshot" }) == nil)
    // Counted: the instructions, no time, no ratio.
    var counted = ReportRow()
    (counted.workload, counted.strategy, counted.instructions) = ("snapshot-build-10k", "snapshot", 1234)
    let countedTable = try #require(Summary.snapshotTable([
      CellResult(workload: "snapshot-build-10k", strategy: "snapshot", rows: [counted], skipped: nil, failure: nil)
    ]))
    #expect(countedTable.contains("1234 instr") && countedTable.hasSuffix("-"), "\(countedTable)")
  }

  /// Each operation does what its name says, checked on its own input.
  @Test func snapshotOperationsDoWhatTheyAreNamedFor() throws {
    let one = Workload.oneSection(Workload.labels(10))
    #expect(one.itemIdentifiers == (0..<10).map { "item-\($0)" } && one.numberOfSections == 1)
    for workload in Workload.all where workload.name.hasPrefix("snapshot-") {
      guard case .snapshot(let operation) = workload.source else {
        Issue.record("\(workload.name) is not a snapshot operation")
        continue
      }
      operation.prepare()()  // runs: no trap, no throw
      #expect((operation.published != nil) == !["snapshot-append-one-by-one-10k", "snapshot-index-path-100x-10k"].contains(workload.name))
    }
  }

  @Test func workloadsMatchTheirDescriptions() throws {
    let dk = try #require(Workload.all.first { $0.name == "dk-5k" }).pair()
    #expect(dk.old.numberOfItems == 5_000 && dk.new.numberOfItems == 5_000)
    #expect(dk.new.allItems[3_000].id == "n0" && dk.new.allItems[2_999].id.hasPrefix("i"))
    #expect(!dk.new.itemIdentifiers.contains("i2000") && dk.new.itemIdentifiers.contains("i3000"))
    let sections = try #require(Workload.all.first { $0.name == "sections-10x10k" }).pair()
    #expect(sections.old.numberOfSections == 10 && sections.new.numberOfSections == 10)
    #expect(sections.old.numberOfItems == 100_000)
    // Names are CSV keys: one workload a name (each documented: VerifyCommandTests).
    #expect(Set(Workload.names).count == Workload.names.count)
  }

  /// The sessions of real shapes: a front page of 30 stories whose
  /// contents change nearly every refresh; a ranking of 3,500 in 36
  /// categories with about 110 in, 110 out, 1,800 changed and 60 moved a day.
  @Test func theRealShapedSessionsHaveTheirShape() throws {
    func trace(_ name: String) throws -> TraceSource {
      let workload = try #require(Workload.all.first { $0.name == name })
      guard case .trace(let make) = workload.source else { throw CorpusError(file: name, message: "not a trace") }
      return try make()
    }
    let front = try trace("trace-frontpage")
    var previous = try #require(try front.next()).snapshot
    var applies = 0, changedMost = 0
    while let next = try front.next()?.snapshot {
      applies += 1
      #expect(next.numberOfItems == 30 && next.numberOfSections == 1)
      let before = Dictionary(uniqueKeysWithValues: previous.allItems.map { ($0.id, $0.content) })
      let changed = next.allItems.filter { before[$0.id] != nil && before[$0.id]! != $0.content }.count
      if changed >= 20 { changedMost += 1 }
      previous = next
    }
    #expect(applies == 500 && changedMost > 450)
    let ranking = try trace("trace-ranking")
    let first = try #require(try ranking.next()).snapshot
    #expect(first.numberOfItems == 3_500 && first.numberOfSections == 36)
    let second = try #require(try ranking.next()).snapshot
    let old = Set(first.itemIdentifiers), new = Set(second.itemIdentifiers)
    #expect((90...130).contains(old.subtracting(new).count) && (90...130).contains(new.subtracting(old).count))
    let before = Dictionary(uniqueKeysWithValues: first.allItems.map { ($0.id, $0.content) })
    let changed = second.allItems.filter { before[$0.id] != nil && before[$0.id]! != $0.content }.count
    #expect((1_600...2_000).contains(changed), "\(changed)")
  }

  /// The outline workloads are an outline's visible rows: expanding every
  /// row shows all 5,010 under the 10 roots, and the session's applies are
  /// mostly one block of rows shown or hidden below a row.
  @Test func theOutlineWorkloadsAreVisibleRows() throws {
    let all = try #require(Workload.all.first { $0.name == "outline-expand-all-5k" }).pair()
    #expect(all.old.itemIdentifiers == (0..<10).map { "root-\($0)" } && all.new.numberOfItems == 5_010)
    #expect(all.new.itemIdentifiers.starts(with: ["root-0", "folder-0-0", "file-0-0-0"]))
    let workload = try #require(Workload.all.first { $0.name == "outline-3-level-5k" })
    guard case .trace(let make) = workload.source else { throw CorpusError(file: workload.name, message: "not a trace") }
    let session = try make()
    var previous = try #require(try session.next()).snapshot.itemIdentifiers
    var applies = 0, blocks = 0
    while let next = try session.next()?.snapshot.itemIdentifiers {
      applies += 1
      // One block inserted or removed in place: the rows before and after it agree.
      let (short, long) = previous.count < next.count ? (previous, next) : (next, previous)
      let head = zip(short, long).prefix { $0 == $1 }.count
      if short.count < long.count, Array(short[head...]) == Array(long[(head + long.count - short.count)...]) { blocks += 1 }
      previous = next
    }
    #expect(applies == 400 && blocks > 200, "\(blocks) of \(applies)")
  }

  /// Each suite's workloads are what their sources define.
  @Test func theSuitesAreTheirSourcesDefinitions() throws {
    func pair(_ name: String) throws -> (old: StringSnapshot, new: StringSnapshot) {
      try #require(Workload.all.first { $0.name == name }).pair()
    }
    #expect(WorkloadSuite.all.map { $0.workloads.count } == [9, 4, 2, 4])
    let swap = try pair("jsfb-swap-rows-1k")
    var swapped = swap.old.itemIdentifiers
    swapped.swapAt(1, 998)
    #expect(swap.new.itemIdentifiers == swapped && swap.old.itemIdentifiers.prefix(3) == ["1", "2", "3"])
    let update = try pair("jsfb-partial-update-1k")
    let changed = zip(update.old.allItems, update.new.allItems).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
    #expect(changed == Array(stride(from: 0, to: 1_000, by: 10)) && update.new.allItems[10].content!.hasSuffix(" !!!"))
    let replace = try pair("jsfb-replace-all-1k")
    #expect(Set(replace.old.itemIdentifiers).isDisjoint(with: replace.new.itemIdentifiers) && replace.new.itemIdentifiers.first == "1001")
    #expect(try pair("jsfb-remove-row-1k").new.itemIdentifiers.prefix(4) == ["1", "2", "3", "5"])
    #expect(try pair("jsfb-append-1k-to-1k").new.numberOfItems == 2_000 && pair("jsfb-clear-1k").new.numberOfItems == 0)
    let diffUtil = try pair("diffutil-1000-200")
    #expect(diffUtil.old.numberOfItems == 1_000 && diffUtil.old.itemIdentifiers.allSatisfy { $0.count == 36 })
    let dk = try pair("dk-readme-5k")
    #expect(dk.old.numberOfItems == 5_000 && dk.new.numberOfItems == 5_000 && dk.old.itemIdentifiers[0] == dk.old.itemIdentifiers[0].uppercased())
    #expect(Set(dk.old.itemIdentifiers).subtracting(dk.new.itemIdentifiers).count == 1_000)
    #expect(Array(dk.new.itemIdentifiers[200..<2_000]) == Array(dk.old.itemIdentifiers[200..<2_000]))
    guard case .intPair(let make) = try #require(Workload.all.first { $0.name == "listkit-10k-half-overlap" }).source else {
      Issue.record("listkit workloads have Int ids")
      return
    }
    let (old, new) = make()
    #expect(old.itemIdentifiers == Array(0..<10_000) && new.itemIdentifiers == Array(5_000..<15_000))
    #expect(listKitShuffled().sorted() == Array(0..<10_000) && listKitShuffled() != Array(0..<10_000))
  }

  @Test func theHonestWorkloadsAreWhatTheirNamesSay() throws {
    let shuffle = try #require(Workload.all.first { $0.name == "shuffle-100k" }).pair()
    #expect(Set(shuffle.old.itemIdentifiers) == Set(shuffle.new.itemIdentifiers) && shuffle.old != shuffle.new)
    let uuid = try #require(Workload.all.first { $0.name == "uuid-100k" }).pair()
    #expect(uuid.old.allItems.allSatisfy { $0.id.count == 36 && $0.id == $0.id.lowercased() && $0.id.split(separator: "-").count == 5 })
    let random = try #require(Workload.all.first { $0.name == "random-1e5" }).pair()
    #expect(uuid.new.numberOfItems == random.new.numberOfItems)
    // int-100k: random-1e5's edits, Int ids, timed on Int snapshots.
    let ints = try #require(Workload.all.first { $0.name == "int-100k" })
    guard case .intPair(let make) = ints.source else { Issue.record("int-100k is not an Int pair"); return }
    let (old, new) = make()
    #expect(old.numberOfItems == random.old.numberOfItems && new.numberOfItems == random.new.numberOfItems)
    #expect(StringSnapshot.minimumMoves(from: old.strings, to: new.strings) == StringSnapshot.minimumMoves(from: random.old, to: random.new))
    let many = try #require(Workload.all.first { $0.name == "sections-1000x100" }).pair()
    #expect(many.old.numberOfSections == 1_000 && many.old.numberOfItems == 100_000 && many.new.numberOfSections == 1_000)
  }

  @Test func theSessionsHaveTheirApplies() throws {
    var sizes: [Int] = []  // the search's, walked once with the rest
    for (name, applies) in [("trace-paging", 500), ("trace-chat", 1_000), ("trace-search", 20), ("trace-feed", 200), ("trace-appstore", 100), ("trace-frontpage", 500), ("outline-3-level-5k", 400)] {
      let workload = try #require(Workload.all.first { $0.name == name })
      var count = 0, last: Int?
      try workload.forEachApply { apply, step in
        count += 1
        last = step
        guard name == "trace-search" else { return }
        if step == 1 { sizes.append(apply.strings.old.numberOfItems) }
        sizes.append(apply.strings.new.numberOfItems)
      }
      #expect(count == applies && last == applies, "\(name): \(count) applies")
      #expect(workload.applies == applies, "\(name): declared \(workload.applies) applies, for the time left")
    }
    // The search narrows, then widens back to the whole list.
    #expect(sizes.first == 50_000 && sizes.last == 50_000 && sizes[10] < 1_000 && sizes[10] == sizes.min())
  }

  @Test func aTraceIsTimedApplyByApply() throws {
    var settings = tiny
    settings.samplesPerApply = 2
    let runner = BenchRunner(workloads: workloads("trace-appstore"), settings: settings, info: info)
    let cells = runner.run()
    for cell in cells {
      #expect(cell.failure == nil && cell.skipped == nil, "\(cell.strategy): \(cell.failure ?? cell.skipped ?? "")")
      #expect(cell.rows.count == 100 * 2)
      #expect(Set(cell.rows.compactMap(\.step)) == Set(1...100))
    }
    let table = Summary.table(cells)
    #expect(table.contains("trace-appstore  hashmap") && table.contains("> 16.67ms") && table.contains("p99"))
  }

  @Test func aLongSessionIsTimedAtSomeAppliesSpreadOverIt() throws {
    var settings = tiny
    settings.samplesPerApply = 1
    settings.timedApplies = 4
    settings.warmUpBelowSeconds = 0
    let counter = CallCounter()
    let counting = TimedSubject(Contender(CountsItsCalls(counter: counter)))
    // Set rates: calibrating would call the counting subject too.
    var thinned = BenchRunner(workloads: workloads("trace-appstore"), subjects: TimedSubject.benched(Contenders.all) + [counting], settings: settings, info: info)
    thinned.calibration = Calibration()
    let cells = thinned.run()
    for cell in cells {
      #expect(cell.failure == nil && cell.skipped == nil)
      // The stride doubled until 4 of the 100 applies span the session.
      #expect(cell.rows.compactMap(\.step) == [1, 33, 65, 97], "\(cell.strategy)")
      #expect(cell.thinned?.timed == 4 && cell.thinned?.of == 100)
    }
    let thinnedCalls = counter.count
    // A session shorter than the limit is timed whole, and says nothing
    // (one strategy: the thinning is the runner's, not a strategy's).
    settings.timedApplies = 100
    var wholeRunner = BenchRunner(workloads: workloads("trace-appstore"), subjects: [.floor, counting], settings: settings, info: info)
    wholeRunner.calibration = Calibration()
    let whole = wholeRunner.run()
    #expect(whole.allSatisfy { $0.thinned == nil && $0.rows.count == 100 })
    // The session's length is known: only the 4 applies kept were
    // measured, not the 10 the doubling passes through on the way.
    let callsAnApply = (counter.count - thinnedCalls) / 100
    #expect(callsAnApply > 0 && thinnedCalls == 4 * callsAnApply, "\(thinnedCalls) calls for 4 applies, \(callsAnApply) an apply")
  }

  /// The stride the doubling ends at, from the length alone.
  @Test func theFirstStrideIsTheDoublingsLast() {
    var settings = BenchSettings()
    #expect(settings.firstStride(applies: 2_500) == 16)  // 157 kept: trace-ranking's
    #expect(settings.firstStride(applies: 1_000) == 4)
    #expect(settings.firstStride(applies: 250) == 1 && settings.firstStride(applies: 251) == 2)
    settings.timedApplies = 4
    #expect(settings.firstStride(applies: 100) == 32)
    settings.timedApplies = nil
    #expect(settings.firstStride(applies: 100_000) == 1)
  }

  /// A sample follows an untimed call of its own subject while its call
  /// before was short (``BenchSettings/warmUpBelowSeconds``): its last
  /// sample, or for the first the run that measured its peak. So what a
  /// short call finds in the caches is its own work, not that of the
  /// subject timed before it. The warm-up calls are not rows.
  @Test func aShortSampleFollowsACallOfItsOwn() throws {
    func calls(warmUpBelow seconds: Double) -> (calls: Int, rows: Int) {
      let counter = CallCounter()
      var settings = tiny
      settings.warmUpBelowSeconds = seconds
      let cells = BenchRunner(
        workloads: workloads("random-1e2"), subjects: [.floor, TimedSubject(Contender(CountsItsCalls(counter: counter)))],
        settings: settings, info: info
      ).run()
      return (counter.count, cells.first { $0.strategy == "counts-its-calls" }?.rows.count ?? 0)
    }
    // Never short (0 s): no sample is warmed. Always short: every sample
    // is, the first too. The calls outside sampling are the same in both.
    let none = calls(warmUpBelow: 0), every = calls(warmUpBelow: .infinity)
    #expect(none.rows == tiny.minSamples && every.rows == tiny.minSamples)
    #expect(every.calls - none.calls == tiny.minSamples, "\(none) \(every)")
  }

  /// The floor samples by the rule, as every subject does, in the
  /// strategies' first rounds (`compare` divides each sample by the floor's
  /// of its round and uses the rounds that have one): neither as long as a
  /// strategy that samples more nor as the scan.
  @Test(arguments: [(3, 0.02, 5.0), (40, 0.0, 0.01)])
  func theFloorSamplesByTheRule(minSamples: Int, budget: Double, cap: Double) throws {
    var settings = tiny
    (settings.minSamples, settings.budgetSeconds, settings.capSeconds, settings.maxSamples) = (minSamples, budget, cap, 40)
    let cells = BenchRunner(
      workloads: workloads("random-1e4"), subjects: [.floor, .scan, TimedSubject(Contender(Hashmap()))], settings: settings,
      info: info
    ).run()
    func rows(_ name: String) throws -> [ReportRow] { try #require(cells.first { $0.strategy == name }).rows }
    let floor = try rows("floor"), hashmap = try rows("hashmap"), scan = try rows("scan")
    var spent = 0.0, ownRounds: Int?
    for (k, row) in floor.enumerated() {
      spent += Double(try #require(row.wallNanoseconds)) / 1e9
      if ownRounds == nil && settings.hasSampledEnough(rounds: k + 1, seconds: spent) { ownRounds = k + 1 }
    }
    #expect(floor.count == (ownRounds ?? 40), "floor \(floor.count), hashmap \(hashmap.count), scan \(scan.count)")
    // Its samples are the rounds 0, 1, …: each is a strategy's round too.
    #expect(floor.map(\.sample) == Array(0..<floor.count))
  }

  @Test func theTimeLeftWeighsCellsByTheirWork() throws {
    let estimate = RunEstimate(settings: BenchSettings(), subjects: TimedSubject.benched(Contenders.all), calibration: Calibration())
    let pair = try #require(Workload.all.first { $0.name == "random-1e3" })
    let ranking = try #require(Workload.all.first { $0.name == "trace-ranking" })
    // 250 timed applies of 3,500 items weigh more than a 1,000-item pair.
    #expect(estimate.seconds(ranking) > estimate.seconds(pair))
    // With all 2,500 applies timed, not the 157 kept: about 16 times.
    var all = estimate
    all.settings.timedApplies = nil
    #expect(all.seconds(ranking) > 10 * estimate.seconds(ranking))
    // The runner reports work done as cells end.
    var seen: [BenchProgress] = []
    var runner = BenchRunner(workloads: workloads("appstore-sections", "random-1e2"), settings: tiny, info: info)
    runner.log = { _, p in seen.append(p) }
    _ = runner.run()
    #expect(seen.last.map { abs($0.workDone - $0.workTotal) < 1e-9 * $0.workTotal && $0.workTotal > 0 } == true)
    #expect(seen.first.map { $0.workDone > 0 && $0.workDone < $0.workTotal } == true)
  }
}


/// Test-only: hashmap behind a conversion that allocates `ballast` bytes of
/// input before the diff, as a peer's adapter converts snapshots; no sections.
struct ConvertsItsInput: ConvertingStrategy {
  var ballast: Int
  var name: String { "converts-its-input" }
  var traits: StrategyTraits { StrategyTraits(moveRule: .minimal, handlesSections: false) }

  func prepareDiff<S: Hashable, I: Hashable, C: Equatable>(
    from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
  ) -> PreparedDiff<S, I, C> {
    let input = [UInt8](repeating: 1, count: ballast)
    return PreparedDiff(diff: { (Hashmap().changeset(from: old, to: new), input.count) }, changeset: { $0.0 })
  }
}

/// Test-only: hashmap after a sleep, with a cost model (whose rate a test sets).
struct SlowerThanItsModel: ConvertingStrategy {
  var sleep: Double
  var name: String { "slower-than-its-model" }
  var traits: StrategyTraits { StrategyTraits(moveRule: .minimal, cost: .productOfSizes) }

  func prepareDiff<S: Hashable, I: Hashable, C: Equatable>(
    from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
  ) -> PreparedDiff<S, I, C> {
    PreparedDiff(diff: { Thread.sleep(forTimeInterval: sleep); return Hashmap().changeset(from: old, to: new) }, changeset: { $0 })
  }
}

/// Test-only: hashmap, counting the calls of its prepared diff.
struct CountsItsCalls: ConvertingStrategy {
  let counter: CallCounter
  var name: String { "counts-its-calls" }
  var traits: StrategyTraits { StrategyTraits(moveRule: .minimal) }

  func prepareDiff<S: Hashable, I: Hashable, C: Equatable>(
    from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
  ) -> PreparedDiff<S, I, C> {
    PreparedDiff(diff: { counter.add(); return Hashmap().changeset(from: old, to: new) }, changeset: { $0 })
  }
}

final class CallCounter: @unchecked Sendable {  // `calls` is guarded by `lock`
  private let lock = NSLock()
  private var calls = 0
  var count: Int { lock.withLock { calls } }
  func add() { lock.withLock { calls += 1 } }
}
