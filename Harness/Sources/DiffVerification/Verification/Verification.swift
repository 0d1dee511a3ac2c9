import DiffSupport
import Foundation
import SnapshotDiff

/// The yardsticks of one pair, computed once and shared by every strategy
/// checked on it: whether it is identical, the library's `min_moves` and, for
/// pairs small enough, the reference one.
package struct PairOracle: Sendable {
  package let old: StringSnapshot
  package let new: StringSnapshot
  package let identical: Bool
  /// ``Reference/minimumMoves(from:to:)``, or `nil` on pairs too large for it.
  package let referenceMinimumMoves: Int?
  /// `Snapshot.minimumMoves`, the fast one the bench reports: made on
  /// first use, since a trace walk judges by the reference alone where
  /// it runs (made with every pair, it was 2.6 % of a verify, counted).
  package var fastMinimumMoves: Int { fast.value }
  private let fast: _Lazy<Int>

  /// How large a pair the slow reference oracles run on (exact wherever
  /// they run); beyond, `min_moves` is the library's.
  package let limits: OracleLimits

  /// The UIKit judged against: how a strategy of this library's item
  /// updates are performed (`--uikit`; a peer's are as its glue declares).
  package let updates: BatchUpdate.UpdateKind

  package init(
    old: StringSnapshot, new: StringSnapshot, limits: OracleLimits = .full, updates: BatchUpdate.UpdateKind = .reconfigure,
    fastMinimumMoves: @escaping @Sendable (StringSnapshot, StringSnapshot) -> Int = { StringSnapshot.minimumMoves(from: $0, to: $1) }
  ) {
    self.old = old
    self.new = new
    identical = old == new
    self.limits = limits
    self.updates = updates
    referenceMinimumMoves = max(old.numberOfItems, new.numberOfItems) <= limits.referenceItems
      ? Reference.minimumMoves(from: old, to: new) : nil
    fast = _Lazy { fastMinimumMoves(old, new) }
    index = _Lazy { _IndexedPair(old, new) }
    shown = _Lazy { UIKitModel.State(old) }
  }

  /// The changesets replayed on this pair so far: strategies often make
  /// the same one (on `random-1e6`, `hashmap`, `myers` and the data
  /// source's apply), and a changeset's replay is the same whoever made it.
  /// What is kept of a replay, with its changeset, is the size of the
  /// changeset (``Verifier/Replayed``), so one is kept at any size of pair,
  /// up to ``replaysKeptUpToIDs``.
  let replays = _Memo<StringChangeset, Verifier.Replayed>()

  /// The most ids removed and added by a changeset whose replay is kept:
  /// `naive`'s on `random-1e6` re-inserts every kept id (two million), no
  /// other strategy makes it, and kept it held 67 MB more at the bench's peak.
  package static let replaysKeptUpToIDs = 100_000

  /// The largest pair, in items on either side, whose replays keep the
  /// snapshot the stages give: tens of megabytes at a million items, one
  /// per changeset. Above it, a judgement that needs it (a trace walk's)
  /// replays the changeset again.
  package static let resultsKeptUpTo = 20_000

  /// `changeset` replayed and held to the target, once for every strategy
  /// that made it; `withResult`, with the snapshot the stages give.
  func replayed(_ changeset: StringChangeset, withResult: Bool) -> Verifier.Replayed {
    let keepsResult = max(old.numberOfItems, new.numberOfItems) <= Self.resultsKeptUpTo
    if withResult && !keepsResult { return Verifier.Replayed(changeset, oracle: self, keepingResult: true) }
    return replays.value(for: changeset, keeping: { $0.removed.count + $0.added.count <= Self.replaysKeptUpToIDs }) {
      Verifier.Replayed(changeset, oracle: self, keepingResult: keepsResult)
    }
  }

  /// How many different changesets have been replayed on this pair.
  package var changesetsReplayed: Int { replays.count }

  /// The `min_moves` changesets are judged by: the reference where there is one.
  package var minimumMoves: Int { referenceMinimumMoves ?? fastMinimumMoves }

  /// The pair indexed by id, for the move-rule and stage-count oracles:
  /// built on first use, since most changesets need neither.
  let index: _Lazy<_IndexedPair>
  var indexed: _IndexedPair { index.value }

  /// The old snapshot as the UIKit model shows it, which every changeset's
  /// replay starts from: made once for all strategies on a pair of at most
  /// ``resultsKeptUpTo`` items; above, each replay makes its own, so that
  /// a worker holds one state of the pair's size besides the replay's (the
  /// referee's peak on a million items, measured).
  private let shown: _Lazy<UIKitModel.State<String, String, String>>
  var shownOld: UIKitModel.State<String, String, String>? {
    max(old.numberOfItems, new.numberOfItems) <= Self.resultsKeptUpTo ? shown.value : nil
  }

  /// The library's `min_moves` against the reference: a wrong yardstick would
  /// let a non-minimal changeset pass.
  package var metricFailure: VerificationFailure? {
    guard let reference = referenceMinimumMoves, reference != fastMinimumMoves else { return nil }
    return .minimumMovesDisagree(fast: fastMinimumMoves, reference: reference)
  }
}

