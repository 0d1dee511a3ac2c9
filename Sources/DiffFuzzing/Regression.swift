import DiffVerification
import Foundation

/// A failing pair made into a corpus file: shrunk while the same strategy
/// still fails the same way (checked in a worker, so a trap or a hang is a
/// failure like any other), then written with `found_by`.
public enum Regression {
  /// How far shrinking got.
  public enum Outcome: Hashable, Sendable, CustomStringConvertible {
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

    public var description: String {
      switch self {
      case .shrunk: return "shrunk"
      case .partlyShrunk: return "partly shrunk (out of budget)"
      case .notShrunk: return "not shrunk (out of time)"
      case .notReproduced: return "not reproduced"
      }
    }
  }

  public struct Written: Sendable {
    public var failure: String
    public var outcome: Outcome
    public var originalItems: Int
    public var shrunkItems: Int
    public var file: String
    public var replay: String
    public var shrunk: CorpusCase
  }

  /// Shrinks `original` within `budget` candidates and `seconds`, and writes
  /// it to `folder/fileName`. When the strategy does not fail that way on
  /// `original` when re-checked, or `seconds` is not positive, it is written
  /// unshrunk with `reported` as its failure (``Outcome``), so that no failure
  /// seen is lost. `foundBy` holds where it came from; the strategy,
  /// failure, outcome and replay command are added.
  public static func shrinkAndWrite(
    _ original: CorpusCase, strategy: String, kind: VerificationFailure.Kind, reported: String, client: WorkerClient,
    budget: Int, seconds: Double, folder: String, fileName: String, origin: String,
    foundBy: [(key: String, value: JSONValue)]
  ) -> Written {
    var lastMessage = reported
    var shrinker = Shrinker(budget: budget, seconds: seconds) { pair in
      guard let old = try? pair.old.snapshot(), let new = try? pair.new.snapshot() else { return false }
      guard let failure = client.check(CorpusCase(name: "", old: old, new: new)), failure.kind == kind else { return false }
      lastMessage = failure.description
      return true
    }
    var result = (old: original.old, new: original.new)
    let outcome: Outcome
    let start = (SnapshotDraft(original.old), SnapshotDraft(original.new))
    if seconds <= 0 {
      outcome = .notShrunk
    } else if !shrinker.stillFails(start) {
      // Confirmed in a fresh worker first, and the message taken from it.
      lastMessage = reported
      outcome = .notReproduced
    } else {
      let shrunkDrafts = shrinker.shrink(start)
      outcome = shrinker.isExhausted ? .partlyShrunk : .shrunk
      // Re-check the result, so the message is the shrunk case's own.
      if shrunkDrafts != start, shrinker.stillFails(shrunkDrafts),
        let old = try? shrunkDrafts.old.snapshot(), let new = try? shrunkDrafts.new.snapshot()
      {
        result = (old, new)
      }
    }

    let path = (folder as NSString).appendingPathComponent(fileName)
    // The metric is checked by every verify run; a strategy by naming it.
    let replay = strategy == WorkerProtocol.metricName
      ? "diffbench verify \(path)" : "diffbench verify --strategy \(strategy) \(path)"
    var record = foundBy + [("strategy", .string(strategy)), ("failure", .string(lastMessage))]
    if outcome != .shrunk { record.append(("outcome", .string(outcome.description))) }
    record.append(("replay", .string(replay)))
    let originalItems = original.old.numberOfItems + original.new.numberOfItems
    let shrunkItems = result.old.numberOfItems + result.new.numberOfItems
    let name = outcome == .shrunk || outcome == .partlyShrunk
      ? "\(origin): \(strategy) \(kind), shrunk from \(originalItems) items"
      : "\(origin): \(strategy) \(kind), \(outcome)"
    let shrunk = CorpusCase(name: name, old: result.old, new: result.new, extra: [("found_by", .object(record))])
    do {
      try writeAtomically(shrunk.fileText, to: path)
    } catch {
      FileHandle.standardError.write("diffbench: cannot write \(path): \(error)\n".data(using: .utf8)!)
    }
    return Written(
      failure: lastMessage, outcome: outcome, originalItems: originalItems, shrunkItems: shrunkItems,
      file: path, replay: replay, shrunk: shrunk)
  }
}
