import CCallgrind
import DiffResults
import DiffVerification
import Foundation
import SnapshotDiff

/// Counted runs (SPEC §6.1): the instructions each diff executes, under
/// valgrind's callgrind, which stays the same run after run where wall time
/// drifts by tens of percent.
///
/// The parent verifies every subject natively (as a timed run does) and
/// skips the cells that would take too long; then, per workload, it runs a
/// child — `diffbench count-worker` — under `valgrind --tool=callgrind
/// --collect-atstart=no` with `SWIFT_DETERMINISTIC_HASHING=1`. The child
/// builds the pair, runs each subject once to warm up, then once more with
/// collection on only around the diff, and dumps callgrind's counters under
/// the subject's name. Building the pair, verifying and freeing are not
/// counted. One row per cell, `sample` 0, the times empty.
public struct InstructionCounter {
  public var workloads: [Workload]
  public var subjects: [TimedSubject]
  public var info: RunInfo
  /// The child command, e.g. `[diffbench, "count-worker"]`.
  public var workerCommand: [String]
  /// Cells whose estimated time under callgrind exceeds this are skipped.
  public var capSeconds = 60.0
  /// How much slower code runs under callgrind than natively (measured
  /// here: 40–60×), for the skip estimate.
  public static let slowdown = 50.0
  /// Progress, one line a cell, for standard error.
  public var log: (String) -> Void = { _ in }

  public init(workloads: [Workload], subjects: [TimedSubject], info: RunInfo, workerCommand: [String]) {
    self.workloads = workloads
    self.subjects = subjects
    self.info = info
    self.workerCommand = workerCommand
  }

  /// What went wrong with counting itself (not with a strategy).
  public struct CountError: Error, CustomStringConvertible {
    public var description: String
  }