/// A value of the pair, made once, on first use, by whichever subject needs it.
final class _Lazy<Value>: @unchecked Sendable {  // `made` is guarded by `lock`; `make` reads only the pair, which is Sendable
  private let lock = NSLock()
  private let make: () -> Value
  private var made: Value?

  init(_ make: @escaping () -> Value) { self.make = make }

  var value: Value {
    lock.lock()
    defer { lock.unlock() }
    if let made { return made }
    let value = make()
    made = value
    return value
  }
}

/// Values of the pair made from keys compared by `==`, each made once; a
/// pair holds a few (one per strategy at most), so a list serves.
final class _Memo<Key: Equatable, Value>: @unchecked Sendable {  // `made` is guarded by `lock`
  private let lock = NSLock()
  private var made: [(key: Key, value: Value)] = []

  var count: Int { lock.withLock { made.count } }

  /// The value for `key`, made on a miss and kept where `keeping` says so.
  func value(for key: Key, keeping: (Value) -> Bool = { _ in true }, _ make: () -> Value) -> Value {
    if let hit = lock.withLock({ made.first { $0.key == key } }) { return hit.value }
    let value = make()
    if keeping(value) { lock.withLock { made.append((key, value)) } }
    return value
  }
}

/// The oracles of the diffbench article, as one namespace: `check` (the rules and the
/// target), `verify` (everything a failure is), and their helpers.
public enum Verifier {
  /// Applies `changeset` to `old` and checks it gives `new` exactly.
  ///
  /// - Returns: `nil` when it does, else what broke: the rule and stage, or the
  ///   first position where the result differs from the target.
  public static func check<S: Hashable, I: Hashable, C: Equatable>(
    _ changeset: Changeset<S, I, C>, from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
  ) -> VerificationFailure? {
    check(Replay(changeset, from: old), to: new)
  }

  /// The replay held to `new`, by the model's comparison (read from the
  /// snapshot where it is, never copied into a state of the model's); where
  /// the library replayed the stages too (``crossCheckedItems``), its
  /// comparison must agree.
  static func check<S, I, C>(
    _ replay: Replay<S, I, C>, to new: Snapshot<S, I, C>, library: Library<S, I, C> = .shipped
  ) -> VerificationFailure? {
    if let disagreement = replay.disagreement { return .modelDisagrees(disagreement) }
    if let error = replay.error { return .invalidStage(InvalidStage(error)) }
    let difference = UIKitModel.firstDifference(replay.shown, new)
    if let result = replay.libraryResult, (difference == nil) != (library.firstDifference(result, new) == nil) {
      return .modelDisagrees("the library's comparison says \(difference == nil ? "they differ" : "they are equal") where the model finds \(difference ?? "them equal")")
    }
    guard let difference else { return nil }
    // UIKit counts what the batch leaves against what the data source
    // holds: a count that differs is its exception, the rest a wrong screen.
    if let counts = countDifference(replay.shown, new) {
      return .wrongCount("\(counts); first difference: \(difference)", countMismatch(replay, new))
    }
    return .wrongResult(difference)
  }

