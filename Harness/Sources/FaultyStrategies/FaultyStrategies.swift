import DiffVerification
import Foundation
import SnapshotDiff
import Synchronization

/// Deliberately broken strategies, for showing that the fuzzer catches and
/// shrinks each way of being wrong: the harness's planted bugs, linked by
/// its tests, `faulty-diffbench` and the libFuzzer target, never by the library.
package enum FaultyStrategies {
  package static let all: [Contender] = [
    Contender(Trapping()), Contender(OffByOneMove()), Contender(ForgetsMovedUpdates()), Contender(BreaksRuleTwo()),
    Contender(Hanging()), Contender(NotLongest()), Contender(NaiveDropsLast()), Contender(HeckelBoundary()),
  ] + malformedMatchings + [
    Contender(Blocking()), Contender(SplitsShiftedSections()), Contender(UpdatesSectionsApart()), Contender(ReloadsApartFromMoves()),
    Contender(SeedDependent()), Contender(TrapsOnLargeLoads()),
    Contender(EveryOtherCall()), Contender(TrustsRecordedSnapshots()), Contender(ComparesEightBytes()), Contender(ComparesBytes()),
  ]

  /// One strategy per way a ``Matching`` can be malformed.
  package static let malformedMatchings: [Contender] = [
    Contender(MalformedMatching(.shortItems)), Contender(MalformedMatching(.outOfRange)), Contender(MalformedMatching(.usedTwice)),
    Contender(MalformedMatching(.movedInsert)),
  ]
}

/// Traps (index out of range) whenever its changeset has an item move.
package struct Trapping: DiffStrategy {
  package init() {}
  package var name: String { "trapping" }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    let changeset = Hashmap().changeset(from: old, to: new)
    let empty: [Int] = []
    if changeset.counts.moves > 0 { _ = empty[changeset.counts.moves] }  // index out of range
    return changeset
  }
}

/// Traps (index out of range) on a first load of 10,000 items or more: a
/// strategy that fails on one bench row alone (not on the bench's
/// calibration pairs, edits of lists), as FlexibleDiff 0.0.1 did on one of
/// `make peers-history`'s.
package struct TrapsOnLargeLoads: DiffStrategy {
  package init() {}
  package var name: String { "traps-on-large-loads" }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    let empty: [Int] = []
    if old.numberOfItems == 0 && new.numberOfItems >= 10_000 { _ = empty[new.numberOfItems] }  // index out of range
    return Hashmap().changeset(from: old, to: new)
  }
}

/// Puts the first item move one place too far.
package struct OffByOneMove: DiffStrategy {
  package init() {}
  package var name: String { "off-by-one" }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    var changeset = Hashmap().changeset(from: old, to: new)
    if let s = changeset.stages.firstIndex(where: { !$0.itemMoves.isEmpty }) {
      changeset.stages[s].itemMoves[0].to.item += 1
    }
    return changeset
  }
}

/// Drops the content updates of moved items (the stage before the moves).
package struct ForgetsMovedUpdates: DiffStrategy {
  package init() {}
  package var name: String { "forgets-updates" }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    var changeset = Hashmap().changeset(from: old, to: new)
    if changeset.stages.count > 1, changeset.stages[0].itemMoves.isEmpty, changeset.stages[1].itemMoves.count > 0 {
      changeset.stages[0].itemUpdates = []
    }
    return changeset
  }
}

/// Updates an item in the same stage that moves it (rule 2).
package struct BreaksRuleTwo: DiffStrategy {
  package init() {}
  package var name: String { "breaks-rule-2" }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
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
package struct Hanging: DiffStrategy {
  package init() {}
  package var name: String { "hangs" }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    let newIDs = Set(new.itemIdentifiers), oldIDs = Set(old.itemIdentifiers)
    for t in 0..<new.numberOfSections {
      let id = new.sectionIdentifiers[t]
      guard old.indexOfSection(id) != nil else { continue }
      let items = old.itemIdentifiers(inSection: id)
      let gains = new.section(at: t).items.contains { !oldIDs.contains($0.id) }
      if gains && items.contains(where: { !newIDs.contains($0) }) {
        spinForever()
      }
    }
    return Hashmap().changeset(from: old, to: new)
  }
}

