import DiffVerification
import Foundation
import SnapshotDiff

/// The one definition of what passes between `diffbench` and its workers:
/// a configuration (the worker's one argument), requests on the worker's
/// standard input and events on its standard output, each one JSON object a
/// line.
package enum WorkerProtocol {
  /// What a worker does, given as its one argument (JSON).
  package struct Configuration: Codable, Sendable, Equatable {
    package enum Mode: Codable, Sendable, Equatable {
      /// Generate pairs `first`, `first + step`, … below `limit` and check
      /// each; events carry the iteration.
      case generate(seed: UInt64, first: UInt64, step: UInt64, limit: UInt64?, maxItems: Int)
      /// Answer ``Request/check(pair:)`` requests until standard input ends.
      case serve
    }
    package var mode: Mode
    /// The strategies checked, by name.
    package var strategies: [String]
    /// Whether each pair also checks the library's `min_moves` against its
    /// reference (after the strategies; its failures are named `min_moves`).
    package var checksMinimumMoves: Bool
    /// CPU seconds one strategy may use on one pair before it is a hang, at
    /// least (``Deadline``: more where its cost model estimates more).
    package var timeout: Double
    /// The UIKit judged against: how this library's strategies' item updates are performed.
    package var updates: BatchUpdate.UpdateKind

    package init(mode: Mode, strategies: [String], checksMinimumMoves: Bool = false, timeout: Double, updates: BatchUpdate.UpdateKind = .reconfigure) {
      self.updates = updates
      self.mode = mode
      self.strategies = strategies
      self.checksMinimumMoves = checksMinimumMoves
      self.timeout = timeout
    }
  }

  /// From `diffbench` to a serving worker.
  package enum Request: Codable, Sendable, Equatable {
    /// Check one pair, a corpus case in compact JSON, with every strategy.
    case check(pair: String)
    /// Read a corpus file (a pair) or a `.jsonl` trace, and check it with
    /// every strategy; a trace is walked by each strategy with its own state.
    /// A file that is not valid input is reported as `invalid input`.
    case checkFile(path: String)
    /// Walk only these applies (from 1) of a `.jsonl` trace with every
    /// strategy, from the recorded snapshot before the first: one share
    /// of a trace cut among workers side by side.
    case walkApplies(path: String, first: Int, last: Int)
    /// Walk a trace given as its text (JSON Lines) with every strategy.
    case checkTrace(trace: String)
  }

  /// From a worker to `diffbench`.
  package enum Event: Codable, Sendable, Equatable {
    /// A strategy failed on a pair (a generated pair's iteration, or `nil`
    /// for a requested one); in a trace walk, `apply` is the apply (from 1)
    /// it failed on; `uikit` is what UIKit does with it, in its words
    /// (``VerificationFailure/inUIKit``). A `hang` is the last event of its worker.
    case failed(iteration: UInt64?, strategy: String, kind: VerificationFailure.Kind, message: String, apply: Int? = nil, uikit: String? = nil)
    /// Every strategy is done with the pair, whatever they found.
    case finished(iteration: UInt64?)
    /// The strategy about to run on the pair has a deadline longer than the
    /// timeout (its cost model estimates more): the parent waits for it. In
    /// a trace walk every apply is announced, with its number (`apply`,
    /// from 1), which is also how far the walk got.
    case deadline(iteration: UInt64?, strategy: String, seconds: Double, apply: Int? = nil)
    /// The strategy was not run on the pair: it does not handle it (a flat
    /// list's diff, a pair with sections: `reason` is "no sections").
    case skipped(iteration: UInt64?, strategy: String, reason: String)
  }

  /// One line of JSON, without the newline.
  package static func line<T: Encodable>(_ message: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Messages are plain enums and strings: encoding cannot fail.
    return String(decoding: try! encoder.encode(message), as: UTF8.self)
  }

  /// The message on a line.
  ///
  /// - Throws: `DecodingError` when the line is not one.
  package static func decode<T: Decodable>(_ type: T.Type, from line: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(line.utf8))
  }
}
