import SnapshotDiff

/// The yardsticks of one pair, computed once and shared by every strategy
/// checked on it: whether it is identical, the library's `min_moves` and, for
/// pairs small enough, the reference one.
public struct PairOracle: Sendable {
  public let old: StringSnapshot
  public let new: StringSnapshot
  public let identical: Bool
  /// ``Reference/minimumMoves(from:to:)``, or `nil` on pairs too large for it.
  public let referenceMinimumMoves: Int?
  /// `Snapshot.minimumMoves`, the fast one the bench reports.
  public let fastMinimumMoves: Int

  public init(
    old: StringSnapshot, new: StringSnapshot,
    fastMinimumMoves: (StringSnapshot, StringSnapshot) -> Int = { StringSnapshot.minimumMoves(from: $0, to: $1) }
  ) {
    self.old = old
    self.new = new
    identical = old == new
    referenceMinimumMoves = max(old.numberOfItems, new.numberOfItems) <= Reference.maximumItems
      ? Reference.minimumMoves(from: old, to: new) : nil
    self.fastMinimumMoves = fastMinimumMoves(old, new)
    indexed = _IndexedPair(old, new)
  }

  /// The `min_moves` changesets are judged by: the reference where there is one.
  public var minimumMoves: Int { referenceMinimumMoves ?? fastMinimumMoves }

  /// The pair indexed by id, for the move-rule oracles.
  let indexed: _IndexedPair

  /// The library's `min_moves` against the reference: a wrong yardstick would
  /// let a non-minimal changeset pass.
  public var metricFailure: VerificationFailure? {
    guard let reference = referenceMinimumMoves, reference != fastMinimumMoves else { return nil }
    return .minimumMovesDisagree(fast: fastMinimumMoves, reference: reference)
  }
}