  /// The first count where the batch's result and the data differ, with
  /// the numbers UIKit's exception gives: counted over the last stage, the
  /// batch UIKit holds to the data (an earlier one left what it expected).
  static func countMismatch<S, I, C>(_ replay: Replay<S, I, C>, _ data: Snapshot<S, I, C>) -> CountMismatch? {
    let result = replay.shown
    let before = replay.countsBeforeLastStage
    let stage = replay.lastStage
    if result.sectionCount != data.sectionCount {
      var mismatch = CountMismatch(section: nil, after: data.sectionCount)
      if let stage {
        mismatch.before = before.count
        (mismatch.inserted, mismatch.deleted) = (stage.sectionInserts.count, stage.sectionDeletes.count)
      }
      return mismatch
    }
    guard let s = (0..<data.sectionCount).first(where: { result.rowCount($0) != data.rowCount($0) }) else { return nil }
    var mismatch = CountMismatch(section: s, after: data.rowCount(s))
    // Where the stage changes no section, section s is old section s.
    if let stage, stage.sectionInserts.isEmpty, stage.sectionDeletes.isEmpty, stage.sectionMoves.isEmpty, s < before.count {
      mismatch.before = before[s]
      mismatch.inserted = stage.itemInserts.count { $0.path.section == s }
      mismatch.deleted = stage.itemDeletes.count { $0.section == s }
      mismatch.movedIn = stage.itemMoves.count { $0.to.section == s && $0.from.section != s }
      mismatch.movedOut = stage.itemMoves.count { $0.from.section == s && $0.to.section != s }
    }
    return mismatch
  }

  /// The first section count or item count where the batch's result and the
  /// data differ, in UIKit's words, or `nil` where every count agrees.
  static func countDifference<A: _ShownSections, B: _ShownSections>(_ result: A, _ data: B) -> String? {
    if result.sectionCount != data.sectionCount {
      return "invalid number of sections: the batch leaves \(result.sectionCount), the data has \(data.sectionCount)"
    }
    for s in 0..<data.sectionCount where result.rowCount(s) != data.rowCount(s) {
      return "invalid number of items in section \(s): the batch leaves \(result.rowCount(s)), the data has \(data.rowCount(s))"
    }
    return nil
  }

  /// Runs `strategy` on the pair and checks its changeset (see
  /// ``verify(_:madeBy:oracle:)``).
  public static func verify(_ strategy: Contender, from old: StringSnapshot, to new: StringSnapshot) -> VerificationFailure? {
    verify(strategy, oracle: PairOracle(old: old, new: new))
  }

  /// Runs `strategy` on the oracle's pair and checks its changeset.
  package static func verify(_ strategy: Contender, oracle: PairOracle) -> VerificationFailure? {
    switch changeset(strategy, from: oracle.old, to: oracle.new, updates: oracle.updates) {
    case .success(let changeset): return verify(changeset, madeBy: strategy.traits, oracle: oracle)
    case .failure(let failure): return failure
    }
  }

  /// The strategy's changeset, through the checked entry point: a malformed
  /// matching is the failure `invalid matching`, never a trap.
  ///
  /// A strategy of this library makes its changeset for the UIKit given:
  /// under `.reload` a stage whose reloads UIKit would misplace is split
  /// (``Changeset/performed(as:from:)``). A peer whose glue declares its
  /// update call (``StrategyTraits/updates``) is judged by that call, and
  /// the data its glue sets before a batch is held to what the batch
  /// leaves (``GlueDataError``): a count that differs is `wrong count`, an
  /// id twice with every count right `wrong result`.
  package static func changeset(
    _ strategy: Contender, from old: StringSnapshot, to new: StringSnapshot, updates target: BatchUpdate.UpdateKind = .reconfigure
  ) -> Result<StringChangeset, VerificationFailure> {
    switch strategy.checkedChangeset(from: old, to: new) {
    case .success(let made): return .success(performed(made, by: strategy.traits, for: target, from: old))
    case .failure(.matching(let error)): return .failure(.invalidMatching(error))
    case .failure(.glue(let error)):
      // The data its glue sets before each batch is judged as UIKit
      // judges the data source's: never replaced by the target.
      if case .ids = error.problem { return .failure(.wrongResult(error.description)) }
      return .failure(.wrongCount(error.description))
    }
  }

