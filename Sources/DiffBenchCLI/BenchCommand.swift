import ArgumentParser
import DiffBenchmarks
import DiffFuzzing
import DiffVerification
import Foundation
import SnapshotDiff

struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Time every strategy on the workload grid; print a summary and write a CSV report.",
    discussion: """
      Each strategy's changeset is verified once before it is timed (a failure marks its rows
      verified=false and the exit status is 1). Then a warm-up, and samples taken round by round
      across strategies: at least 15 per cell or 1 s of timed work, whichever ends later, within
      a cap of 10 s or 100 samples. A strategy whose cost model is not linear (naive, stdlib,
      myers) is skipped on a workload where its estimated sample time is over a third of the
      cap. Build with `-c release` (make bench does).
      """)

  @Flag(help: "The quick workloads with a short budget: about two minutes.")
  var quick = false

  @Option(help: "Only workloads whose name starts with this (repeatable).")
  var filter: [String] = []

  @Option(help: "The report to write (default: results/<commit>.csv).")
  var out: String?

  func run() throws {
    var workloads = quick ? Workload.all.filter(\.quick) : Workload.all
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
    let path = out ?? "results/\(info.commit).csv"
    var runner = BenchRunner(
      workloads: workloads, subjects: [.floor] + Contenders.all.map(TimedSubject.init),
      settings: quick ? .quick : BenchSettings(), info: info)
    runner.log = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    printError("bench: \(workloads.count) workloads, commit \(info.commit), \(info.toolchain), jemalloc \(AllocationProbe.version ?? "?")")
    let cells = runner.run()
    print(Summary.table(cells))
    try CSVReport.write(cells.flatMap(\.rows), to: path)
    print("\nwrote \(path) (\(cells.reduce(0) { $0 + $1.rows.count }) rows)")
    if cells.contains(where: { $0.failure != nil }) { throw ExitCode(1) }
  }
}
