import Foundation
import SnapshotDiff

/// How bad a failure is, from what UIKit does with the changeset.
///
/// A peer's documented design is judged by these; this library's strategies
/// fail on every severity, since valid minimal changesets are their contract.
public enum Severity: String, Hashable, Sendable, Codable, CaseIterable, Comparable, CustomStringConvertible {
  /// UIKit raises (its exception named), a diffable data source refuses the
  /// data, or the diff itself traps or hangs: the app goes down.
  case crash
  /// No exception, but the screen shows other items or contents than the data.
  case wrongScreen = "wrong screen"
  /// Valid and right, but more stages, moves or recreated cells than needed.
  case cost

  public var description: String { rawValue }

  /// Worst first: crash, wrong screen, cost.
  public static func < (a: Severity, b: Severity) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// Why a strategy failed on a pair.
public enum VerificationFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// A stage broke a rule, or its result was no snapshot.
  case invalidStage(InvalidStage)
  /// The stages applied cleanly but gave something other than the target,
  /// with every count right: the screen shows other items than the data.
  case wrongResult(String)
  /// The stages applied cleanly but leave another number of sections or
  /// items than the data holds: UIKit's "invalid number of items", with
  /// UIKit's numbers where the last stage gives them.
  case wrongCount(String, CountMismatch? = nil)
  /// The changeset deletes an id that stays, or inserts one that was there,
  /// or misses one that goes or comes.
  case wrongIdentity(String)
  /// More moves than `min_moves` from a strategy that promises the minimum.
  case notMinimal(moves: Int, minimum: Int)
  /// Fewer moves and re-inserted kept ids than `min_moves`: no valid
  /// changeset has that, so the yardstick is wrong.
  case belowMinimum(moves: Int, minimum: Int)
  /// The library's `min_moves` disagrees with the reference computation.
  case minimumMovesDisagree(fast: Int, reference: Int)
  /// An identical pair gave stages.
  case notEmpty(stages: Int)
  /// The changeset is valid but breaks its strategy's documented move rule.
  case moveRule(String)
  /// The strategy crashed (signal or exit status), found by running it in a child process.
  case crashed(String)
  /// No answer within the deadline.
  case hung(seconds: Double)
  /// The strategy's ``Matching`` cannot describe a changeset (a wrong
  /// length, an old index out of range or used twice, a moved flag on an
  /// inserted entry): caught before the stage plan reads it.
  case invalidMatching(Matching.Error)
  /// Valid, but in more stages than the rules need for its operations.
  case tooManyStages(stages: Int, fewest: Int)
  /// The library's apply or comparison disagrees with the referee's own
  /// model of UIKit (``UIKitModel``): a bug in one of them, not in the
  /// strategy's choices.
  case modelDisagrees(String)
  /// A failure another process found, as it reported it, with what UIKit
  /// does with it (``inUIKit``) as that process said it.
  case reported(Kind, message: String, uikit: String? = nil)

  /// A failure's kind: what "fails the same way" means when shrinking, and
  /// how failures are grouped and named in files.
  public enum Kind: Hashable, Sendable, Codable, CustomStringConvertible {
    case rule(Int)
    case invalidResult
    case wrongResult
    case wrongCount
    case wrongIDs
    case notMinimal
    case belowMinimum
    case minimumMoves
    case notEmpty
    case moveRule
    case crash
    case hang
    case invalidMatching
    case tooManyStages
    case badRequest
    /// Not a failure of a strategy: the file it was given is not valid input.
    case invalidInput
    /// The library and the referee's model of UIKit disagree.
    case modelDisagrees

    public var description: String {
      switch self {
      case .rule(let n): return "rule \(n)"
      case .invalidResult: return "invalid result"
      case .wrongResult: return "wrong result"
      case .wrongCount: return "wrong count"
      case .wrongIDs: return "wrong ids"
      case .notMinimal: return "not minimal"
      case .belowMinimum: return "below min_moves"
      case .minimumMoves: return "min_moves"
      case .notEmpty: return "not empty"
      case .moveRule: return "move rule"
      case .crash: return "crash"
      case .hang: return "hang"
      case .invalidMatching: return "invalid matching"
      case .tooManyStages: return "too many stages"
      case .modelDisagrees: return "model disagrees"
      case .badRequest: return "bad request"
      case .invalidInput: return "invalid input"
      }
    }