/// Hashmap with a patience sort that never replaces a pile's tail: its
/// increasing subsequence is valid but not always the longest, so it moves
/// more than `min_moves` while promising the minimum.
package struct NotLongest: RefereedStrategy {
  package init() {}
  package var name: String { "not-longest" }
  package var traits: StrategyTraits { Hashmap().traits }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
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
package struct NaiveDropsLast: RefereedStrategy {
  package init() {}
  package var name: String { "naive-drops-last" }
  package var traits: StrategyTraits { Naive().traits }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
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
package struct HeckelBoundary: RefereedStrategy {
  package init() {}
  package var name: String { "heckel-boundary" }
  package var traits: StrategyTraits { Heckel().traits }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
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

/// An endless loop that uses CPU, as a real one does (the optimizer cannot
/// remove it: it writes a global).
func spinForever() -> Never {
  while true { _spinCounter &+= 1 }
}
nonisolated(unsafe) var _spinCounter = 0

// Issue 16's escapes: malformed matchings, a call that blocks without using
// CPU, an unneeded stage, and failures that depend on the hash seed or on the
// process's history.

/// Hashmap's matching, broken one way on pairs where that way applies.
package struct MalformedMatching: MatchingStrategy {
  package enum Fault: String, Sendable {
    /// `itemOldIndex` one short.
    case shortItems = "short-items"
    /// An old index one past the old snapshot's items.
    case outOfRange = "out-of-range"
    /// Two new items continue the same old one.
    case usedTwice = "used-twice"
    /// An inserted item flagged as moved.
    case movedInsert = "moved-insert"
  }
  package let fault: Fault
  package init(_ fault: Fault) { self.fault = fault }
  package var name: String { "matching-\(fault.rawValue)" }
  package func matching<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Matching {
    var m = Hashmap().matching(from: old, to: new)
    switch fault {
    case .shortItems:
      if !m.itemOldIndex.isEmpty { m.itemOldIndex.removeLast() }
    case .outOfRange:
      if let j = m.itemOldIndex.firstIndex(where: { $0 >= 0 }) { m.itemOldIndex[j] = old.numberOfItems }
    case .usedTwice:
      let kept = m.itemOldIndex.indices.filter { m.itemOldIndex[$0] >= 0 }
      if kept.count >= 2 { m.itemOldIndex[kept[1]] = m.itemOldIndex[kept[0]] }
    case .movedInsert:
      if let j = m.itemOldIndex.firstIndex(of: -1) { m.itemMoved[j] = true }
    }
    return m
  }
}

/// Blocks for ever without using CPU (a lock never released) whenever the
/// pair has a moved item: only the wall-clock backstop can see it.
package struct Blocking: DiffStrategy {
  package init() {}
  package var name: String { "blocks" }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    let changeset = Hashmap().changeset(from: old, to: new)
    if changeset.counts.moves > 0 { while true { sleep(1) } }
    return changeset
  }
}

/// A stage plan that splits whenever a kept section's index shifts: the
/// items change in one stage, the sections move in the next, where one
/// stage would do. Valid, minimal moves, one stage too many.
package struct SplitsShiftedSections: RefereedStrategy {
  package init() {}
  package var name: String { "splits-shifted-sections" }
  package var traits: StrategyTraits { Hashmap().traits }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    let whole = Hashmap().changeset(from: old, to: new)
    // Only where the same sections are reordered: the intermediate state is
    // the new items in the old section order.
    guard Set(old.sectionIdentifiers) == Set(new.sectionIdentifiers), old.sectionIdentifiers != new.sectionIdentifiers,
      let middle = try? Snapshot<S, I, C>(sections: old.sectionIdentifiers.map { id in
        new.section(at: new.indexOfSection(id)!)
      })
    else { return whole }
    let items = Hashmap().changeset(from: old, to: middle)
    let sections = Hashmap().changeset(from: middle, to: new)
    guard !items.stages.isEmpty else { return whole }
    return Changeset(stages: items.stages + sections.stages)
  }
}

/// A plan that updates changed sections in a stage of their own after a
/// changeset of two stages or more, where one of those stages could hold
/// them: valid, minimal moves, one stage too many past one stage (the case
/// the fewest-stages oracle once left unjudged).
package struct UpdatesSectionsApart: RefereedStrategy {
  package init() {}
  package var name: String { "updates-sections-apart" }
  package var traits: StrategyTraits { Hashmap().traits }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    let whole = Hashmap().changeset(from: old, to: new)
    // The new snapshot with the old contents of kept sections.
    guard whole.stages.count >= 2,
      let middle = try? Snapshot<S, I, C>(sections: new.sections.map { section in
        var section = section
        if let o = old.indexOfSection(section.id) { section.content = old.sectionContent(at: o) }
        return section
      }),
      middle != new
    else { return whole }
    return Changeset(stages: Hashmap().changeset(from: old, to: middle).stages + Hashmap().changeset(from: middle, to: new).stages)
  }
}