/// The oracles of SPEC §6, as one namespace: `check` (the rules and the
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

  static func check<S, I, C>(_ replay: Replay<S, I, C>, to new: Snapshot<S, I, C>) -> VerificationFailure? {
    if let error = replay.error { return .invalidStage(error) }
    return firstDifference(replay.result, new).map(VerificationFailure.wrongResult)
  }

  /// The first position where `result` differs from `target`, described; `nil` if equal.
  public static func firstDifference<S: Hashable, I: Hashable, C: Equatable>(
    _ result: Snapshot<S, I, C>, _ target: Snapshot<S, I, C>
  ) -> String? {
    for s in 0..<max(result.numberOfSections, target.numberOfSections) {
      guard s < result.numberOfSections else { return "section \(s): missing, expected \"\(target.sectionIdentifiers[s])\"" }
      guard s < target.numberOfSections else { return "section \(s): \"\(result.sectionIdentifiers[s])\" is extra" }
      if result.sectionIdentifiers[s] != target.sectionIdentifiers[s] {
        return "section \(s): \"\(result.sectionIdentifiers[s])\", expected \"\(target.sectionIdentifiers[s])\""
      }
      if result.sectionContent(at: s) != target.sectionContent(at: s) {
        return "section \(s) content: \(_text(result.sectionContent(at: s))), expected \(_text(target.sectionContent(at: s)))"
      }
      let got = result.itemRange(ofSection: s)
      let want = target.itemRange(ofSection: s)
      for k in 0..<max(got.count, want.count) {
        let here = ItemPath(section: s, item: k)
        guard k < got.count else { return "item \(here): missing, expected \"\(target.allItems[want.lowerBound + k].id)\"" }
        guard k < want.count else { return "item \(here): \"\(result.allItems[got.lowerBound + k].id)\" is extra" }
        let a = result.allItems[got.lowerBound + k]
        let b = target.allItems[want.lowerBound + k]
        if a.id != b.id { return "item \(here): \"\(a.id)\", expected \"\(b.id)\"" }
        if a.content != b.content { return "item \(here) content: \(_text(a.content)), expected \(_text(b.content))" }
      }
    }
    return nil
  }

  static func _text<C>(_ content: C?) -> String {
    content.map { "\"\($0)\"" } ?? "none"
  }

  /// Runs `strategy` on the pair and checks its changeset (see
  /// ``verify(_:madeBy:oracle:)``).
  public static func verify(_ strategy: any DiffStrategy, from old: StringSnapshot, to new: StringSnapshot) -> VerificationFailure? {
    verify(strategy, oracle: PairOracle(old: old, new: new))
  }

  /// Runs `strategy` on the oracle's pair and checks its changeset.
  public static func verify(_ strategy: any DiffStrategy, oracle: PairOracle) -> VerificationFailure? {
    switch changeset(strategy, from: oracle.old, to: oracle.new) {
    case .success(let changeset): return verify(changeset, madeBy: strategy.traits, oracle: oracle)
    case .failure(let failure): return failure
    }
  }

  /// The strategy's changeset, through the checked entry point: a malformed
  /// matching is the failure `invalid matching`, never a trap.
  public static func changeset(
    _ strategy: any DiffStrategy, from old: StringSnapshot, to new: StringSnapshot
  ) -> Result<StringChangeset, VerificationFailure> {
    do {
      return .success(try strategy.checkedStringChangeset(from: old, to: new))
    } catch {
      return .failure(.invalidMatching(error))
    }
  }

  /// Checks a changeset against everything a failure is (SPEC §6), in order:
  /// valid stages and the exact target; exactly the gone ids deleted and the new
  /// ones inserted (a kept id re-inserted only where the traits allow it); no
  /// stage for an identical pair; moves plus re-inserted kept ids at least
  /// `min_moves`, and equal to it where the traits promise the minimum; the
  /// documented move rule; one stage where the rules allow the changeset's
  /// operations in one (``FewestStages``).
  public static func verify(_ changeset: StringChangeset, madeBy traits: StrategyTraits, oracle: PairOracle) -> VerificationFailure? {
    let old = oracle.old, new = oracle.new
    let replay = Replay(changeset, from: old)
    if let failure = check(replay, to: new) { return failure }
    if let failure = checkIdentity(removed: replay.removed, added: replay.added, from: old, to: new, reinserts: traits.reinsertsKeptItems) {
      return failure
    }
    if oracle.identical && !changeset.stages.isEmpty { return .notEmpty(stages: changeset.stages.count) }
    let effect = ChangesetEffect(replay, moveCount: changeset.counts.moves)
    let minimum = oracle.minimumMoves
    let moves = effect.moveCount + effect.reinsertedItems.count
    if moves < minimum { return .belowMinimum(moves: moves, minimum: minimum) }
    if traits.moveRule == .minimal && effect.moveCount != minimum { return .notMinimal(moves: effect.moveCount, minimum: minimum) }
    if let broken = MoveRuleOracle.check(traits.moveRule, effect, pair: oracle.indexed) { return .moveRule(broken) }
    let fewest = FewestStages(effect, pair: oracle.indexed, old: old, new: new)
    if let count = fewest.count, changeset.stages.count > count {
      return .tooManyStages(stages: changeset.stages.count, fewest: count)
    }
    return nil
  }

  /// The ids a changeset removes (item deletes, and the items of deleted
  /// sections) and adds (item inserts, and the items of inserted sections), up
  /// to the first stage that breaks a rule.
  public static func removedAndAdded<S, I, C>(
    _ changeset: Changeset<S, I, C>, from old: Snapshot<S, I, C>
  ) -> (removed: [I], added: [I]) {
    let replay = Replay(changeset, from: old)
    return (replay.removed, replay.added)
  }

  /// Checks that the ids a changeset removed and added are exactly the gone and
  /// the new ones, each once; with `reinserts`, a kept id may also be removed
  /// and added once each.
  static func checkIdentity<S, I, C>(
    removed: [I], added: [I], from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>, reinserts: Bool
  ) -> VerificationFailure? {
    let oldIDs = Set(old.itemIdentifiers)
    let newIDs = Set(new.itemIdentifiers)
    var removedSet = Set<I>()
    for id in removed where !removedSet.insert(id).inserted { return .wrongIdentity("\"\(id)\" is removed twice") }
    var addedSet = Set<I>()
    for id in added where !addedSet.insert(id).inserted { return .wrongIdentity("\"\(id)\" is added twice") }
    for id in oldIDs where !newIDs.contains(id) && !removedSet.contains(id) {
      return .wrongIdentity("\"\(id)\" goes but is not deleted")
    }
    for id in newIDs where !oldIDs.contains(id) && !addedSet.contains(id) {
      return .wrongIdentity("\"\(id)\" is new but not inserted")
    }
    for id in removedSet where newIDs.contains(id) {
      if !reinserts { return .wrongIdentity("\"\(id)\" stays but is deleted (not moved)") }
      if !addedSet.contains(id) { return .wrongIdentity("\"\(id)\" stays but is deleted and not inserted again") }
    }
    for id in addedSet where oldIDs.contains(id) {
      if !reinserts { return .wrongIdentity("\"\(id)\" was there but is inserted (not moved)") }
      if !removedSet.contains(id) { return .wrongIdentity("\"\(id)\" was there but is inserted without a delete") }
    }
    return nil
  }
}
