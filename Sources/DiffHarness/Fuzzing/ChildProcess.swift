import Foundation

/// A child process whose standard output is read line by line, and whose
/// standard error is kept (the first lines, for crash reports).
final class ChildProcess: @unchecked Sendable {
  let process = Process()
  private let output = Pipe()
  private let errors = Pipe()
  private let input: Pipe?
  private var buffer = Data()
  private let errorLock = NSLock()
  private var errorText = Data()

  init(command: [String], withInput: Bool) throws {
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"  // a trap should end the child at once
    process.environment = environment
    process.standardOutput = output
    process.standardError = errors
    input = withInput ? Pipe() : nil
    if let input { process.standardInput = input }
    errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let data = handle.availableData
      guard let self, !data.isEmpty else { return }
      self.errorLock.lock()
      if self.errorText.count < 4096 { self.errorText.append(data) }
      self.errorLock.unlock()
    }
    try process.run()
  }

  /// The next line of standard output, or `nil` at end of file.
  func readLine() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...newline)
        return line
      }
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { return nil }
      buffer.append(data)
    }
  }

  func send(_ line: String) -> Bool {
    guard let input else { return false }
    do {
      try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
      return true
    } catch {
      return false
    }
  }

  func closeInput() { try? input?.fileHandleForWriting.close() }

  /// Waits for the end; `nil` for a clean exit, else how it ended.
  func waitForAbnormalEnd() -> String? {
    process.waitUntilExit()
    errors.fileHandleForReading.readabilityHandler = nil
    if process.terminationReason == .exit && process.terminationStatus == 0 { return nil }
    errorLock.lock()
    let text = String(decoding: errorText, as: UTF8.self)
    errorLock.unlock()
    let firstLine = text.split(separator: "\n").first { $0.contains("Fatal error") || $0.contains("error") }
      .map(String.init) ?? text.split(separator: "\n").first.map(String.init) ?? ""
    let how = process.terminationReason == .uncaughtSignal
      ? "signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)"
    return firstLine.isEmpty ? how : "\(firstLine.trimmingCharacters(in: .whitespaces)) (\(how))"
  }

  func terminate() { if process.isRunning { process.terminate() } }
}

/// A long-lived `--serve` worker for one strategy: checks pairs one at a
/// time; a pair that kills it is reported as a crash, and the next call
/// starts a new one.
public final class CheckServer {
  let command: [String]
  var child: ChildProcess?
  public private(set) var checks = 0

  /// - Parameter command: the worker command, e.g. `[diffbench, "fuzz-worker"]`.
  public init(command: [String], strategy: String) {
    self.command = command + ["--serve", "--strategy", strategy]
  }

  deinit {
    child?.closeInput()
    child?.terminate()
  }

  /// How the strategy fails on the pair, or `nil` when it passes.
  public func check(_ pair: CorpusCase) -> VerificationFailure? {
    checks += 1
    if child == nil { child = try? ChildProcess(command: command, withInput: true) }
    guard let child else { return .crashed("cannot start \(command[0])") }
    if child.send(pair.json.compact), let line = child.readLine() {
      if line == "ok" { return nil }
      let parts = line.split(separator: "\t", maxSplits: 2).map(String.init)
      return .reported(kind: parts.count > 1 ? parts[1] : "?", message: parts.count > 2 ? parts[2] : line)
    }
    child.closeInput()
    let how = child.waitForAbnormalEnd() ?? "exited"
    self.child = nil
    return .crashed(how)
  }
}

extension VerificationFailure {
  /// A failure read back from a worker's line: its kind and message.
  static func reported(kind: String, message: String) -> VerificationFailure {
    kind == "crash" ? .crashed(message) : .remote(kind: kind, message: message)
  }
}