/// The regression of issue 72: wherever a changeset both moves sections
/// and reloads one, the reloads go in a batch of their own at the end,
/// though a stage that moves no section could have held them. Valid (a
/// reload beside no move lands in place), minimal moves, and often a stage
/// too many: `[A] [B] → [B: a] [A']` takes three (the insert, the move,
/// the reload) where two do (the reload with the insert, then the move).
package struct ReloadsApartFromMoves: RefereedStrategy {
  package init() {}
  package var name: String { "reloads-apart-from-moves" }
  package var traits: StrategyTraits { Hashmap().traits }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    var whole = Hashmap().changeset(from: old, to: new)
    guard whole.stages.contains(where: { !$0.sectionMoves.isEmpty }),
      whole.stages.contains(where: { !$0.sectionUpdates.isEmpty })
    else { return whole }
    var last = Changeset<S, I, C>.Stage()
    for k in whole.stages.indices {
      for update in whole.stages[k].sectionUpdates {
        // Where the reloaded section is at the end: the new snapshot's index.
        var state = old
        for stage in whole.stages[..<k] { state = (try? stage.apply(to: state)) ?? state }
        let id = state.sectionIdentifiers[update.index]
        last.sectionUpdates.append(.init(index: new.indexOfSection(id)!, content: update.content))
      }
      whole.stages[k].sectionUpdates = []
    }
    last.sectionUpdates.sort { $0.index < $1.index }
    whole.stages.removeAll { $0.isEmpty }
    whole.stages.append(last)
    return whole
  }
}

/// Off by one on its first item move when the hash of the first new item's
/// id, under this process's hash seed, is even: a probe bug that comes and
/// goes with the seed.
package struct SeedDependent: DiffStrategy {
  package init() {}
  package var name: String { "seed-dependent" }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    var changeset = Hashmap().changeset(from: old, to: new)
    guard let first = new.itemIdentifiers.first, first.hashValue & 1 == 0 else { return changeset }
    if let s = changeset.stages.firstIndex(where: { !$0.itemMoves.isEmpty }) {
      changeset.stages[s].itemMoves[0].to.item += 1
    }
    return changeset
  }
}

/// Off by one on its first item move on every second call in its process:
/// a fresh process re-checking the pair sees it pass.
package struct EveryOtherCall: DiffStrategy {
  package init() {}
  package var name: String { "every-other-call" }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    var changeset = Hashmap().changeset(from: old, to: new)
    _calls.withLock { $0 += 1 }
    guard _calls.withLock({ $0 }) % 2 == 0 else { return changeset }
    if let s = changeset.stages.firstIndex(where: { !$0.itemMoves.isEmpty }) {
      changeset.stages[s].itemMoves[0].to.item += 1
    }
    return changeset
  }
}
let _calls = Mutex(0)

/// Correct, but sleeps 1.5 s before answering: off the CPU, as a call starved
/// by other processes is. Not a hang unless the wall-clock backstop passes.
package struct Sleeps: RefereedStrategy {
  package init() {}
  package var name: String { "sleeps" }
  package var traits: StrategyTraits { Hashmap().traits }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    usleep(1_500_000)
    return Hashmap().changeset(from: old, to: new)
  }
}

