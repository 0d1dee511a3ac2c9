import DiffVerification
import Foundation

/// A failing pair made into a corpus file: shrunk while the same strategy
/// still fails the same way (checked in a worker, so a trap or a hang is a
/// failure like any other), then written with `found_by`.
public enum Regression {
  public struct Written: Sendable {
    public var failure: String
    public var originalItems: Int
    public var shrunkItems: Int
    public var file: String
    public var replay: String
    public var shrunk: CorpusCase
  }

  /// Shrinks `original`, writes it to `folder/fileName`; `nil` when the
  /// strategy does not fail that way on `original` itself. `foundBy` holds
  /// where it came from; the strategy, failure and replay command are added.
  public static func shrinkAndWrite(
    _ original: CorpusCase, strategy: String, kind: VerificationFailure.Kind, client: WorkerClient,
    budget: Int, seconds: Double, folder: String, fileName: String, origin: String,
    foundBy: [(key: String, value: JSONValue)]
  ) -> Written? {
    var lastMessage = ""
    var shrinker = Shrinker(budget: budget, seconds: seconds) { pair in
      guard let old = try? pair.old.snapshot(), let new = try? pair.new.snapshot() else { return false }
      guard let failure = client.check(CorpusCase(name: "", old: old, new: new)), failure.kind == kind else { return false }
      lastMessage = failure.description
      return true
    }
    // Confirm it fails on its own first (and take the message from the checker).
    let start = (SnapshotDraft(original.old), SnapshotDraft(original.new))
    guard shrinker.stillFails(start) else { return nil }
    let shrunkDrafts = shrinker.shrink(start)
    // Re-check the result, so the message is the shrunk case's own.
    _ = shrinker.stillFails(shrunkDrafts)
    guard let old = try? shrunkDrafts.old.snapshot(), let new = try? shrunkDrafts.new.snapshot() else { return nil }

    let path = (folder as NSString).appendingPathComponent(fileName)
    // The metric is checked by every verify run; a strategy by naming it.
    let replay = strategy == WorkerProtocol.metricName
      ? "diffbench verify \(path)" : "diffbench verify --strategy \(strategy) \(path)"
    let record: JSONValue = .object(foundBy + [
      ("strategy", .string(strategy)), ("failure", .string(lastMessage)), ("replay", .string(replay)),
    ])
    let originalItems = original.old.numberOfItems + original.new.numberOfItems
    let shrunk = CorpusCase(
      name: "\(origin): \(strategy) \(kind), shrunk from \(originalItems) items",
      old: old, new: new, extra: [("found_by", record)])
    do {
      try writeAtomically(shrunk.fileText, to: path)
    } catch {
      FileHandle.standardError.write("diffbench: cannot write \(path): \(error)\n".data(using: .utf8)!)
    }
    return Written(
      failure: lastMessage, originalItems: originalItems, shrunkItems: old.numberOfItems + new.numberOfItems,
      file: path, replay: replay, shrunk: shrunk)
  }
}
