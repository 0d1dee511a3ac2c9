import SnapshotDiff

/// Why a strategy failed on a pair.
public enum VerificationFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// A stage broke a rule, or its result was no snapshot.
  case invalidStage(ChangesetError)
  /// The stages applied cleanly but gave something other than the target.
  case wrongResult(String)
  /// The changeset has more moves than `min_moves` where the strategy promises the minimum.
  case notMinimal(moves: Int, minimum: Int)
  /// The strategy crashed (signal or exit status), found by running it in a child process.
  case crashed(String)
  /// The changeset deletes an id that stays, or inserts one that was there,
  /// or misses one that goes or comes.
  case wrongIdentity(String)
  /// A failure another process found, as it reported it.
  case remote(kind: String, message: String)

  public var description: String {
    switch self {
    case .invalidStage(let error): return "invalid stage: \(error)"
    case .wrongResult(let difference): return "wrong result: \(difference)"
    case let .notMinimal(moves, minimum): return "not minimal: \(moves) moves, min_moves is \(minimum)"
    case .crashed(let how): return "crashed: \(how)"
    case .wrongIdentity(let what): return "wrong ids: \(what)"
    case .remote(_, let message): return message
    }
  }

  /// A short label for grouping: the same strategy failing "the same way".
  public var kind: String {
    switch self {
    case .invalidStage(let error): return error.error.rule.map { "rule \($0)" } ?? "invalid result"
    case .wrongResult: return "wrong result"
    case .notMinimal: return "not minimal"
    case .crashed: return "crash"
    case .wrongIdentity: return "wrong ids"
    case .remote(let kind, _): return kind
    }
  }
}

/// Applies `changeset` to `old` and checks it gives `new` exactly.
///
/// - Returns: `nil` when it does, else what broke: the rule and stage, or the
///   first position where the result differs from the target.
public func check<S: Hashable, I: Hashable, C: Equatable>(
  _ changeset: Changeset<S, I, C>, from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
) -> VerificationFailure? {
  check(Replay(changeset, from: old), to: new)
}

func check<S, I, C>(_ replay: Replay<S, I, C>, to new: Snapshot<S, I, C>) -> VerificationFailure? {
  if let error = replay.error { return .invalidStage(error) }
  return firstDifference(replay.result, new).map(VerificationFailure.wrongResult)
}

/// A changeset applied stage by stage: the result, or the first stage that
/// broke a rule, and on the way the ids it removed (item deletes, and the
/// items of deleted sections) and added (item inserts, and the items of
/// inserted sections).
struct Replay<S: Hashable, I: Hashable, C: Equatable> {
  var result: Snapshot<S, I, C>
  var error: ChangesetError?
  var removed: [I] = []
  var added: [I] = []

  init(_ changeset: Changeset<S, I, C>, from old: Snapshot<S, I, C>) {
    result = old
    for (k, stage) in changeset.stages.enumerated() {
      for p in stage.itemDeletes where p.section >= 0 && p.section < result.numberOfSections
        && p.item >= 0 && p.item < result.numberOfItems(inSection: p.section) {
        removed.append(result.item(at: p).id)
      }
      for s in stage.sectionDeletes where s >= 0 && s < result.numberOfSections {
        removed += result.section(at: s).items.map(\.id)
      }
      for insert in stage.itemInserts { added.append(insert.item.id) }
      for insert in stage.sectionInserts { added += insert.section.items.map(\.id) }
      do {
        result = try stage.apply(to: result)
      } catch {
        self.error = ChangesetError(stage: k, error: error)
        return
      }
    }
  }
}

/// The first position where `result` differs from `target`, described; `nil` if equal.
public func firstDifference<S: Hashable, I: Hashable, C: Equatable>(
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

func _text<C>(_ content: C?) -> String {
  content.map { "\"\($0)\"" } ?? "none"
}

/// Strategies that delete and insert again a kept item instead of moving it.
public let reinsertingStrategies: Set<String> = ["naive"]

/// Runs `strategy` on the pair and checks the changeset: valid stages, the
/// exact target, exactly the gone ids deleted and the new ids inserted (a
/// kept id may be deleted and inserted again only by a reinserting strategy),
/// and for `hashmap` moves equal to `min_moves`.
public func verify(_ strategy: any DiffStrategy, from old: StringSnapshot, to new: StringSnapshot) -> VerificationFailure? {
  verify(strategy.changeset(from: old, to: new), madeBy: strategy.name, from: old, to: new)
}

/// Checks a changeset that the strategy named `name` made, as
/// ``verify(_:from:to:)`` does.
public func verify(
  _ changeset: StringChangeset, madeBy name: String, from old: StringSnapshot, to new: StringSnapshot
) -> VerificationFailure? {
  let replay = Replay(changeset, from: old)
  if let failure = check(replay, to: new) { return failure }
  if let failure = checkIdentity(removed: replay.removed, added: replay.added, from: old, to: new, reinserts: reinsertingStrategies.contains(name)) {
    return failure
  }
  if name == "hashmap" {
    let minimum = StringSnapshot.minimumMoves(from: old, to: new)
    let moves = changeset.counts.moves
    if moves != minimum { return .notMinimal(moves: moves, minimum: minimum) }
  }
  return nil
}

/// The ids a changeset removes (item deletes, and the items of deleted
/// sections) and adds (item inserts, and the items of inserted sections), up
/// to the first stage that breaks a rule.
public func removedAndAdded<S, I, C>(
  _ changeset: Changeset<S, I, C>, from old: Snapshot<S, I, C>
) -> (removed: [I], added: [I]) {
  let replay = Replay(changeset, from: old)
  return (replay.removed, replay.added)
}

/// Checks that the ids a changeset removed and added are exactly the gone and
/// the new ones, each once; with `reinserts`, a kept id may also be removed
/// and added once each.
func checkIdentity<S, I, C>(
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
