#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The one way the harness runs a program to completion and collects what
/// it prints (git, the toolchain's version, `strip`, valgrind, and the
/// tests' runs of `diffbench`). Standard error goes to a file if one is
/// named, else nowhere. (The fuzz and verify workers, which talk line by line
/// under a deadline, have their own channel, `WorkerProcess`.)
///
/// `posix_spawnp`, a pipe and `waitpid`: no thread is started. Foundation's
/// `Process` starts two that live as long as the process, and a bench that
/// has run `git` must stay a process of one thread for its exact peaks
/// (`AllocationProbe.exactly`). Not swift-subprocess either: that package is
/// async only, and these callers are synchronous.
package enum ChildProcess {
  package struct Output: Sendable {
    /// The exit code, or `nil` when a signal ended it.
    package var status: Int32?
    /// Standard output, as UTF-8.
    package var text: String
  }

  /// Why a program could not be started.
  package struct LaunchError: Error, CustomStringConvertible {
    package var program: String
    package var code: Int32
    package var description: String { "cannot run \(program): \(String(cString: strerror(code)))" }
  }

  /// `pipe2(fds, O_CLOEXEC)`, which Glibc's module leaves out (it is a GNU
  /// extension). Close-on-exec from the start: a child another thread
  /// spawns meanwhile must not hold this pipe's write end, or the read below
  /// would wait for that child to end.
  @_silgen_name("pipe2")
  private static func pipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
  private static func pipeClosedOnExec(_ fds: UnsafeMutablePointer<Int32>) -> Int32 { pipe2(fds, O_CLOEXEC) }

  /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), also left out
  /// of Glibc's module: the child closes every descriptor from `low` on.
  @_silgen_name("posix_spawn_file_actions_addclosefrom_np")
  private static func closeFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ low: Int32) -> Int32

  /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29), left out of
  /// Glibc's module too: the child starts in `path`.
  @_silgen_name("posix_spawn_file_actions_addchdir_np")
  private static func changeDirectory(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: UnsafePointer<CChar>) -> Int32

  /// Runs `arguments[0]` (a path, or a name looked up in `PATH`) with the
  /// rest as its arguments and `environment` added to this process's, in
  /// `directory` if one is given, its standard error into the file
  /// `standardError` (created or emptied) if one is given.
  ///
  /// - Throws: ``LaunchError`` when it could not be started (not found, not
  ///   executable).
  package static func run(
    _ arguments: [String], environment: [String: String] = [:], standardError: String? = nil, directory: String? = nil
  ) throws -> Output {
    precondition(!arguments.isEmpty, "ChildProcess.run needs a program")
    var fds: [Int32] = [-1, -1]
    guard pipeClosedOnExec(&fds) == 0 else { throw LaunchError(program: arguments[0], code: errno) }
    let (readEnd, writeEnd) = (fds[0], fds[1])
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // The pipe's write end becomes standard output (dup2 clears its
    // close-on-exec); standard error goes nowhere; standard input is ours.
    posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
    posix_spawn_file_actions_addopen(&actions, 2, standardError ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if let directory { _ = changeDirectory(&actions, directory) }
    // Nothing else of ours: a pipe another thread opened without
    // close-on-exec (Foundation's, for a worker) would otherwise live on in
    // this child, and its reader would wait for this child to end.
    closeFrom(&actions, 3)

    let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = merged.map { strdup("\($0)=\($1)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    let code = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
    close(writeEnd)
    guard code == 0 else {
      close(readEnd)
      throw LaunchError(program: arguments[0], code: code)
    }
    // Read to the end before waiting: a child that fills the pipe would
    // otherwise never exit.
    var data = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
      if n > 0 { data += chunk[..<n]; continue }
      if n < 0 && errno == EINTR { continue }
      break
    }
    close(readEnd)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // WIFEXITED and WEXITSTATUS, which Swift does not import: the low 7 bits
    // are the signal (0: it exited), the next 8 the exit code.
    let exited = status & 0x7f == 0
    return Output(status: exited ? (status >> 8) & 0xff : nil, text: String(decoding: data, as: UTF8.self))
  }

  /// The trimmed standard output of a command that exits 0, or `nil`.
  package static func output(_ arguments: [String]) -> String? {
    guard let out = try? run(arguments), out.status == 0 else { return nil }
    return out.text.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
