import SnapshotDiff

/// Deliberately broken strategies, for showing that the fuzzer catches and
/// shrinks each way of being wrong. Test-only: never part of the library.
public enum FaultyStrategies {
  public static let all: [any DiffStrategy] = [Trapping(), OffByOneMove(), ForgetsMovedUpdates(), BreaksRuleTwo()]
}

/// Traps (index out of range) whenever its changeset has an item move.
public struct Trapping: DiffStrategy {
  public init() {}
  public var name: String { "trapping" }
  public func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    let changeset = Hashmap().changeset(from: old, to: new)
    let empty: [Int] = []
    if changeset.counts.moves > 0 { _ = empty[changeset.counts.moves] }  // index out of range
    return changeset
  }
}

/// Puts the first item move one place too far.
public struct OffByOneMove: DiffStrategy {
  public init() {}
  public var name: String { "off-by-one" }
  public func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    var changeset = Hashmap().changeset(from: old, to: new)
    if let s = changeset.stages.firstIndex(where: { !$0.itemMoves.isEmpty }) {
      changeset.stages[s].itemMoves[0].to.item += 1
    }
    return changeset
  }
}

/// Drops the content updates of moved items (the stage before the moves).
public struct ForgetsMovedUpdates: DiffStrategy {
  public init() {}
  public var name: String { "forgets-updates" }
  public func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    var changeset = Hashmap().changeset(from: old, to: new)
    if changeset.stages.count > 1, changeset.stages[0].itemMoves.isEmpty, changeset.stages[1].itemMoves.count > 0 {
      changeset.stages[0].itemUpdates = []
    }
    return changeset
  }
}

/// Updates an item in the same stage that moves it (rule 2).
public struct BreaksRuleTwo: DiffStrategy {
  public init() {}
  public var name: String { "breaks-rule-2" }
  public func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    var changeset = Hashmap().changeset(from: old, to: new)
    if let s = changeset.stages.firstIndex(where: { !$0.itemMoves.isEmpty }) {
      changeset.stages[s].itemUpdates.append(.init(path: changeset.stages[s].itemMoves[0].from, content: nil))
    }
    return changeset
  }
}