  /// Checks a changeset against everything a failure is (the diffbench article), in order:
  /// valid stages and the exact target; exactly the gone ids deleted and the new
  /// ones inserted (a kept id re-inserted only where the traits allow it); no
  /// stage for an identical pair; moves plus re-inserted kept ids at least
  /// `min_moves`, and equal to it where the traits promise the minimum; the
  /// documented move rule; no more stages than the rules need for the
  /// changeset's operations (``FewestStages``).
  package static func verify(_ changeset: StringChangeset, madeBy traits: StrategyTraits, oracle: PairOracle) -> VerificationFailure? {
    judge(changeset, madeBy: traits, oracle: oracle).failure
  }

  /// What ``verify(_:madeBy:oracle:)`` finds, and the fewest stages the
  /// rules allow for the changeset's operations: the bench's `min_stages`.
  package struct Judgement: Sendable {
    package var failure: VerificationFailure?
    /// ``FewestStages``: a changeset of one stage or none is its own fewest;
    /// `nil` where the changeset broke a rule or missed its target, where
    /// the quality oracles do not run (``OracleLimits/quality``), or where
    /// the count is not known (``FewestStages/count``). Counted whatever
    /// else the changeset breaks (its ids, its move rule).
    package var fewestStages: Int?
    /// The snapshot the changeset gives (what a trace walk carries on), where asked for, unless a stage broke a rule.
    package var result: StringSnapshot?
  }

  /// What a changeset does on its pair, whichever strategy made it: the
  /// ids it removes and adds, its first failure to reach the target within
  /// the rules, and, where it reaches it, its effect and fewest stages. The
  /// rest of a judgement depends on the maker's traits.
  ///
  /// It keeps what a judgement reads, not the replay: the model's state,
  /// as large as the pair, is not kept.
  struct Replayed {
    var targetFailure: VerificationFailure?
    var effect: ChangesetEffect?
    var fewestStages: Int?
    /// The ids removed and added (``Replay``).
    var removed: [String]
    var added: [String]
    /// What the stages give, unless one broke a rule or it was not kept
    /// (``PairOracle/resultsKeptUpTo``): a value of its own, as a device
    /// would hold it, never the recorded target (a strategy may tell them apart).
    var result: StringSnapshot?

    init(_ changeset: StringChangeset, oracle: PairOracle, keepingResult: Bool) {
      // The replay (the model's state, as large as the pair) is let go
      // before the pair's index is made.
      let effect: ChangesetEffect
      do {
        let replay = Replay(changeset, from: oracle.old, shown: oracle.shownOld)
        targetFailure = check(replay, to: oracle.new)
        (removed, added) = (replay.removed, replay.added)
        result = keepingResult && replay.error == nil ? replay.result : nil
        guard targetFailure == nil else { return }
        effect = ChangesetEffect(replay, moveCount: changeset.counts.moves)
      }
      self.effect = effect
      // Counted for any changeset that reaches its target, whatever else it
      // breaks (its ids, its move rule): one stage (or none) is always its own fewest.
      _ = oracle.indexed
      if oracle.limits.quality {
        fewestStages = changeset.stages.count <= 1
          ? changeset.stages.count
          : fewest(changeset, from: oracle.old, FewestStages(effect, pair: oracle.indexed, upTo: changeset.stages.count).count)
      }
    }
  }

