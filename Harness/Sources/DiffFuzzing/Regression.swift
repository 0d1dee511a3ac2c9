import DiffSupport
import DiffVerification
import Foundation

/// A failing pair made into a corpus file: shrunk while the same strategy
/// still fails the same way (checked in a worker, so a trap or a hang is a
/// failure like any other), then written with `found_by`.
package enum Regression {
  /// How far shrinking got.
  package enum Outcome: Hashable, Sendable, CustomStringConvertible {
    /// Shrunk until no smaller candidate failed the same way.
    case shrunk
    /// Shrinking stopped at its budget of candidates or seconds: written as
    /// far as it got.
    case partlyShrunk
    /// No time was left to re-check or shrink it: written as it was found.
    case notShrunk
    /// The re-check in a fresh worker passed: written as it was found, with
    /// the message first reported.
    case notReproduced

    package var description: String {
      switch self {
      case .shrunk: return "shrunk"
      case .partlyShrunk: return "partly shrunk (out of budget)"
      case .notShrunk: return "not shrunk (out of time)"
      case .notReproduced: return "not reproduced"
      }
    }
  }

  package struct Written: Sendable {
    package var failure: String
    /// What UIKit does with the case written, in its words (``VerificationFailure/inUIKit``).
    package var uikit: String
    package var outcome: Outcome
    package var originalItems: Int
    package var shrunkItems: Int
    package var file: String
    package var replay: String
    /// The pair written; `nil` for a trace.
    package var shrunk: CorpusCase?
    /// The file's text as written.
    package var fileText: String
  }

  /// Shrinks `original` within `budget` candidates and `seconds`, and writes
  /// it to `folder/fileName`. When the strategy does not fail that way on
  /// `original` when re-checked, or `seconds` is not positive, it is written
  /// unshrunk with `reported` as its failure (``Outcome``), so that no failure
  /// seen is lost. `foundBy` holds where it came from; the strategy,
  /// failure, outcome and replay command are added.
  package static func shrinkAndWrite(
    _ original: CorpusCase, strategy: Checked, kind: VerificationFailure.Kind, reported: String, client: WorkerClient,
    budget: Int, seconds: Double, folder: String, fileName: String, origin: String,
    foundBy: [(key: String, value: JSONValue)]
  ) -> Written {
    // The failure and UIKit's words for it, of the last case that failed: the one written.
    var lastMessage = reported, lastUIKit = kind.inUIKit
    var shrinker = Shrinker(budget: budget, seconds: seconds) { pair in
      guard let old = try? pair.old.snapshot(), let new = try? pair.new.snapshot() else { return false }
      guard let failure = client.check(CorpusCase(name: "", old: old, new: new)), failure.kind == kind else { return false }
      (lastMessage, lastUIKit) = (failure.description, failure.inUIKit)
      return true
    }
    let start = (SnapshotDraft(original.old), SnapshotDraft(original.new))
    let (drafts, outcome) = run(&shrinker, start, seconds: seconds)
    if outcome == .notReproduced { (lastMessage, lastUIKit) = (reported, kind.inUIKit) }
    var result = (old: original.old, new: original.new)
    if let old = try? drafts.old.snapshot(), let new = try? drafts.new.snapshot() { result = (old, new) }
    let path = (folder as NSString).appendingPathComponent(fileName)
    // The metric is checked by every verify run; a strategy by naming it.
    let replay = strategy == .minimumMoves
      ? "diffbench verify \(path)" : "diffbench verify --strategy \(strategy) \(path)"
    let record = foundByRecord(foundBy, strategy: strategy.name, failure: lastMessage, uikit: lastUIKit, outcome: outcome, replay: replay)
    let originalItems = original.old.numberOfItems + original.new.numberOfItems
    let shrunkItems = result.old.numberOfItems + result.new.numberOfItems
    let name = outcome == .shrunk || outcome == .partlyShrunk
      ? "\(origin): \(strategy) \(kind), shrunk from \(originalItems) items"
      : "\(origin): \(strategy) \(kind), \(outcome)"
    let shrunk = CorpusCase(name: name, old: result.old, new: result.new, extra: [("found_by", record)])
    do {
      try writeAtomically(shrunk.fileText, to: path)
    } catch {
      FileHandle.standardError.write("diffbench: cannot write \(path): \(error)\n".data(using: .utf8)!)
    }
    return Written(
      failure: lastMessage, uikit: lastUIKit, outcome: outcome, originalItems: originalItems, shrunkItems: shrunkItems,
      file: path, replay: replay, shrunk: shrunk, fileText: shrunk.fileText)
  }

  /// `found_by`: where it came from, then the strategy, the failure, what
  /// UIKit does with it, how far shrinking got (unless all the way) and the
  /// command that replays it.
  static func foundByRecord(
    _ origin: [(key: String, value: JSONValue)], strategy: String, failure: String, uikit: String,
    outcome: Outcome, replay: String
  ) -> JSONValue {
    var record = origin + [("strategy", .string(strategy)), ("failure", .string(failure)), ("uikit", .string(uikit))]
    if outcome != .shrunk { record.append(("outcome", .string(outcome.description))) }
    record.append(("replay", .string(replay)))
    return .object(record)
  }

  /// Shrinks `start` if it fails again, within `seconds`: the case to write
  /// and how far it got.
  static func run<S: FailureShrinker>(_ shrinker: inout S, _ start: S.Case, seconds: Double) -> (S.Case, Outcome) {
    let (result, failsAgain, finished) = shrinker.shrinkIfItFailsAgain(start, seconds: seconds)
    if seconds <= 0 { return (start, .notShrunk) }
    if !failsAgain { return (start, .notReproduced) }
    return (result, finished ? .shrunk : .partlyShrunk)
  }

  /// ``shrinkAndWrite(_:strategy:kind:reported:client:budget:seconds:folder:fileName:origin:foundBy:)``
  /// for a session: fewer applies first, then smaller snapshots
  /// (``TraceShrinker``); written as a `.jsonl` trace whose first line
  /// carries `found_by`. Items are counted over all its snapshots.
  package static func shrinkAndWrite(
    trace original: [SnapshotDraft], strategy: Checked, kind: VerificationFailure.Kind, reported: String,
    failingApply: Int?, client: WorkerClient, budget: Int, seconds: Double, folder: String, fileName: String,
    origin: String, foundBy: [(key: String, value: JSONValue)]
  ) -> Written {
    var lastMessage = reported, lastUIKit = kind.inUIKit
    var shrinker = TraceShrinker(budget: budget, seconds: seconds) { drafts in
      guard let trace = TraceSnapshot.session(drafts), let failure = client.check(trace: trace), failure.kind == kind else { return false }
      (lastMessage, lastUIKit) = (failure.description, failure.inUIKit)
      return true
    }
    shrinker.failingApply = failingApply
    let (result, outcome) = run(&shrinker, original, seconds: seconds)
    if outcome == .notReproduced { (lastMessage, lastUIKit) = (reported, kind.inUIKit) }
    let path = (folder as NSString).appendingPathComponent(fileName)
    let replay = "diffbench verify --strategy \(strategy) \(path)"
    let record = foundByRecord(foundBy, strategy: strategy.name, failure: lastMessage, uikit: lastUIKit, outcome: outcome, replay: replay)
    var trace = TraceSnapshot.session(result) ?? []
    let items = { (drafts: [SnapshotDraft]) in drafts.reduce(0) { $0 + $1.itemCount } }
    if !trace.isEmpty {
      trace[0].name = "\(origin): \(strategy) \(kind), \(trace.count - 1) applies"
      trace[0].extra = [("found_by", record)]
    }
    let text = TraceSnapshot.fileText(trace)
    do {
      try writeAtomically(text, to: path)
    } catch {
      FileHandle.standardError.write("diffbench: cannot write \(path): \(error)\n".data(using: .utf8)!)
    }
    return Written(
      failure: lastMessage, uikit: lastUIKit, outcome: outcome, originalItems: items(original), shrunkItems: items(result),
      file: path, replay: replay, shrunk: nil, fileText: text)
  }
}
