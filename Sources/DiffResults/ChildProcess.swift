import Foundation

/// The one way the harness runs a program to completion and collects what
/// it prints (git, the toolchain's version, `strip`, valgrind). Standard
/// error is discarded. (The fuzz and verify workers, which talk line by line
/// under a deadline, have their own channel, `WorkerProcess`.)
///
/// Foundation's `Process`, not swift-subprocess: that package is async
/// only, and these callers are synchronous. Waiting for its task from one
/// blocks a thread of Swift's cooperative pool, and its own unstructured
/// tasks need that pool: two tests waiting at once hung the suite.
public enum ChildProcess {
  public struct Output: Sendable {
    /// The exit code, or `nil` when a signal ended it.
    public var status: Int32?
    /// Standard output, as UTF-8.
    public var text: String
  }

  /// Runs `arguments[0]` (a path, or a name looked up in `PATH`) with the
  /// rest as its arguments and `environment` added to this process's.
  ///
  /// - Throws: the reason it could not be started.
  public static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Output {
    let process = Process()
    if arguments[0].contains("/") {
      process.executableURL = URL(fileURLWithPath: arguments[0])
      process.arguments = Array(arguments.dropFirst())
    } else {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = arguments
    }
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Read to the end before waiting: a child that fills the pipe would
    // otherwise never exit.
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let status = process.terminationReason == .exit ? process.terminationStatus : nil
    return Output(status: status, text: String(decoding: data, as: UTF8.self))
  }

  /// The trimmed standard output of a command that exits 0, or `nil`.
  public static func output(_ arguments: [String]) -> String? {
    guard let out = try? run(arguments), out.status == 0 else { return nil }
    return out.text.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
