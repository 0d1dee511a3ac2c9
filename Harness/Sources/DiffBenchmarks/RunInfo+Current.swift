import DiffProcesses
import DiffResults
import Foundation

extension RunInfo {
  /// This checkout and machine (git and the toolchain asked, where runs are
  /// made, not in the results model): the short commit (`-dirty` with uncommitted
  /// changes outside results/), the time now, the host, the Swift toolchain.
  package static func current() -> RunInfo {
    let commit = ChildProcess.output(["git", "rev-parse", "--short", "HEAD"]) ?? "unknown"
    let dirty = !(ChildProcess.output(["git", "status", "--porcelain", "--", ".", ":(exclude)results"]) ?? "").isEmpty
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    let version = ChildProcess.output(["swift", "--version"]) ?? ""
    // "Swift version 6.3.1 (swift-6.3.1-RELEASE)" → "swift-6.3.1-RELEASE"
    var toolchain = "unknown"
    if let open = version.firstIndex(of: "("), let close = version[open...].firstIndex(of: ")") {
      toolchain = String(version[version.index(after: open)..<close])
    }
    return RunInfo(
      commit: commit + (dirty && commit != "unknown" ? "-dirty" : ""), date: formatter.string(from: Date()),
      host: ProcessInfo.processInfo.hostName, toolchain: toolchain)
  }
}