  /// Checks a changeset as ``verify(_:madeBy:oracle:)`` does, and gives its
  /// fewest stages beside the verdict.
  ///
  /// - Parameter withResult: give the snapshot the stages give too (a
  ///   trace walk carries it on).
  package static func judge(
    _ changeset: StringChangeset, madeBy traits: StrategyTraits, oracle: PairOracle, withResult: Bool = false
  ) -> Judgement {
    // The yardstick first, while only the pair is held: made after the
    // replay and the pair's index, its tables set the referee's peak on a
    // million items (33 MB more, measured).
    let minimum = oracle.minimumMoves
    let replayed = oracle.replayed(changeset, withResult: withResult)
    var judgement = Judgement(fewestStages: replayed.fewestStages, result: replayed.result)
    func failure() -> VerificationFailure? {
      if let failure = replayed.targetFailure { return failure }
      guard let effect = replayed.effect else { preconditionFailure("a replay that reaches its target has its effect") }
      if let failure = checkIdentity(removed: replayed.removed, added: replayed.added, reinserts: traits.reinsertsKeptItems) {
        return failure
      }
      if oracle.identical && !changeset.stages.isEmpty { return .notEmpty(stages: changeset.stages.count) }
      let moves = effect.moveCount + effect.reinsertedItems.count
      if moves < minimum { return .belowMinimum(moves: moves, minimum: minimum) }
      if traits.moveRule == .minimal && effect.moveCount != minimum { return .notMinimal(moves: effect.moveCount, minimum: minimum) }
      guard oracle.limits.quality else { return nil }
      if let broken = MoveRuleOracle.check(traits.moveRule, effect, reinserts: traits.reinsertsKeptItems, limits: oracle.limits, pair: oracle.indexed) { return .moveRule(broken) }
      if let count = judgement.fewestStages, changeset.stages.count > count {
        return .tooManyStages(stages: changeset.stages.count, fewest: count)
      }
      return nil
    }
    judgement.failure = failure()
    return judgement
  }

  /// The fewest stages the seven rules allow for the operations `changeset`
  /// chose on the oracle's pair (``FewestStages``), searched up to its own
  /// count; `nil` when a stage breaks a rule, or it moves an item or
  /// section twice.
  package static func fewestStages(_ changeset: StringChangeset, oracle: PairOracle) -> Int? {
    let replay = Replay(changeset, from: oracle.old, shown: oracle.shownOld)
    guard replay.error == nil else { return nil }
    let effect = ChangesetEffect(replay, moveCount: changeset.counts.moves)
    return fewest(changeset, from: oracle.old, FewestStages(effect, pair: oracle.indexed, upTo: changeset.stages.count).count)
  }

  /// The fewest stages (``FewestStages``, section reloads placed as UIKit
  /// places them), plus one for each batch of item reloads the changeset
  /// keeps apart because UIKit needs it: where items are reloaded rather
  /// than reconfigured, a stage of item reloads alone whose reloads, merged
  /// back into the stage before it, UIKit would misplace (the rules
  /// article: a reload is placed ignoring moves; WWDC 2018 session 225's
  /// fix is that second batch). Judged by applying both ways, so a batch
  /// kept apart for nothing is still a stage too many. (``FewestStages``
  /// does not model where an item reload lands: this is the one allowance.)
  static func fewest(_ changeset: StringChangeset, from old: StringSnapshot, _ inPlace: Int?) -> Int? {
    guard let inPlace, inPlace < changeset.stages.count, changeset.updates == .reload else { return inPlace }
    let stages = changeset.stages, kind = changeset.updates
    var state = old
    var needed = 0  // reload batches kept apart that UIKit needs, one each
    for k in stages.indices {
      guard let next = try? stages[k].apply(to: state, updates: kind) else { return inPlace + needed }
      if k + 1 < stages.count, let merged = merging(stages[k + 1], into: stages[k], before: state, after: next) {
        let apart = try? stages[k + 1].apply(to: next, updates: kind)
        if (try? merged.apply(to: state, updates: kind)) != apart { needed += 1 }
      }
      state = next
    }
    return inPlace + needed
  }

