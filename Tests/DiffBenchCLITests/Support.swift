import Foundation

/// Runs the built `diffbench` (beside the test bundle) and returns its exit
/// status, standard output and standard error.
func diffbench(_ arguments: [String], in directory: String? = nil, executable: String = "diffbench") throws -> (status: Int32, out: String, err: String) {
  let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let process = Process()
  process.executableURL = bundle.appendingPathComponent(executable)
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
  // Standard error goes to a file, standard output through a pipe read to
  // its end before waiting: neither can fill up and block the child.
  let errPath = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)").path
  _ = FileManager.default.createFile(atPath: errPath, contents: nil)
  defer { try? FileManager.default.removeItem(atPath: errPath) }
  let out = Pipe()
  process.standardOutput = out
  process.standardError = FileHandle(forWritingAtPath: errPath)
  try process.run()
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let errData = FileManager.default.contents(atPath: errPath) ?? Data()
  return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
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

let corpusFolder = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/") + "/Corpus"
