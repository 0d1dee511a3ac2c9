import ArgumentParser
import DiffBenchmarks
import DiffVerification
import Foundation

/// `diffbench workload NAME`: a built-in workload as a file, so that what
/// `bench` times can be verified, diffed or shared like a recording.
struct WorkloadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "workload",
    abstract: "Write a built-in workload as a file: a pair as a corpus case (.json), a session as a trace (.jsonl).",
    discussion: """
      The same snapshots `bench` measures, from the same seed: `diffbench workload trace-ranking \
      --out ranking.jsonl`, then `diffbench verify ranking.jsonl`. A session is written a line at \
      a time, never held whole. Names: `diffbench list`.
      Exit status: 0 written, 2 an unknown name or a file that cannot be written.
      """)

  @Argument(help: "A built-in workload (see `diffbench list`).")
  var name: String

  @Option(help: "The file to write (default: standard output).")
  var out: String?

  func validate() throws {
    if !Workload.names.contains(name) { throw ValidationError("unknown workload '\(name)'; see `diffbench list`") }
    if Workload.all.first(where: { $0.name == name })?.isSnapshotOperation == true {
      throw ValidationError("'\(name)' is a snapshot operation: it has no pair or session to write")
    }
  }

  func run() throws {
    let workload = Workload.all.first { $0.name == name }!  // validated
    let handle: FileHandle
    if let out {
      guard FileManager.default.createFile(atPath: out, contents: nil), let file = FileHandle(forWritingAtPath: out) else {
        printError("\(out): cannot be written")
        throw ExitCode(2)
      }
      handle = file
    } else {
      handle = FileHandle.standardOutput
    }
    defer { if out != nil { try? handle.close() } }
    do {
      if case .trace(let make) = workload.source {
        let trace = try make()
        while let snapshot = try trace.next() { handle.write(Data((snapshot.jsonLine + "\n").utf8)) }
      } else {
        let (old, new) = workload.pair()
        handle.write(Data((CorpusCase(name: name, old: old, new: new).json.compact + "\n").utf8))
      }
    } catch {
      printError(error.description)
      throw ExitCode(2)
    }
  }
}