  /// `stage` (item updates only) written into `previous`, at the positions
  /// its items had before `previous`; `nil` where it is not item updates
  /// only, or an updated item was not there before.
  static func merging(
    _ stage: StringChangeset.Stage, into previous: StringChangeset.Stage, before: StringSnapshot, after: StringSnapshot
  ) -> StringChangeset.Stage? {
    guard !stage.itemUpdates.isEmpty && stage.sectionUpdates.isEmpty else { return nil }
    var onlyUpdates = stage
    onlyUpdates.itemUpdates = []
    guard onlyUpdates.isEmpty else { return nil }
    var merged = previous
    for update in stage.itemUpdates {
      guard after.numberOfSections > update.path.section, update.path.section >= 0, update.path.item >= 0,
        after.numberOfItems(inSectionAt: update.path.section) > update.path.item,
        let path = before.indexPath(of: after.item(at: update.path).id)
      else { return nil }
      merged.itemUpdates.append(.init(path: path, content: update.content))
    }
    return merged
  }

  /// A strategy's changeset as UIKit is given it: performed as its glue
  /// declares (``StrategyTraits/updates``), else made for the UIKit
  /// `target` (``Changeset/performed(as:from:)``).
  package static func performed<S: Hashable, I: Hashable, C: Equatable>(
    _ made: Changeset<S, I, C>, by traits: StrategyTraits, for target: BatchUpdate.UpdateKind, from old: Snapshot<S, I, C>
  ) -> Changeset<S, I, C> {
    guard let declared = traits.updates else { return made.performed(as: target, from: old) }
    var sent = made
    sent.updates = declared
    return sent
  }

  /// Checks a changeset made on another representation of a pair already
  /// judged as strings (the `Int` path): it reaches its own target within
  /// the rules, and its counts are the string changeset's. It is performed
  /// as the string one was (``performed(_:by:for:from:)``).
  package static func checkOtherPath<S: Hashable, I: Hashable, C: Equatable>(
    _ other: Changeset<S, I, C>, from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>,
    madeBy traits: StrategyTraits = StrategyTraits(), updates target: BatchUpdate.UpdateKind = .reconfigure,
    sameCountsAs made: ChangesetCounts
  ) -> VerificationFailure? {
    let changeset = performed(other, by: traits, for: target, from: old)
    if let failure = check(changeset, from: old, to: new) { return failure }
    let c = changeset.counts
    guard [c.stages, c.sectionOperations, c.deletes, c.inserts, c.moves, c.updates]
      == [made.stages, made.sectionOperations, made.deletes, made.inserts, made.moves, made.updates]
    else {
      return .wrongResult("the \(I.self) changeset's counts differ from the string one's")
    }
    return nil
  }

  /// The ids a changeset removes (item deletes, and the items of deleted
  /// sections) and adds (item inserts, and the items of inserted sections), up
  /// to the first stage that breaks a rule.
  package static func removedAndAdded<S, I, C>(
    _ changeset: Changeset<S, I, C>, from old: Snapshot<S, I, C>
  ) -> (removed: [I], added: [I]) {
    let replay = Replay(changeset, from: old)
    return (replay.removed, replay.added)
  }

  /// Checks that the ids a changeset removed and added are exactly the gone and
  /// the new ones, each once; with `reinserts`, a kept id may also be removed
  /// and added once each.
  ///
  /// Called once the stages have reached the target exactly, so the result's
  /// ids are the old ones less those removed plus those added, and each id is
  /// there once: a gone id was necessarily removed, a new one added, and a
  /// kept id is removed exactly when it is also added. What is left to check
  /// is that no id is removed or added twice, and which kept ids went out
  /// and came back: linear in the ids removed and added, not in the pair.
  static func checkIdentity<I: Hashable>(removed: [I], added: [I], reinserts: Bool) -> VerificationFailure? {
    var removedSet = Set<I>(minimumCapacity: removed.count)
    for id in removed where !removedSet.insert(id).inserted { return .wrongIdentity("\"\(id)\" is removed twice") }
    var addedSet = Set<I>(minimumCapacity: added.count)
    for id in added where !addedSet.insert(id).inserted { return .wrongIdentity("\"\(id)\" is added twice") }
    if !reinserts, let id = removed.first(where: addedSet.contains) {
      return .wrongIdentity("\"\(id)\" stays but is deleted (not moved)")
    }
    return nil
  }
}