    /// The kind named by `description`, or `nil`.
    public init?(_ text: String) {
      if text.hasPrefix("rule "), let n = Int(text.dropFirst(5)) {
        self = .rule(n)
        return
      }
      guard let kind = Self.unnumbered.first(where: { $0.description == text }) else { return nil }
      self = kind
    }

    /// Every kind but `rule(_:)`, each once, in declaration order.
    public static var unnumbered: [Kind] { Array(sequence(first: .invalidResult, next: \.following)) }

    /// The kind declared after this one: a switch the compiler holds to
    /// every case, so a new kind cannot be left out of ``unnumbered`` (and
    /// so out of what the worker protocol and the summaries read back).
    private var following: Kind? {
      switch self {
      case .rule: return .invalidResult
      case .invalidResult: return .wrongResult
      case .wrongResult: return .wrongCount
      case .wrongCount: return .wrongIDs
      case .wrongIDs: return .notMinimal
      case .notMinimal: return .belowMinimum
      case .belowMinimum: return .minimumMoves
      case .minimumMoves: return .notEmpty
      case .notEmpty: return .moveRule
      case .moveRule: return .crash
      case .crash: return .hang
      case .hang: return .invalidMatching
      case .invalidMatching: return .tooManyStages
      case .tooManyStages: return .badRequest
      case .badRequest: return .invalidInput
      case .invalidInput: return .modelDisagrees
      case .modelDisagrees: return nil
      }
    }

    public init(from decoder: any Decoder) throws {
      let text = try decoder.singleValueContainer().decode(String.self)
      guard let kind = Kind(text) else {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown failure kind '\(text)'"))
      }
      self = kind
    }

    /// What a `UICollectionView` given such a changeset does, in a line,
    /// where only the kind is known; a failure's own
    /// (``VerificationFailure/inUIKit(view:)``) quotes UIKit's words.
    public var inUIKit: String {
      switch self {
      case .rule(let n):
        // The words per operation pair are the failure's (``VerificationFailure/inUIKit(view:)``).
        return "NSInternalInconsistencyException (rule \(n) of the Batch update rules article)"
      case .invalidResult:
        return "the data holds an id twice: a diffable data source refuses it (NSInternalInconsistencyException, identifiers not unique)"
      case .wrongResult:
        return "no exception: the screen shows other items or contents than the data"
      case .wrongCount:
        return "NSInternalInconsistencyException: \"Invalid update: invalid number of items in section …\" (or of sections): the batch leaves other counts than the data holds"
      case .wrongIDs:
        return "no exception: a kept item is deleted and inserted (its cell recreated, its state and its move animation lost), or an id is left or missing"
      case .notMinimal: return "no exception: more items animate moving than need to"
      case .belowMinimum, .minimumMoves: return "none: the yardstick min_moves is wrong, not the changeset"
      case .notEmpty: return "no exception: a batch update (an animation pass and a layout) where nothing changed"
      case .moveRule: return "no exception: other items animate moving than the library documents"
      case .crash: return "the app crashes: the diff itself crashed"
      case .hang: return "the main thread blocks: the diff did not return"
      case .invalidMatching: return "no changeset: the strategy's matching is malformed"
      case .tooManyStages:
        return "no exception: one more performBatchUpdates (an animation pass and a layout) than the rules need"
      case .badRequest, .invalidInput: return "none: the input was not valid"
      case .modelDisagrees: return "unknown: the library and the referee's model of UIKit disagree, so one of them is wrong"
      }
    }

