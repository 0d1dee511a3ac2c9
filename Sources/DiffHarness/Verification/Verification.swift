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

  public var description: String {
    switch self {
    case .invalidStage(let error): return "invalid stage: \(error)"
    case .wrongResult(let difference): return "wrong result: \(difference)"
    case let .notMinimal(moves, minimum): return "not minimal: \(moves) moves, min_moves is \(minimum)"
    case .crashed(let how): return "crashed: \(how)"
    }
  }

  /// A short label for grouping: the same strategy failing "the same way".
  public var kind: String {
    switch self {
    case .invalidStage(let error): return error.error.rule.map { "rule \($0)" } ?? "invalid result"
    case .wrongResult: return "wrong result"
    case .notMinimal: return "not minimal"
    case .crashed: return "crash"
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
  let result: Snapshot<S, I, C>
  do {
    result = try changeset.apply(to: old)
  } catch {
    return .invalidStage(error)
  }
  return firstDifference(result, new).map(VerificationFailure.wrongResult)
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

/// Runs `strategy` on the pair and checks the changeset; for `hashmap`, also
/// that its moves reach `min_moves`.
public func verify(_ strategy: any DiffStrategy, from old: StringSnapshot, to new: StringSnapshot) -> VerificationFailure? {
  let changeset = strategy.changeset(from: old, to: new)
  if let failure = check(changeset, from: old, to: new) { return failure }
  if strategy.name == "hashmap" {
    let minimum = StringSnapshot.minimumMoves(from: old, to: new)
    let moves = changeset.counts.moves
    if moves != minimum { return .notMinimal(moves: moves, minimum: minimum) }
  }
  return nil
}
