import ArgumentParser
import DiffBenchmarks
import DiffResults
import DiffFuzzing
import DiffVerification
import Foundation
import SnapshotDiff

struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Time (or count) every strategy on the workload grid, or on your own files; print a summary and write a CSV report.",
    discussion: """
      With no PATH, the built-in grid (`diffbench list`). With paths, every corpus file (a pair) \
      and .jsonl trace in them (folders recursively), each a workload named by its file name \
      without extension. A trace is a session: each apply is timed (or counted) on the state the \
      one before left, strategies interleaved, a row per sample with its `step`; the summary gives \
      per trace × strategy the session's total, the median, p99 and max per apply, and the applies \
      over a frame at 120 Hz (8.33 ms) and 60 Hz (16.67 ms), by CPU time and, beside it, by wall time.

      Each strategy's changeset is verified once, natively (a failure marks its rows \
      verified=false and the exit status is 1). Two yardsticks run beside the strategies: \
      `floor` (a hash table of the old ids, a lookup of every new id) and `scan` (both snapshots \
      read once, ids compared position by position); the summary gives each cell × both. \
      `hashmap+apply` is DiffableDataSource.apply with hashmap: the whole apply an app makes (each \
      timed call first puts the old snapshot back with applySnapshotUsingReloadData).

      Timed (the default): a warm-up, then samples taken round by round across strategies, the \
      floor among them, a sample under 1 ms right after an untimed call of its own: at least 15 per cell and 1 s of timed work, or 8 and 2 s, within a \
      cap of 10 s or 100 samples. A strategy whose cost model is not linear (naive, stdlib, \
      myers) is skipped where its estimated sample time is over a third of the cap. Writes \
      results/<commit>.csv. Build with `-c release` (make bench does).

      Counted (--instructions): per workload, a child under valgrind's callgrind runs each \
      strategy once to warm up (on every apply of a trace), then counts one diff's instructions (only the diff: not building \
      the pair, not verifying, not freeing), with hash seeds fixed and jemalloc never purging. One row per \
      cell (per apply of a trace); cells estimated over 60 s under callgrind are skipped. Writes \
      results/<commit>-instructions.csv.
      Exit status: 0 every changeset verified, 1 a strategy failed verification, 2 invalid input \
      or usage (an unreadable file; jemalloc not the allocator; a count that could not run).
      """)

  @Flag(help: "The quick workloads with a short budget: about two minutes.")
  var quick = false

  @Flag(help: "Count instructions under callgrind instead of timing (see the Diffbench article, counted runs): one row per cell, the same run after run. Covers the workloads up to 100,000 items unless --filter names others.")
  var instructions = false

  @Flag(help: "Time every apply of a session. By default a session longer than 250 applies is timed at 126 to 250 of them, spread evenly over it (the Benchmarking article, sessions); the summary says how many.")
  var allApplies = false

  @Option(help: "Only workloads whose name starts with this (repeatable).")
  var filter: [String] = []

  @Option(help: "Only one suite's workloads, another benchmark's as it defines them (repeatable; `diffbench list --suites` names them).")
  var suite: [String] = []

  @Option(help: "The report to write (default: results/<commit>.csv).")
  var out: String?

  @Argument(help: "Corpus files and .jsonl traces, or folders of them, to bench instead of the built-in grid.")
  var paths: [String] = []

  @OptionGroup var progressOption: ProgressOption
  @OptionGroup var uikit: UIKitOption
  @OptionGroup var strategies: StrategyOptions

  func run() throws {
    var workloads = quick ? Workload.all.filter(\.quick) : Workload.all
    if instructions && filter.isEmpty { workloads = workloads.filter(\.countedByDefault) }
    if !paths.isEmpty {
      do {
        workloads = try CorpusCase.files(at: paths, traces: true).map(Workload.file)
      } catch {
        printError(error.description)
        throw ExitCode(2)
      }
      // Every file is read here (a trace line by line), so a bad one is a
      // one-line error before any timing.
      for workload in workloads {
        do {
          switch workload.source {
          case .file(let path): _ = try CorpusCase.load(contentsOf: path)
          case .trace(let make):
            let trace = try make()
            while try trace.next() != nil {}
          default: break
          }
        } catch {
          printError(error.description)
          throw ExitCode(2)
        }
      }
      if workloads.isEmpty { throw ValidationError("no .json or .jsonl file in \(paths.joined(separator: ", "))") }
    }
    if !suite.isEmpty {
      let suites = try suite.map { name in
        guard let found = WorkloadSuite.named(name) else {
          throw ValidationError("unknown suite '\(name)'; the suites are \(WorkloadSuite.all.map(\.name).joined(separator: ", "))")
        }
        return found
      }
      workloads = workloads.filter { w in suites.contains { $0.contains(w.name) } }
    }
    if !filter.isEmpty {
      workloads = workloads.filter { w in filter.contains { w.name.hasPrefix($0) } }
      if workloads.isEmpty {
        throw ValidationError("no workload matches \(filter.joined(separator: ", ")); see `diffbench list`")
      }
    }
    guard AllocationProbe().isAvailable else {
      printError("jemalloc is not the allocator: cannot measure allocations (install libjemalloc-dev and rebuild)")
      throw ExitCode(2)
    }
    #if DEBUG
      printError("warning: a debug build; timings mean little (use -c release or make bench)")
    #endif
    let info = RunInfo.current()
    // Named strategies are benched beside the yardsticks alone (a peer's
    // releases, one after another); by default every strategy, and hashmap's apply.
    let subjects = TimedSubject.benched(strategies.selected, applying: strategies.names.isEmpty)
    if instructions {
      let path = out ?? "results/\(info.commit)-instructions.csv"
      var counter = InstructionCounter(workloads: workloads, subjects: subjects, info: info, workerCommand: countWorkerCommand)
      counter.updates = uikit.updates
      let progress = ProgressLine(quiet: progressOption.quiet)
      counter.log = { Self.show($0, at: $1, on: progress) }
      counter.progress = { progress.update("\($0.position) \($0.workload): counting · \(Self.left($0))") }
      defer { progress.finish() }
      printError("bench --instructions: \(workloads.count) workloads, \(Workload.cellCount(workloads, subjects: subjects.count)) cells under callgrind, --uikit \(uikit.target.rawValue), commit \(info.commit), \(info.toolchain)")
      let cells: [CellResult]
      do {
        cells = try counter.run()
      } catch {
        printError(error.description)
        throw ExitCode(2)
      }
      return try finish(cells, path: path)
    }
    let path = out ?? "results/\(info.commit).csv"
    var runner = BenchRunner(
      workloads: workloads, subjects: subjects,
      settings: quick ? .quick : BenchSettings(), info: info)
    runner.settings.updates = uikit.updates
    if allApplies { runner.settings.timedApplies = nil }
    let progress = ProgressLine(quiet: progressOption.quiet)
    runner.log = { Self.show($0, at: $1, on: progress) }
    runner.progress = { p in
      progress.update("\(p.position) \(p.workload)\(p.step.map { " apply \($0)" } ?? ""): sampling · \(Self.left(p))")
    }
    defer { progress.finish() }
    // The summary after each workload: a strategy that traps ends the run
    // (a timed strategy runs in this process), and the cells before it stay.
    // A write that fails here fails again, and is reported, at the end.
    let summary = ReportFile.summaryPath(for: path)
    runner.workloadDone = { done in try? SummaryReport.write(CellResult.summaries(done), to: summary) }
    let cells = Workload.cellCount(workloads, subjects: subjects.count)
    // (No least time: a cell of short samples stops at 100 of them, under its
    // budget, and a skipped one takes none; the progress line estimates.)
    printError(
      "bench: \(workloads.count) workloads, \(cells) cells, --uikit \(uikit.target.rawValue), "
        + "commit \(info.commit), \(info.toolchain), jemalloc \(AllocationProbe.version ?? "?")")
    if let why = AllocationProbe.exactPeakUnavailable() {
      printError("bench: peak_bytes from jemalloc's thread peak (refreshed every 64 KiB), not exact: \(why)")
    }
    try finish(runner.run(), path: path)
  }

  /// A cell's line with its position and the time left: routine lines are
  /// progress (every few seconds, off a terminal), skips and failures stay.
  static func show(_ line: CellLine, at p: BenchProgress, on progress: ProgressLine) {
    let text = "\(p.position) \(line.text) · \(left(p))"
    // The last cell's line ends the progress: shown whatever the interval.
    let stays = line.isNotable || progress.mode == .terminal || (p.cellsDone == p.cellsTotal && progress.mode != .off)
    if stays { progress.note(text) } else { progress.update(text) }
    // On a terminal the line below the notes says where the run is now.
    if progress.mode == .terminal && p.cellsDone < p.cellsTotal { progress.update("\(p.position) \(p.workload) · \(left(p))") }
  }

  /// The time left at the pace of the work done so far
  /// (``BenchProgress/secondsLeft``); by cells in a counted run, which has
  /// no work estimate.
  static func left(_ p: BenchProgress) -> String {
    if p.cellsDone == p.cellsTotal { return "done" }
    let seconds =
      p.workTotal > 0
      ? p.secondsLeft
      : ProgressLine.remaining(done: Double(p.measuredDone), total: Double(p.measuredTotal), elapsed: p.elapsedSeconds)
    return seconds.map { ProgressLine.duration($0) + " left" } ?? "estimating"
  }

  func finish(_ cells: [CellResult], path: String) throws {
    print(Summary.table(cells))
    // A cell at a time: a long session's rows are never all in memory as rows.
    try CSVReport.write(cells.map(\.storage), to: path)
    // The summary beside it is what results/ keeps in git (a row per cell).
    let summary = ReportFile.summaryPath(for: path)
    let summarized = CellResult.summaries(cells)
    try SummaryReport.write(summarized, to: summary)
    // A sampled session's cells all carry its figures: named once.
    var thinned: [String] = []
    var named = Set<String>()
    for cell in cells {
      guard let (timed, of) = cell.thinned, named.insert(cell.workload).inserted else { continue }
      thinned.append("\(cell.workload): \(timed) of \(of) applies")
    }
    if !thinned.isEmpty { print("\nsessions timed at some of their applies (--all-applies times every one): " + thinned.joined(separator: ", ")) }
    print("\nwrote \(path) (\(cells.reduce(0) { $0 + $1.storage.count }) rows) and \(summary) (\(summarized.count) cells)")
    if let snapshots = Summary.snapshotTable(cells) { print("\n" + snapshots) }
    if cells.contains(where: { $0.failure != nil }) { throw ExitCode(1) }
  }
}

struct CountWorkerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "count-worker", abstract: "The child of `bench --instructions`, run under callgrind (internal).",
    shouldDisplay: false)

  @Argument(help: "The workload.") var workload: String
  @Argument(help: "The subjects to count.") var subjects: [String] = []

  func run() throws {
    let all = TimedSubject.benched(Contenders.all)
    let status = InstructionCounter.work(workload: workload, subjects: subjects, all: all)
    if status != 0 { throw ExitCode(status) }
  }
}

/// This executable's counting child.
var countWorkerCommand: [String] { [Bundle.main.executablePath ?? CommandLine.arguments[0], "count-worker"] }