    /// What a user of the screen meets (``Severity``), or `nil` where the
    /// failure is the harness's yardstick or input, not a changeset.
    public var severity: Severity? {
      switch self {
      case .rule, .invalidResult, .wrongCount, .crash, .hang, .invalidMatching: return .crash
      case .wrongResult: return .wrongScreen
      case .wrongIDs, .notMinimal, .notEmpty, .moveRule, .tooManyStages: return .cost
      case .belowMinimum, .minimumMoves, .badRequest, .invalidInput, .modelDisagrees: return nil
      }
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(description)
    }
  }

  public var description: String {
    switch self {
    case .invalidStage(let error): return "invalid stage: \(error)"
    case .wrongResult(let difference): return "wrong result: \(difference)"
    case .wrongCount(let difference, _): return "wrong count: \(difference)"
    case .wrongIdentity(let what): return "wrong ids: \(what)"
    case let .notMinimal(moves, minimum): return "not minimal: \(moves) moves, min_moves is \(minimum)"
    case let .belowMinimum(moves, minimum):
      return "below min_moves: \(moves) moves and re-inserts, min_moves is \(minimum)"
    case let .minimumMovesDisagree(fast, reference):
      return "min_moves: the library says \(fast), the reference \(reference)"
    case .notEmpty(let stages): return "not empty: \(stages) stages for an identical pair"
    case .moveRule(let what): return "move rule: \(what)"
    case .crashed(let how): return "crashed: \(how)"
    case .hung(let seconds): return "hang: no answer within \(_seconds(seconds))"
    case .invalidMatching(let error): return "invalid matching: \(error)"
    case let .tooManyStages(stages, fewest):
      return "too many stages: \(stages), where the rules allow its operations in \(fewest)"
    case .modelDisagrees(let what): return "model disagrees: \(what)"
    case .reported(_, let message, _): return message
    }
  }

  /// ``Kind/severity`` of this failure's kind.
  public var severity: Severity? { kind.severity }

  /// The failure after its severity, as the commands print it: "crash: rule 3: …".
  public var withSeverity: String { severity.map { "\($0): \(self)" } ?? description }

  public var kind: Kind {
    switch self {
    case .invalidStage(let error): return error.brokenRule.map { Kind.rule($0.rule) } ?? .invalidResult
    case .wrongResult: return .wrongResult
    case .wrongCount: return .wrongCount
    case .wrongIdentity: return .wrongIDs
    case .notMinimal: return .notMinimal
    case .belowMinimum: return .belowMinimum
    case .minimumMovesDisagree: return .minimumMoves
    case .notEmpty: return .notEmpty
    case .moveRule: return .moveRule
    case .crashed: return .crash
    case .hung: return .hang
    case .invalidMatching: return .invalidMatching
    case .tooManyStages: return .tooManyStages
    case .modelDisagrees: return .modelDisagrees
    case .reported(let kind, _, _): return kind
    }
  }

  /// What UIKit does with the changeset, in UIKit's words where a public
  /// report gives them (the library's `BatchUpdate.Reaction`: per operation
  /// pair, with its numbers; or that UIKit raises none), in `view`'s words.
  package func inUIKit(view: BatchUpdate.View) -> String {
    switch self {
    case .invalidStage(let stage):
      if let rule = stage.brokenRule { return rule.reaction(in: view).description }
    case .wrongCount(_, let mismatch?):
      return "NSInternalInconsistencyException: \"\(mismatch.reason(in: view))\""
    case .reported(_, _, let uikit?):
      return uikit
    default:
      break
    }
    return kind.inUIKit
  }

  /// ``inUIKit(view:)`` in `UICollectionView`'s words, the view the referee models.
  public var inUIKit: String { inUIKit(view: .collectionView) }

  /// `; in UIKit: …` where UIKit is what reacts (a rule broken, a wrong
  /// count or result, an id twice), as a verdict line ends; else empty.
  public var inUIKitSuffix: String {
    switch kind {
    case .rule, .wrongCount, .wrongResult, .invalidResult: return "; in UIKit: \(inUIKit)"
    default: return ""
    }
  }
}

