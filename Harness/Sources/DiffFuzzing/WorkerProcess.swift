import DiffVerification
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process with pipes on its standard input and output, whose
/// standard error is kept (its first 4 KB, for crash reports), and whose
/// output is read line by line with a deadline.
///
/// Every live child is registered, so that ``ChildRegistry`` can kill them all
/// when `diffbench` is interrupted or terminated.
package final class WorkerProcess: @unchecked Sendable {  // the error text is guarded by `errorLock`
  let process = Process()
  private let output = Pipe()
  private let errors = Pipe()
  private let input = Pipe()
  private var buffer: [UInt8] = []
  private let errorLock = NSLock()
  private var errorText = Data()
  /// Set by `waitForEnd` (under `errorLock`): a handler run that comes
  /// after leaves the pipe to its drain.
  private var errorsDrained = false

  /// How a read ended.
  package enum Read: Equatable {
    case line(String)
    case end
    case timedOut
  }

  /// How the process ended.
  package struct Termination: Equatable, CustomStringConvertible {
    package var status: Int32
    package var signalled: Bool
    /// The first line of standard error that reads like an error, if any.
    package var message: String
    package var isClean: Bool { !signalled && status == 0 }
    package var description: String {
      let how = signalled ? "signal \(status)" : "exit status \(status)"
      return message.isEmpty ? how : "\(message) (\(how))"
    }
  }

  package init(command: [String]) throws {
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"  // a trap should end the child at once
    // Every worker hashes alike: a failure that depends on the hash seed
    // fails again when another worker re-checks or shrinks it.
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    process.environment = environment
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = input
    errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
      guard let self else { return }
      // Read and kept under one lock: a run that had read but not yet
      // appended when `waitForEnd` took the text lost the child's message
      // (a CI run read "" for "oops").
      self.errorLock.lock()
      defer { self.errorLock.unlock() }
      guard !self.errorsDrained else { return }
      let data = handle.availableData
      if self.errorText.count < 4096 { self.errorText.append(data) }
    }
    try process.run()
    ChildRegistry.register(process.processIdentifier)
  }

  deinit {
    kill()
  }

  package var processIdentifier: Int32 { process.processIdentifier }

  /// The next line of standard output; `.end` at end of file; `.timedOut`
  /// when none is complete by `deadline` (`nil`: wait for ever).
  package func readLine(deadline: Date? = nil) -> Read {
    let fd = output.fileHandleForReading.fileDescriptor
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return .line(line)
      }
      if let deadline {
        let milliseconds = deadline.timeIntervalSinceNow * 1000
        if milliseconds <= 0 { return .timedOut }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(min(milliseconds.rounded(.up), 60_000)))
        if ready == 0 { continue }  // re-check the deadline
        if ready < 0 && errno == EINTR { continue }
      }
      var chunk = [UInt8](repeating: 0, count: 65_536)
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return .end }
      buffer.append(contentsOf: chunk[..<count])
    }
  }

  /// Writes one line to the child's standard input; `false` if it is gone.
  @discardableResult
  package func send(_ line: String) -> Bool {
    let bytes = Array((line + "\n").utf8)
    let fd = input.fileHandleForWriting.fileDescriptor
    var sent = 0
    while sent < bytes.count {
      let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + sent, bytes.count - sent) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { return false }
      sent += n
    }
    return true
  }

  /// Closes the child's standard input: a serving worker then ends.
  package func closeInput() { try? input.fileHandleForWriting.close() }

  /// Kills the child at once (SIGKILL); harmless when it has ended.
  package func kill() {
    if process.isRunning { _ = _killProcess(process.processIdentifier, SIGKILL) }
  }

  /// Waits for the end, and says how it was.
  package func waitForEnd() -> Termination {
    process.waitUntilExit()
    ChildRegistry.unregister(process.processIdentifier)
    errors.fileHandleForReading.readabilityHandler = nil
    errorLock.lock()
    errorsDrained = true
    errorLock.unlock()
    // What the handler has not read yet: drained without blocking, since a
    // copy of the pipe's write end may live on in another child.
    let fd = errors.fileHandleForReading.fileDescriptor
    var chunk = [UInt8](repeating: 0, count: 4096)
    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while poll(&poller, 1, 100) > 0 {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      errorLock.lock()
      if errorText.count < 4096 { errorText.append(contentsOf: chunk[..<count]) }
      errorLock.unlock()
    }
    errorLock.lock()
    let text = String(decoding: errorText, as: UTF8.self)
    errorLock.unlock()
    let lines = text.split(separator: "\n")
    let first = lines.first { $0.contains("Fatal error") || $0.contains("error") } ?? lines.first
    return Termination(
      status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
      message: first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "")
  }
}