  /// The path of `valgrind`, or `nil` when it is not installed.
  public static var valgrind: String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
      let path = "\(folder)/valgrind"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }

  public func run() throws(CountError) -> [CellResult] {
    guard let valgrind = Self.valgrind else {
      throw CountError(description: "valgrind is not installed (make installs it: apt-get install valgrind)")
    }
    // valgrind 3.19 cannot read the DWARF of today's Swift toolchains ("possibly
    // corrupted debuginfo"): it counts a copy without debug sections, the same code.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-count-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let child = try Self.strippedCopy(of: workerCommand[0], in: scratch)
    let calibration = Calibration.measure(subjects)
    var results: [CellResult] = []
    for workload in workloads {
      let (old, new) = workload.pair()
      // The oracle once, for every subject.
      let oracle = PairOracle(old: old, new: new)
      let minMoves = oracle.fastMinimumMoves
      let work = WorkEstimate(old: old, new: new)
      var cells: [CellResult] = []
      var counts: [Changeset<String, String, String>.Counts] = []
      var counted: [String] = []
      for subject in subjects {
        var cell = CellResult(workload: workload.name, strategy: subject.name, rows: [], skipped: nil, failure: nil)
        if let seconds = calibration.estimate(subject, work).map({ $0 * Self.slowdown }), seconds > capSeconds {
          cell.skipped = String(format: "estimated %.0f s under callgrind, over the %.0f s cap", seconds, capSeconds)
        } else {
          let verified = subject.verify(oracle: oracle)
          cell.failure = verified.failure?.description
          if case .invalidMatching? = verified.failure {
            cell.skipped = "failed verification (\(verified.failure!.kind))"
          } else {
            counts.append(verified.counts)
            counted.append(subject.name)
          }
        }
        cells.append(cell)
      }
      let measured = try count(workload: workload.name, subjects: counted, valgrind: valgrind, child: [child] + workerCommand.dropFirst())
      var k = 0
      for index in cells.indices where cells[index].skipped == nil {
        let c = counts[k]
        k += 1
        guard let m = measured[cells[index].strategy] else {
          throw CountError(description: "\(workload.name) \(cells[index].strategy): the counting child reported nothing")
        }
        cells[index].rows = [ReportRow(
          commit: info.commit, date: info.date, host: info.host, toolchain: info.toolchain,
          workload: workload.name, strategy: cells[index].strategy, nOld: old.numberOfItems, nNew: new.numberOfItems,
          sections: new.numberOfSections, sample: 0, wallNanoseconds: nil, cpuNanoseconds: nil,
          allocatedBytes: m.allocatedBytes, peakBytes: m.peakBytes, stages: c.stages, sectionOperations: c.sectionOperations,
          deletes: c.deletes, inserts: c.inserts, moves: c.moves, updates: c.updates, minMoves: minMoves,
          verified: cells[index].failure == nil, instructions: m.instructions)]
      }
      for cell in cells {
        if let reason = cell.skipped {
          log("\(workload.name) \(cell.strategy): skipped (\(reason))")
        } else if let row = cell.rows.first {
          log("\(workload.name) \(cell.strategy): \(row.instructions!) instructions" + (cell.failure.map { " — FAILED: \($0)" } ?? ""))
        }
      }
      results += cells
    }
    return results
  }

  struct Measured {
    var instructions: UInt64
    var allocatedBytes: UInt64
    var peakBytes: UInt64
  }

  /// Runs the counting child for one workload under callgrind.
  func count(workload: String, subjects: [String], valgrind: String, child: [String]) throws(CountError) -> [String: Measured] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-count-\(UUID().uuidString)").path
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw CountError(description: "cannot create \(folder): \(error)")
    }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: valgrind)
    process.arguments = [
      "--tool=callgrind", "--collect-atstart=no", "--callgrind-out-file=\(folder)/callgrind.out", "--dump-line=no",
    ] + child + [workload] + subjects
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"  // hash tables probe the same way every run
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    do {
      try process.run()
    } catch {
      throw CountError(description: "cannot run valgrind: \(error)")
    }
    let errors = Thread { _ = err.fileHandleForReading.readDataToEndOfFile() }  // valgrind's chatter
    errors.start()
    let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationReason == .exit && process.terminationStatus == 0 else {
      throw CountError(description: "\(workload): the counting child failed (status \(process.terminationStatus))")
    }
    // The child's lines: "SUBJECT ALLOCATED PEAK"; the dumps: one file per subject, in order.
    var memory: [String: (UInt64, UInt64)] = [:]
    for line in output.split(separator: "\n") {
      let fields = line.split(separator: " ")
      if fields.count == 3, let a = UInt64(fields[1]), let p = UInt64(fields[2]) { memory[String(fields[0])] = (a, p) }
    }
    var result: [String: Measured] = [:]
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("callgrind.out.") }
    for file in files {
      guard let text = try? String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8),
        let (reason, total) = Self._parseDump(text), let (allocated, peak) = memory[reason]
      else { continue }
      result[reason] = Measured(instructions: total, allocatedBytes: allocated, peakBytes: peak)
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
    let strip = Process()
    strip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    strip.arguments = ["strip", "--strip-debug", copy]
    guard (try? strip.run()) != nil else { throw CountError(description: "cannot run strip (binutils)") }
    strip.waitUntilExit()
    guard strip.terminationStatus == 0 else { throw CountError(description: "strip --strip-debug \(copy) failed") }
    return copy
  }

  /// The reason a dump was written (`desc: Trigger: Client Request: NAME`)
  /// and its total instruction count (`totals:` or `summary:`).
  public static func _parseDump(_ text: String) -> (String, UInt64)? {
    var reason: String?, total: UInt64?
    for line in text.split(separator: "\n") {
      if line.hasPrefix("desc: Trigger: Client Request: ") {
        reason = String(line.dropFirst("desc: Trigger: Client Request: ".count))
      } else if line.hasPrefix("totals: ") || (total == nil && line.hasPrefix("summary: ")) {
        total = line.split(separator: " ").dropFirst().first.flatMap { UInt64($0) }
      }
    }
    guard let reason, let total else { return nil }
    return (reason, total)
  }

  /// The child: counts each subject's diff on one workload. Prints a line
  /// `SUBJECT ALLOCATED PEAK` per subject; callgrind writes the counts.
  public static func work(workload name: String, subjects names: [String], all: [TimedSubject]) -> Int32 {
    guard let workload = Workload.all.first(where: { $0.name == name }) else {
      FileHandle.standardError.write(Data("count-worker: unknown workload \(name)\n".utf8))
      return 2
    }
    let probe = AllocationProbe()
    let (old, new) = workload.pair()
    for name in names {
      guard let subject = all.first(where: { $0.name == name }) else {
        FileHandle.standardError.write(Data("count-worker: unknown subject \(name)\n".utf8))
        return 2
      }
      blackHole(subject.run(old, new))  // warm-up: first-call costs are not the algorithm's
      probe.resetPeak()
      let allocated = probe.allocatedBytes()
      sd_callgrind_zero_stats()
      sd_callgrind_toggle_collect()
      let result = subject.run(old, new)
      sd_callgrind_toggle_collect()
      let allocatedEnd = probe.allocatedBytes()
      let peak = probe.peakBytes()
      sd_callgrind_dump_stats(name)
      blackHole(result)  // freed outside the counted region
      print("\(name) \(allocatedEnd - allocated) \(peak)")
    }
    return 0
  }
}
