import ArgumentParser
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The progress of a long command on standard error, for `bench`, `verify`
/// and `fuzz` alike (and `make peers`, which runs them).
///
/// On a terminal it is one line rewritten in place; elsewhere (a CI log,
/// `2>file`) a plain line at most every ``interval`` seconds, so a log gets
/// a heartbeat, not a flood. Standard output is never touched: tables and
/// closing lines are the same with progress or without.
final class ProgressLine {
  enum Mode: Equatable {
    /// Rewritten in place (`\r`, erase to the end of the line).
    case terminal
    /// A line of its own, at most one every `interval` seconds.
    case plain
    /// Nothing (`--quiet`).
    case off
  }

  let mode: Mode
  /// Seconds between two plain lines, at least.
  let interval: Double
  private let write: (String) -> Void
  private let now: () -> Double
  private var lastPlain = -Double.infinity
  private var lastDrawn = -Double.infinity
  private var shown = ""

  /// - Parameters:
  ///   - mode: `nil` picks by whether standard error is a terminal.
  ///   - write: where the text goes (standard error unless a test says).
  ///   - now: seconds on a monotonic clock (a test injects its own).
  init(
    mode: Mode? = nil, interval: Double = 5, write: ((String) -> Void)? = nil,
    now: (() -> Double)? = nil
  ) {
    self.mode = mode ?? (isatty(2) != 0 ? .terminal : .plain)
    self.interval = interval
    self.write = write ?? { FileHandle.standardError.write(Data($0.utf8)) }
    self.now = now ?? { ProcessInfo.processInfo.systemUptime }
  }

  convenience init(quiet: Bool) {
    self.init(mode: quiet ? .off : nil)
  }

  /// Shows where the work is: in place on a terminal, else a plain line if
  /// the last one is `interval` seconds old.
  func update(_ text: String) {
    switch mode {
    case .off: return
    case .terminal:
      // Redrawn at most ten times a second: a trace walk reports every apply.
      let t = now()
      shown = text
      guard t - lastDrawn >= 0.1 else { return }
      lastDrawn = t
      write("\r\u{1B}[K" + text)
    case .plain:
      let t = now()
      guard t - lastPlain >= interval else { return }
      lastPlain = t
      write(text + "\n")
    }
  }

  /// A line that stays (a finished cell, a skip, a failure), whatever the
  /// mode. On a terminal it takes the progress line's place; the next
  /// ``update(_:)`` draws that again below it, current.
  func note(_ line: String) {
    switch mode {
    case .terminal where !shown.isEmpty:
      write("\r\u{1B}[K" + line + "\n")
      shown = ""
      lastDrawn = -Double.infinity
    default:
      write(line + "\n")
    }
  }

  /// Clears the line on a terminal, before what the command prints at its end.
  func finish() {
    if mode == .terminal && !shown.isEmpty { write("\r\u{1B}[K") }
    shown = ""
  }

  /// Seconds as a person reads them: `42 s`, `3 min 05 s`, `1 h 02 min`.
  static func duration(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "?" }
    let s = Int(max(0, seconds).rounded())
    if s < 60 { return "\(s) s" }
    if s < 3600 { return String(format: "%d min %02d s", s / 60, s % 60) }
    return String(format: "%d h %02d min", s / 3600, (s % 3600) / 60)
  }

  /// Time left when `done` of `total` units took `elapsed` seconds, at the
  /// same rate; `nil` before anything is done.
  static func remaining(done: Double, total: Double, elapsed: Double) -> Double? {
    guard done > 0, total >= done else { return nil }
    return elapsed / done * (total - done)
  }
}

/// `--quiet`, for the commands that show progress.
struct ProgressOption: ParsableArguments {
  @Flag(help: "No progress on standard error (standard output is the same either way).")
  var quiet = false
}