/// Right on string ids, wrong on `Int` ids, the bench's other path: its last
/// item insert is dropped. Only the fuzzer's check of the `Int` path (on
/// pairs whose ids are all integers) can see it.
package struct IntPathDropsInsert: DiffStrategy {
  package init() {}
  package var name: String { "int-path-drops-insert" }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    var changeset = Hashmap().changeset(from: old, to: new)
    if I.self == Int.self, let s = changeset.stages.lastIndex(where: { !$0.itemInserts.isEmpty }) {
      changeset.stages[s].itemInserts.removeLast()
    }
    return changeset
  }
}

/// Wrong only when it starts from its own previous result: it remembers the
/// last snapshot it was handed as `new`, and when the next `old` is equal to
/// it but is another value in memory (a state the caller built by applying
/// the changeset, as a device does), it takes a "re-indexing" path whose
/// first item move goes one place too far. Handed the recorded snapshot
/// itself, it is right; walked as verify walks a trace (FileFormats, traces), it is not.
package struct TrustsRecordedSnapshots: DiffStrategy {
  package init() {}
  package var name: String { "trusts-recorded" }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    var changeset = Hashmap().changeset(from: old, to: new)
    let oldAddress = old.allItems.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
    let newAddress = new.allItems.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
    _lastTargetLock.lock()
    var rebuilt = false
    if let (value, address) = _lastTarget, let target = value as? Snapshot<S, I, C> {
      rebuilt = target == old && address != oldAddress && !old.allItems.isEmpty
    }
    _lastTarget = (new, newAddress)
    _lastTargetLock.unlock()
    if rebuilt, let s = changeset.stages.firstIndex(where: { !$0.itemMoves.isEmpty }) {
      changeset.stages[s].itemMoves[0].to.item += 1
    }
    return changeset
  }
}
nonisolated(unsafe) var _lastTarget: (Any, Int)?
let _lastTargetLock = NSLock()

/// Hashmap whose id comparison reads only the first 8 bytes of each id, as
/// a bitwise shortcut cut short would: an inserted id that shares them with
/// a deleted one is taken for it (`product-00000012` for `product-00000011`,
/// any two UUIDs that start alike). Ids of 8 bytes or fewer are unharmed.
package struct ComparesEightBytes: DiffStrategy {
  package init() {}
  package var name: String { "prefix-ids" }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    var matching = Hashmap().matching(from: old, to: new)
    guard I.self == String.self else { return Changeset(from: old, to: new, matching: matching) }
    func prefix(_ id: I) -> [UInt8] { Array((id as! String).utf8.prefix(8)) }
    let used = Set(matching.itemOldIndex.filter { $0 >= 0 })
    var deleted: [[UInt8]: Int] = [:]
    for (i, item) in old.allItems.enumerated() where !used.contains(i) { deleted[prefix(item.id)] = i }
    for (j, item) in new.allItems.enumerated() where matching.itemOldIndex[j] < 0 {
      guard let i = deleted.removeValue(forKey: prefix(item.id)) else { continue }
      matching.itemOldIndex[j] = i
      matching.itemMoved[j] = true
    }
    return Changeset(from: old, to: new, matching: matching)
  }
}

/// Hashmap that tells ids apart by their bytes, not by `==`: an id spelled
/// `café` in one snapshot and `cafe\u{301}` in the other (one id to Swift)
/// is deleted and inserted instead of kept.
package struct ComparesBytes: DiffStrategy {
  package init() {}
  package var name: String { "bytewise-ids" }
  package func changeset<S, I, C>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Changeset<S, I, C> {
    var matching = Hashmap().matching(from: old, to: new)
    guard I.self == String.self else { return Changeset(from: old, to: new, matching: matching) }
    let oldItems = old.allItems
    for (j, item) in new.allItems.enumerated() where matching.itemOldIndex[j] >= 0 {
      if !(oldItems[matching.itemOldIndex[j]].id as! String).utf8.elementsEqual((item.id as! String).utf8) {
        matching.itemOldIndex[j] = -1
        matching.itemMoved[j] = false
      }
    }
    return Changeset(from: old, to: new, matching: matching)
  }
}
