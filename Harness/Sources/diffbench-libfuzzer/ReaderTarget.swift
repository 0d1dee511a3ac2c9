import DiffResults
import DiffVerification
import Foundation

// The readers' fuzz target: the hand-written readers take files from
// anywhere, so arbitrary bytes must give a value or a one-line error, never
// a trap (libFuzzer keeps the input), never a hang (-timeout). The first
// byte picks the reader; the rest is the file.
//
// The same binary runs it when its name contains "readers" (ClusterFuzzLite's
// diffbench_readers_fuzzer is a copy), or with DIFFBENCH_FUZZ_TARGET=readers.

enum ReaderTarget {
  static let isSelected: Bool = {
    CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent.contains("readers") } == true
      || ProcessInfo.processInfo.environment["DIFFBENCH_FUZZ_TARGET"] == "readers"
  }()

  /// The readers, by the selector byte (modulo their count).
  enum Reader: UInt8, CaseIterable {
    case corpusCase = 0, changeset = 1, csvReport = 2, trace = 3
  }

  static func run(_ bytes: [UInt8]) {
    guard let selector = bytes.first else { return }
    let body = Array(bytes.dropFirst())
    switch Reader(rawValue: selector % UInt8(Reader.allCases.count))! {
    case .corpusCase:
      expectOneLine { try CorpusCase.parse(body, file: "input") }
    case .changeset:
      expectOneLine { try ChangesetFile.parse(body, file: "input") }
    case .csvReport:
      // Reports are UTF-8 text; anything else is refused before parsing.
      guard let text = String(validating: body, as: UTF8.self) else { return }
      expectOneLine { try CSVReport.parse(text, file: "input") }
    case .trace:
      expectOneLine {
        var reader = TraceReader(bytes: body, file: "input")
        var count = 0
        while let snapshot = try reader.next() { count += snapshot.snapshot.numberOfItems }
        return count
      }
    }
  }

  /// Runs a reader: a value, or an error whose message is one line.
  static func expectOneLine<T>(_ read: () throws -> T) {
    do {
      _ = try read()
    } catch {
      let message = "\(error)"
      if message.isEmpty || message.contains("\n") { fatalError("reader error is not one line: \(message.debugDescription)") }
    }
  }
}
