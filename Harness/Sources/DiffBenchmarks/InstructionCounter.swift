import CCallgrind
import Dispatch
import DiffProcesses
import DiffResults
import DiffVerification
import Foundation
import SnapshotDiff
import Synchronization

/// Counted runs (the diffbench article, counted runs): the instructions each diff executes, under
/// valgrind's callgrind, which stays the same run after run where wall time
/// drifts by tens of percent.
///
/// The parent verifies every subject natively (as a timed run does) and
/// skips the cells that would take too long; then, per workload, it runs a
/// child — `diffbench count-worker` — under `valgrind --tool=callgrind
/// --collect-atstart=no` in ``deterministicEnvironment``. The child
/// builds the pair, runs each subject once to warm up, then once more with
/// collection on only around the diff, and dumps callgrind's counters under
/// the subject's name. Building the pair, verifying and freeing are not
/// counted. One row per cell, `sample` 0, the times empty.
package struct InstructionCounter {
  package var workloads: [Workload]
  package var subjects: [TimedSubject]
  package var info: RunInfo
  /// The child command, e.g. `[diffbench, "count-worker"]`.
  package var workerCommand: [String]
  /// Cells whose estimated time under callgrind exceeds this are skipped.
  package var capSeconds = 60.0
  /// The UIKit each changeset is verified against (`--uikit`).
  package var updates = BatchUpdate.UpdateKind.reconfigure
  /// How much slower code runs under callgrind than natively (measured
  /// here: 40–60×), for the skip estimate.
  package static let slowdown = 50.0
  /// A line a cell, after its workload, with where the run is then.
  package var log: (CellLine, BenchProgress) -> Void = { _, _ in }
  /// Where the run is when a workload starts (its count takes a while).
  package var progress: (BenchProgress) -> Void = { _ in }

  package init(workloads: [Workload], subjects: [TimedSubject], info: RunInfo, workerCommand: [String]) {
    self.workloads = workloads
    self.subjects = subjects
    self.info = info
    self.workerCommand = workerCommand
  }

  /// What went wrong with counting itself (not with a strategy).
  package struct CountError: Error, CustomStringConvertible {
    package var description: String
  }

  /// What makes a count the same run after run: hash tables that probe the
  /// same way, and a jemalloc that never purges freed pages. It purges when
  /// enough wall time has passed since the last purge, so a count taken on
  /// a loaded machine ran more of its code (`trace-frontpage` stdlib: 1.1 %
  /// more instructions with three busy loops beside it, measured).
  package static let deterministicEnvironment = [
    "SWIFT_DETERMINISTIC_HASHING": "1",
    "MALLOC_CONF": "dirty_decay_ms:-1,muzzy_decay_ms:-1",
  ]

  /// The path of `valgrind`, or `nil` when it is not installed.
  package static var valgrind: String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
      let path = "\(folder)/valgrind"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }

  package func run() throws(CountError) -> [CellResult] {
    guard let valgrind = Self.valgrind else {
      throw CountError(description: "valgrind is not installed (make installs it: apt-get install valgrind)")
    }
    // valgrind 3.19 cannot read the DWARF of today's Swift toolchains ("possibly
    // corrupted debuginfo"): it counts a copy without debug sections, the same code.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-count-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let child = try Self.strippedCopy(of: workerCommand[0], in: scratch)
    let calibration = Calibration.measure(subjects, for: workloads)
    let started = Clock.wall()
    // Each workload's count is its own callgrind child, single-threaded:
    // two run side by side on two cores (their counts are per process, so
    // the same as run alone), the lines logged as each workload finishes.
    let lanes = max(1, min(ProcessInfo.processInfo.activeProcessorCount, Self.lanes, workloads.count))
    let state = Mutex(Lanes(order: Self.order(workloads), position: BenchProgress(cellsTotal: Workload.cellCount(workloads, subjects: subjects.count))))
    nonisolated(unsafe) let counter = self
    DispatchQueue.concurrentPerform(iterations: lanes) { _ in
      while let k = state.withLock({ $0.take() }) {
        let workload = counter.workloads[k]
        state.withLock {
          $0.position.workload = workload.name
          $0.position.elapsedSeconds = Double(Clock.wall() - started) / 1e9
          counter.progress($0.position)
        }
        let outcome = Result { () throws(CountError) in
          try counter.cells(of: workload, calibration: calibration, valgrind: valgrind, child: [child] + counter.workerCommand.dropFirst())
        }
        state.withLock { lanes in
          lanes.results[k] = outcome
          guard case .success(let cells) = outcome else { lanes.failed = true; return }
          for cell in cells {
            lanes.position.cellsDone += 1
            if cell.skipped != nil { lanes.position.cellsSkipped += 1 }
            lanes.position.elapsedSeconds = Double(Clock.wall() - started) / 1e9
            if let line = Self.line(cell, workload: workload.name) { counter.log(line, lanes.position) }
          }
        }
      }
    }
    var results: [CellResult] = []
    for outcome in state.withLock({ $0.results }) {
      guard let outcome else { continue }  // not started after another workload failed
      results += try outcome.get()
    }
    return results
  }

  /// How many workloads are counted at once, at most (one per core).
  static let lanes = 2

  /// The order the lanes take workloads in: the most counting work first
  /// (items times applies, every apply being counted), so that no lane is
  /// left counting one long session alone at the end. In the run's order,
  /// `trace-frontpage` came last and took a minute of `make perf-check`'s
  /// three on one lane.
  static func order(_ workloads: [Workload]) -> [Int] {
    func weight(_ k: Int) -> Int { max(1, workloads[k].items) * max(1, workloads[k].applies) }
    return workloads.indices.sorted { weight($0) > weight($1) || (weight($0) == weight($1) && $0 < $1) }
  }

  /// The counting lanes' shared state: the workloads in the order they are
  /// taken, each workload's outcome in the run's order, and where the run is.
  struct Lanes: Sendable {
    let order: [Int]
    var next = 0
    var failed = false
    var results: [Result<[CellResult], CountError>?]
    var position: BenchProgress

    init(order: [Int], position: BenchProgress) {
      self.order = order
      results = Array(repeating: nil, count: order.count)
      self.position = position
    }

    /// The next workload to count, or `nil` when all are taken or one failed.
    mutating func take() -> Int? {
      guard !failed, next < order.count else { return nil }
      defer { next += 1 }
      return order[next]
    }
  }

  /// One workload's cells: every apply verified natively, then counted in one child.
  func cells(of workload: Workload, calibration: Calibration, valgrind: String, child: [String]) throws(CountError) -> [CellResult] {
    let subjects = workload.snapshotSubject.map { [$0] } ?? subjects
    var cells = subjects.map { CellResult(workload: workload.name, strategy: $0.name, rows: [], skipped: nil, failure: nil) }
    // Each apply verified natively first; it waits for the counts.
    var applies: [PreparedApply] = []
    do {
      try workload.forEachApply { apply, step in
        let (old, new) = apply.strings
        applies.append(PreparedApply(
          old, new, step: step, subjects: subjects, cells: &cells,
          estimate: { calibration.estimate($0, $1).map { $0 * Self.slowdown } }, limit: capSeconds, updates: updates
        ) { skip in
          // No measured limit is given here: every skip is an estimate's.
          guard case .estimated(let seconds) = skip else { return "\(skip)" }
          return String(format: "estimated %.0f s under callgrind%@, over the %.0f s cap", seconds, step.map { " at apply \($0)" } ?? "", capSeconds)
        })
      }
    } catch {
      throw CountError(description: error.description)
    }
    let counted = subjects.indices.filter { cells[$0].skipped == nil }
    let measured = try count(workload: workload, subjects: counted.map { subjects[$0].name }, valgrind: valgrind, child: child)
    for k in counted {
      for apply in applies {
        let key = Self.key(subjects[k].name, apply.step)
        guard let m = measured[key], apply.counts[k] != nil else {
          throw CountError(description: "\(workload.name) \(key): the counting child reported nothing")
        }
        cells[k].storage.append(apply.row(
          k, of: cells[k], info: info, measured: .instructions(m.instructions), allocatedBytes: m.allocatedBytes,
          peakBytes: m.peakBytes))
      }
    }
    return cells
  }

  /// A cell's line: its total, or why it was skipped or failed; `nil` for a cell with no rows.
  static func line(_ cell: CellResult, workload: String) -> CellLine? {
    if let reason = cell.skipped {
      return CellLine(text: "\(workload) \(cell.strategy): skipped (\(reason))", isNotable: true)
    }
    guard !cell.storage.isEmpty else { return nil }
    let total = cell.rows.reduce(UInt64(0)) { $0 + ($1.instructions ?? 0) }
    let text = "\(workload) \(cell.strategy): \(total) instructions" + (cell.storage.count > 1 ? " in \(cell.storage.count) applies" : "")
      + (cell.failure.map { " — FAILED: \($0)" } ?? "")
    return CellLine(text: text, isNotable: cell.failure != nil)
  }

  /// How a counted region is named in callgrind's dump: the subject, and
  /// the apply of a trace.
  static func key(_ subject: String, _ step: Int?) -> String { step.map { "\(subject)@\($0)" } ?? subject }

  struct Measured {
    var instructions: UInt64
    var allocatedBytes: UInt64
    var peakBytes: UInt64
  }

  /// Runs the counting child for one workload under callgrind.
  func count(workload: Workload, subjects: [String], valgrind: String, child: [String]) throws(CountError) -> [String: Measured] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-count-\(UUID().uuidString)").path
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw CountError(description: "cannot create \(folder): \(error)")
    }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let arguments = [
      valgrind, "--tool=callgrind", "--collect-atstart=no", "--callgrind-out-file=\(folder)/callgrind.out", "--dump-line=no",
      "--combine-dumps=yes",  // a trace's thousands of counted applies in one file
    ] + child + [workload.argument] + subjects
    let run: ChildProcess.Output
    do {
      run = try ChildProcess.run(arguments, environment: Self.deterministicEnvironment)
    } catch {
      throw CountError(description: "cannot run valgrind: \(error)")
    }
    guard run.status == 0 else {
      throw CountError(description: "\(workload.name): the counting child failed (status \(run.status.map(String.init) ?? "killed by a signal"))")
    }
    let output = run.text
    // The child's lines: "KEY ALLOCATED PEAK"; the dumps: one part per key, in one file.
    var memory: [String: (UInt64, UInt64)] = [:]
    for line in output.split(separator: "\n") {
      let fields = line.split(separator: " ")
      if fields.count == 3, let a = UInt64(fields[1]), let p = UInt64(fields[2]) { memory[String(fields[0])] = (a, p) }
    }
    var result: [String: Measured] = [:]
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("callgrind.out") }
    for file in files {
      guard let text = try? String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8) else { continue }
      for (reason, total) in Self._parseDumps(text) {
        guard let (allocated, peak) = memory[reason] else { continue }
        result[reason] = Measured(instructions: total, allocatedBytes: allocated, peakBytes: peak)
      }
    }
    return result
  }

  /// A copy of `executable` without debug sections (`strip --strip-debug`).
  static func strippedCopy(of executable: String, in folder: String) throws(CountError) -> String {
    let copy = "\(folder)/\((executable as NSString).lastPathComponent)"
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: executable, toPath: copy)
    } catch {
      throw CountError(description: "cannot copy \(executable) to \(folder): \(error)")
    }
    guard let strip = try? ChildProcess.run(["strip", "--strip-debug", copy]) else {
      throw CountError(description: "cannot run strip (binutils)")
    }
    guard strip.status == 0 else { throw CountError(description: "strip --strip-debug \(copy) failed") }
    return copy
  }

  /// Every part of a (combined) dump file written by a client request: its
  /// name and its total. Parts start with `part:`; a file of one dump has none.
  package static func _parseDumps(_ text: String) -> [(String, UInt64)] {
    var parts: [(String, UInt64)] = []
    var current: [Substring] = []
    func close() {
      if let part = _parseDump(current.joined(separator: "\n")) { parts.append(part) }
      current = []
    }
    for line in text.split(separator: "\n") {
      if line.hasPrefix("part: ") { close() }
      current.append(line)
    }
    close()
    return parts
  }

  /// The reason a dump was written (`desc: Trigger: Client Request: NAME`)
  /// and its total instruction count (`totals:` or `summary:`).
  package static func _parseDump(_ text: String) -> (String, UInt64)? {
    var reason: String?, total: UInt64?
    for line in text.split(separator: "\n") {
      if line.hasPrefix("desc: Trigger: Client Request: ") {
        reason = String(line.dropFirst("desc: Trigger: Client Request: ".count))
      } else if line.hasPrefix("totals: ") || (total == nil && line.hasPrefix("summary: ")) {
        total = line.split(separator: " ").dropFirst().first.flatMap { UInt64($0) }
      }
    }
    guard let reason, let total else { return nil }  // a termination dump names no request
    return (reason, total)
  }

  /// The child: counts each subject's diff on each apply of one workload
  /// (a built-in name, or a file's path). Prints a line `KEY ALLOCATED PEAK`
  /// per counted region (``key(_:_:)``); callgrind writes the counts.
  package static func work(workload argument: String, subjects names: [String], all: [TimedSubject]) -> Int32 {
    guard let workload = Workload.resolve(argument) else {
      FileHandle.standardError.write(Data("count-worker: unknown workload \(argument)\n".utf8))
      return 2
    }
    var subjects: [TimedSubject] = []
    let all = workload.snapshotSubject.map { [$0] } ?? all
    for name in names {
      guard let subject = all.first(where: { $0.name == name }) else {
        FileHandle.standardError.write(Data("count-worker: unknown subject \(name)\n".utf8))
        return 2
      }
      subjects.append(subject)
    }
    let probe = AllocationProbe()
    // Counted first, every subject; then each one's exact peak (see
    // `AllocationProbe.exactly`), from a run of its own outside the counted
    // region: jemalloc's thread peak when there are no hooks. The runs for
    // peaks leave the heap otherwise than before, so none comes between two
    // counted runs of a pair (a trace's next apply follows them; its counts
    // move by under 0.1 %).
    var measured: [(key: String, allocated: UInt64, peak: UInt64, exact: () -> UInt64?)] = []
    // Only the prepared diff is counted: its input is converted before, its
    // output freed after.
    func counted<S, I, C>(_ key: String, _ diff: PreparedDiff<S, I, C>) {
      probe.resetPeak()
      let allocated = probe.allocatedBytes()
      sd_callgrind_zero_stats()
      sd_callgrind_toggle_collect()
      diff.diff()
      sd_callgrind_toggle_collect()
      let allocatedEnd = probe.allocatedBytes()
      let peak = probe.peakBytes()
      sd_callgrind_dump_stats(key)
      diff.discard()  // freed outside the counted region
      measured.append((key, allocatedEnd - allocated, peak, {
        defer { diff.discard() }
        return probe.exactPeak { diff.diff() }
      }))
    }
    do {
      try workload.forEachApply { apply, step in
        for subject in subjects {
          // Warm-up on every apply, by the very call that is counted:
          // first-call costs are not the algorithm's (warmed by the
          // strategy's changeset alone, hashmap+apply ran the data source
          // cold, and its count moved with whatever ran before it). Not
          // only the first: a trace's later apply may take a path the
          // first did not, and pay the runtime's one-time type lookup for
          // it (counted, 450,000 instructions in one `trace-appstore`
          // apply whose median is 26,000).
          switch apply {
          case let .strings(old, new):
            Self.warmUp(subject.prepare(old, new))
            counted(key(subject.name, step), subject.prepare(old, new))
          case let .ints(old, new):
            Self.warmUp(subject.prepareInts(old, new))
            counted(key(subject.name, step), subject.prepareInts(old, new))
          }
        }
        for m in measured { print("\(m.key) \(m.allocated) \(m.exact() ?? m.peak)") }
        measured.removeAll()
      }
    } catch {
      FileHandle.standardError.write(Data("count-worker: \(error)\n".utf8))
      return 2
    }
    return 0
  }

  static func warmUp<S, I, C>(_ diff: PreparedDiff<S, I, C>) {
    diff.diff()
    diff.discard()
  }
}
