import DiffProcesses
import Foundation

/// Runs the built `diffbench` (beside the test bundle) and returns its exit
/// status, standard output and standard error.
///
/// Through `ChildProcess` (posix_spawn and waitpid), not Foundation's
/// `Process`: its dispatch sources, many at once beside the fuzz tests'
/// workers, crashed libdispatch's manager thread once in CI
/// (`_dispatch_source_refs_finalize_unregistration`, an illegal instruction).
func diffbench(_ arguments: [String], in directory: String? = nil, executable: String = "diffbench") throws -> (status: Int32, out: String, err: String) {
  let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let errPath = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)").path
  defer { try? FileManager.default.removeItem(atPath: errPath) }
  let run = try ChildProcess.run(
    [bundle.appendingPathComponent(executable).path] + arguments, standardError: errPath, directory: directory)
  let errData = FileManager.default.contents(atPath: errPath) ?? Data()
  // A signal (a trap) reads as 128: not 0, and no exit code a command gives.
  return (run.status ?? 128, run.text, String(decoding: errData, as: UTF8.self))
}

/// A fresh temporary folder holding the given files.
func folder(_ files: [String: String]) throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-\(UUID().uuidString)").path
  for (name, text) in files {
    let file = (path as NSString).appendingPathComponent(name)
    try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: file, atomically: true, encoding: .utf8)
  }
  return path
}

let corpusFolder = "/" + #filePath.split(separator: "/").dropLast(4).joined(separator: "/") + "/Corpus"
