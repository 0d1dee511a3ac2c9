import DiffVerification
import Foundation

/// The facts a report row starts with.
public struct RunInfo: Sendable {
  public var commit: String
  public var date: String
  public var host: String
  public var toolchain: String
  public init(commit: String, date: String, host: String, toolchain: String) {
    self.commit = commit
    self.date = date
    self.host = host
    self.toolchain = toolchain
  }
}

extension RunInfo {
  /// This checkout and machine: the short commit (`-dirty` with uncommitted
  /// changes outside results/), the time now, the host, the Swift toolchain.
  public static func current() -> RunInfo {
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
