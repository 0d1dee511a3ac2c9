import Foundation
import SnapshotDiff

/// Deliberately broken strategies, for showing that the fuzzer catches and
/// shrinks each way of being wrong. Test-only: never part of the library.
public enum FaultyStrategies {
  public static let all: [any DiffStrategy] = [
    Trapping(), OffByOneMove(), ForgetsMovedUpdates(), BreaksRuleTwo(),
    Hanging(), NotLongest(), NaiveDropsLast(), HeckelBoundary(),
  ]
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

// The four kinds of bug that once escaped the fuzzer: a hang, an increasing
// subsequence that is not the longest, a valid but worse `naive`, and a
// greedy-rule off-by-one that only shows across sections. Each is valid
// where it is wrong, so only the hang watchdog and the quality oracles see it.

/// Never returns when a section kept by id both loses an item and gains a
/// new one (as Myers with its middle-snake bound off by one did on
/// `["a"] → ["x", "y"]`).
public struct Hanging: DiffStrategy {
  public init() {}
  public var name: String { "hangs" }
  public func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    let newIDs = Set(new.itemIdentifiers), oldIDs = Set(old.itemIdentifiers)
    for t in 0..<new.numberOfSections {
      guard let items = old.itemIdentifiers(inSection: new.sectionIdentifiers[t]) else { continue }
      let gains = new.section(at: t).items.contains { !oldIDs.contains($0.id) }
      if gains && items.contains(where: { !newIDs.contains($0) }) {
        while true { usleep(1_000) }
      }
    }
    return Hashmap().changeset(from: old, to: new)
  }
}

/// Hashmap with a patience sort that never replaces a pile's tail: its
/// increasing subsequence is valid but not always the longest, so it moves
/// more than `min_moves` while promising the minimum.
public struct NotLongest: DiffStrategy {
  public init() {}
  public var name: String { "not-longest" }
  public var traits: StrategyTraits { Hashmap().traits }
  public func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    var matching = Hashmap().matching(from: old, to: new)
    for t in 0..<new.numberOfSections where matching.sectionOldIndex[t] >= 0 {
      let oldRange = old.itemRange(ofSection: matching.sectionOldIndex[t])
      let kept = new.itemRange(ofSection: t).filter { oldRange.contains(matching.itemOldIndex[$0]) }
      // Patience sort, minus the tail replacement.
      var tails: [Int] = [], previous = [Int](repeating: -1, count: kept.count)
      for (p, j) in kept.enumerated() where tails.isEmpty || matching.itemOldIndex[kept[tails.last!]] < matching.itemOldIndex[j] {
        previous[p] = tails.last ?? -1
        tails.append(p)
      }
      var member = Set<Int>()
      var p = tails.last ?? -1
      while p >= 0 { member.insert(p); p = previous[p] }
      for (p, j) in kept.enumerated() { matching.itemMoved[j] = !member.contains(p) }
    }
    return Changeset(from: old, to: new, matching: matching)
  }
}

/// Naive that never keeps the last item of an old section: a content update
/// there becomes a delete and an insert. Valid, and worse than its rule.
public struct NaiveDropsLast: DiffStrategy {
  public init() {}
  public var name: String { "naive-drops-last" }
  public var traits: StrategyTraits { Naive().traits }
  public func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    var matching = Naive().matching(from: old, to: new)
    for t in 0..<new.numberOfSections where matching.sectionOldIndex[t] >= 0 {
      let last = old.itemRange(ofSection: matching.sectionOldIndex[t]).upperBound - 1
      for j in new.itemRange(ofSection: t) where matching.itemOldIndex[j] == last { matching.itemOldIndex[j] = -1 }
    }
    return Changeset(from: old, to: new, matching: matching)
  }
}

/// Heckel whose greedy rank counts, at a section's start, an item that left
/// for another section: the first kept item after it is called moved.
/// `A[a1] B[b1, b2] → A[a1, b1] B[b2]` gives 2 moves where the rule gives 1.
public struct HeckelBoundary: DiffStrategy {
  public init() {}
  public var name: String { "heckel-boundary" }
  public var traits: StrategyTraits { Heckel().traits }
  public func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    var matching = Heckel().matching(from: old, to: new)
    var newSectionOfOld = [Int](repeating: -1, count: old.numberOfItems)
    for t in 0..<new.numberOfSections {
      for j in new.itemRange(ofSection: t) where matching.itemOldIndex[j] >= 0 { newSectionOfOld[matching.itemOldIndex[j]] = t }
    }
    for t in 0..<new.numberOfSections where matching.sectionOldIndex[t] >= 0 {
      let oldRange = old.itemRange(ofSection: matching.sectionOldIndex[t])
      guard let j = new.itemRange(ofSection: t).first(where: { oldRange.contains(matching.itemOldIndex[$0]) }) else { continue }
      let o = matching.itemOldIndex[j]
      if o > oldRange.lowerBound && newSectionOfOld[o - 1] >= 0 && newSectionOfOld[o - 1] != t { matching.itemMoved[j] = true }
    }
    return Changeset(from: old, to: new, matching: matching)
  }
}