/// A batch whose counts differ from the data's, with the numbers UIKit's
/// exception gives: the first count that differs (the sections', or one
/// section's items) and, where the last stage changes no section, what it
/// did to that count.
public struct CountMismatch: Hashable, Sendable {
  /// The section whose items differ, or `nil` for the number of sections.
  public var section: Int?
  /// What the data holds after the update.
  public var after: Int
  /// Before the last stage, and what it inserted, deleted, moved in and
  /// out; `nil` where the stage changes sections too (UIKit's numbers are
  /// then not the stage's alone).
  public var before: Int?
  public var inserted = 0, deleted = 0, movedIn = 0, movedOut = 0

  package init(
    section: Int?, after: Int, before: Int? = nil, inserted: Int = 0, deleted: Int = 0, movedIn: Int = 0, movedOut: Int = 0
  ) {
    (self.section, self.after, self.before) = (section, after, before)
    (self.inserted, self.deleted, self.movedIn, self.movedOut) = (inserted, deleted, movedIn, movedOut)
  }

  /// UIKit's reason, in `view`'s words (sources: ra1028/DifferenceKit issue
  /// 102, Instagram/IGListKit issue 1132, woocommerce/woocommerce-ios issue
  /// 1543, onmyway133/DeepDiff issue 56).
  package func reason(in view: BatchUpdate.View = .collectionView) -> String {
    let items = view.item + "s"
    guard let section else {
      let head = "Invalid update: invalid number of sections."
      guard let before else { return head }
      return head + " The number of sections contained in the \(view.name) after the update (\(after)) must be equal to the number of "
        + "sections contained in the \(view.name) before the update (\(before)), plus or minus the number of sections inserted or deleted "
        + "(\(inserted) inserted, \(deleted) deleted)."
    }
    let head = "Invalid update: invalid number of \(items) in section \(section)."
    guard let before else { return head }
    return head + " The number of \(items) contained in an existing section after the update (\(after)) must be equal to the number of "
      + "\(items) contained in that section before the update (\(before)), plus or minus the number of \(items) inserted or deleted from "
      + "that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(items) moved into or out of that "
      + "section (\(movedIn) moved in, \(movedOut) moved out)."
  }
}

/// "10 s", "0.5 s", "12.3 s": the one way a hang message gives seconds.
package func _seconds(_ seconds: Double) -> String {
  seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
}

/// Failures counted by severity, as `fuzz`, `verify` and the tables give
/// them: a reader sees at once whether anything crashes.
public struct SeverityCounts: Codable, Sendable, Equatable, CustomStringConvertible {
  public var crash = 0
  public var wrongScreen = 0
  public var cost = 0
  /// Failures of the yardstick itself (`min_moves`), not of a strategy.
  public var yardstick = 0

  public init() {}

  public var total: Int { crash + wrongScreen + cost + yardstick }

  public mutating func count(_ kind: VerificationFailure.Kind) {
    switch kind.severity {
    case .crash: crash += 1
    case .wrongScreen: wrongScreen += 1
    case .cost: cost += 1
    case nil: yardstick += 1
    }
  }

  /// "crash 0, wrong screen 2, cost 31", and the yardstick's where there are some.
  public var description: String {
    "crash \(crash), wrong screen \(wrongScreen), cost \(cost)" + (yardstick > 0 ? ", yardstick \(yardstick)" : "")
  }

  enum CodingKeys: String, CodingKey {
    case crash, wrongScreen = "wrong screen", cost, yardstick
  }
}

/// A stage that broke a rule, or whose result was no snapshot: the library's
/// ``SnapshotDiff/Changeset/Error`` in its own words (ids and all), so that
/// one failure type holds every pair's verdict, and the rule it broke.
public struct InvalidStage: Hashable, Sendable, CustomStringConvertible {
  /// The stage, counted from 0.
  public var stage: Int
  /// The rule it broke, or `nil` where it kept them but its result held an id twice.
  public var brokenRule: BatchUpdate.Error?
  /// The library's error, as it describes itself.
  public var description: String

  public init<S, I, C>(_ error: Changeset<S, I, C>.Error) {
    (stage, description) = (error.stage, "\(error)")
    if case .brokenRule(let broken) = error.error { brokenRule = broken }
  }
}
