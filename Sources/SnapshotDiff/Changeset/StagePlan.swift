/// Turns a ``Matching`` into stages that keep the rules, on index arrays only
/// (no hashing, so that `naive` stays hash-free).
///
/// Up to four stages, each emitted only when it has work:
///
/// 1. *pre*: inserts the sections that receive kept items from elsewhere
///    (rule 5 forbids moving into a section in the stage that inserts it),
///    with their new items only; updates moved items whose content changes, at
///    their old position (rule 2 forbids a move and an update of one item).
/// 2. *items*: every item delete, insert, move and in-place update, with the
///    sections still where they were.
/// 3. *sections*: section deletes, inserts, moves and updates.
///
/// Stages 2 and 3 are one stage unless that would break rule 4 (a kept item
/// leaves a deleted section) or rule 6 (items change inside a moved or
/// updated section); so a list with no moved-and-updated item gets one stage.
/// When they are split, a deleted section that no kept item leaves goes in
/// stage 2 already: an id deleted and inserted again (as `naive` does) must
/// not exist twice between stages.
/// A section that both moves and changes content (rule 2 again) is updated in
/// stage 1 when there is one and none of its items is updated there, else in
/// a last stage of its own.
/// Where these phases come to three stages or more, a search for a stage per
/// operation may find fewer (`StagePlan+Schedule.swift`); the plan's guide
/// gives the argument and the proof on every small pair.
///
/// Each stage is emitted by one routine, ``emit(from:to:stage:)``, as the
/// difference between two consecutive states of the plan; the steps before
/// it (what the matching needs, each phase's stage, the states) are in
/// `StagePlan+Steps.swift`. Most plans need none of that: the direct path
/// (`StagePlan+Direct.swift`) reads their stages straight off the matching.
@usableFromInline
internal struct _StagePlan {
  /// A state of the plan: sections and items named by tokens. Sections: new
  /// index `t`, or `newSections + s` for deleted old section `s`. Items: new
  /// flat index `j`, or `newItems + i` for removed old item `i`.
  /// Tokens are `Int32` (a snapshot holds fewer than 2^31 items) to keep the
  /// plan's peak memory low.
  @usableFromInline
  struct State {
    var sections: [Int] = []
    var starts: [Int] = [0]
    var items: [Int32] = []

    mutating func closeSection() { starts.append(items.count) }
  }

  /// The operations of one stage, in index form. Payload tokens are new
  /// indices; what needs no payload is already in the stage's own types, so
  /// the changeset takes it without a copy.
  @usableFromInline
  struct StageOps {
    @usableFromInline var sectionDeletes: [Int] = []
    /// (new position, new section, the new items it arrives with)
    @usableFromInline var sectionInserts: [(index: Int, section: Int, items: ArraySlice<Int32>)] = []
    @usableFromInline var sectionMoves: [BatchUpdate.Move<Int>] = []
    /// (old position, new section whose content it takes)
    @usableFromInline var sectionUpdates: [(index: Int, section: Int)] = []
    @usableFromInline var itemDeletes: [ItemPath] = []
    /// (new position, new item)
    @usableFromInline var itemInserts: [(path: ItemPath, item: Int)] = []
    @usableFromInline var itemMoves: [BatchUpdate.Move<ItemPath>] = []
    /// (old position, new item whose content it takes)
    @usableFromInline var itemUpdates: [(path: ItemPath, item: Int)] = []

    var isEmpty: Bool {
      sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty
        && sectionUpdates.isEmpty && itemDeletes.isEmpty && itemInserts.isEmpty
        && itemMoves.isEmpty && itemUpdates.isEmpty
    }
  }

  @usableFromInline var stages: [StageOps] = []
  /// Whether the phases came to three stages or more, where fewer may do.
  @inlinable var fewerStagesMayFit: Bool { pending != nil }
  /// What ``reschedule`` searches from, kept only where the phases came to
  /// three stages or more: kept here, the diff's own arrays pass to the
  /// plan's init owned, and a diff that needs no search pays nothing for it.
  @usableFromInline var pending: Pending?
  /// A class, so that the plan grows by a reference, not by all of it.
  @usableFromInline final class Pending {
    let a: Analysis
    let oldStarts: [Int], newStarts: [Int]
    @usableFromInline let matching: Matching
    let itemChanged: [Bool], sectionChanged: [Bool]
    init(a: Analysis, oldStarts: [Int], newStarts: [Int], matching: Matching, itemChanged: [Bool], sectionChanged: [Bool]) {
      (self.a, self.oldStarts, self.newStarts, self.matching) = (a, oldStarts, newStarts, matching)
      (self.itemChanged, self.sectionChanged) = (itemChanged, sectionChanged)
    }
  }

  let newSections: Int
  let newItems: Int
  let oldSections: Int
  let oldItems: Int
  /// Phase (stage number) in which a kept item moves within its section / is
  /// updated; in which a kept section moves / is updated. -1: never.
  /// (Empty on the direct path, which needs none.)
  var itemMovePhase: [Int8] = []
  var itemUpdatePhase: [Int8] = []
  var sectionMovePhase: [Int] = []
  var sectionUpdatePhase: [Int] = []

  /// - Parameters:
  ///   - oldStarts, newStarts: each snapshot's section offsets (count + 1 entries).
  ///   - itemChanged: for each new item, whether a kept item's content differs.
  ///   - sectionChanged: for each new section, whether a kept section's content differs.
  ///   - keepPending: whether to keep what ``reschedule`` searches from
  ///     whatever the phases come to.
  @usableFromInline
  init(
    oldStarts: [Int], newStarts: [Int], matching m: Matching,
    itemChanged: [Bool], sectionChanged: [Bool], keepPending: Bool = false
  ) {
    let oldSections = oldStarts.count - 1
    let newSections = newStarts.count - 1
    let oldItems = oldStarts.last!
    let newItems = newStarts.last!
    self.newSections = newSections
    self.newItems = newItems
    self.oldSections = oldSections
    self.oldItems = oldItems
    let a = Analysis(
      oldStarts: oldStarts, newStarts: newStarts, matching: m, itemChanged: itemChanged, sectionChanged: sectionChanged)
    let phase = Phases(a)
    let needsPost = assignPhases(phase, a, matching: m, itemChanged: itemChanged, sectionChanged: sectionChanged)
    // Three phases or more: a stage per operation may need fewer (``reschedule``).
    if keepPending || (a.needsPre ? 1 : 0) + 1 + (a.split ? 1 : 0) + (needsPost ? 1 : 0) >= 3 {
      pending = Pending(
        a: a, oldStarts: oldStarts, newStarts: newStarts, matching: m, itemChanged: itemChanged, sectionChanged: sectionChanged)
    }

    let state0 = Self.oldState(oldStarts: oldStarts, a, newSections: newSections, newItems: newItems)
    let state1 = a.needsPre ? Self.withEarlySections(state0, a, oldStarts: oldStarts, newStarts: newStarts, matching: m) : state0
    let state3 = Self.newState(newStarts: newStarts)
    if a.needsPre { emit(from: state0, to: state1, stage: phase.pre) }
    if a.split {
      let state2 = Self.itemsInPlace(state1, a, oldStarts: oldStarts, newStarts: newStarts, newItems: newItems)
      emit(from: state1, to: state2, stage: phase.items)
      emit(from: state2, to: state3, stage: phase.sections)
    } else {
      emit(from: state1, to: state3, stage: phase.items)
    }
    if needsPost { emit(from: state3, to: state3, stage: phase.post) }
  }

  /// Replaces the phases' stages with a schedule in fewer, if one exists
  /// (`StagePlan+Schedule.swift`). Not for a matching that deletes an id
  /// and inserts it again (`reusesIDs`, asked only once a schedule is
  /// found): the schedule does not order the two.
  ///
  /// - Parameters:
  ///   - limit: the schedule has fewer stages than this (default: the plan's).
  ///   - reloadsApart: no section update in a stage that moves sections.
  @usableFromInline
  mutating func reschedule(below limit: Int? = nil, reloadsApart: Bool = false, reusesIDs: () -> Bool) {
    guard let p = pending else { return }
    pending = nil
    let (a, oldStarts, newStarts, m) = (p.a, p.oldStarts, p.newStarts, p.matching)
    guard let schedule = Self.schedule(
      a, oldStarts: oldStarts, newStarts: newStarts, matching: m, itemChanged: p.itemChanged,
      sectionChanged: p.sectionChanged, below: limit ?? stages.count, reloadsApart: reloadsApart),
      !reusesIDs()
    else { return }
    stages = []
    sectionMovePhase = schedule.sectionMove
    sectionUpdatePhase = schedule.sectionUpdate
    itemMovePhase = schedule.itemMove.map { Int8($0) }
    itemUpdatePhase = schedule.itemUpdate.map { Int8($0) }
    var state = Self.scheduledState(after: -1, schedule, a, oldStarts: oldStarts, newStarts: newStarts, matching: m)
    for x in 0..<schedule.count {
      let next = Self.scheduledState(after: x, schedule, a, oldStarts: oldStarts, newStarts: newStarts, matching: m)
      emit(from: state, to: next, stage: x)
      state = next
    }
  }

  /// Emits the stage that takes state `a` to state `b`: what is in one and
  /// not the other is deleted or inserted, what changes section or is due to
  /// move in this stage is moved, what is due to update in this stage is
  /// updated. Empty stages are dropped.
  mutating func emit(from a: State, to b: State, stage: Int) {
    // Scratch in temporary allocations (on the stack where small), not
    // arrays: three arrays a stage were a fifth of a general plan's emits
    // on a 75-item screen, counted.
    let sectionTokens = newSections + oldSections
    let ops = withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * sectionTokens) { sectionIn in
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: newItems + oldItems) { flatInA in
        sectionIn.initialize(repeating: -1)
        flatInA.initialize(repeating: -1)
        return emitted(
          from: a, to: b, stage: stage, sectionInA: UnsafeMutableBufferPointer(rebasing: sectionIn[..<sectionTokens]),
          sectionInB: UnsafeMutableBufferPointer(rebasing: sectionIn[sectionTokens...]), flatInA: flatInA)
      }
    }
    if !ops.isEmpty { stages.append(ops) }
  }

  /// The stage ``emit(from:to:stage:)`` appends, in the scratch it is
  /// given: `sectionInA`, `sectionInB` (a section token's index in `a`,
  /// in `b`) and `flatInA` (an item token's flat position in `a`), all -1.
  func emitted(
    from a: State, to b: State, stage: Int, sectionInA: UnsafeMutableBufferPointer<Int>,
    sectionInB: UnsafeMutableBufferPointer<Int>, flatInA: UnsafeMutableBufferPointer<Int32>
  ) -> StageOps {
    for (k, t) in a.sections.enumerated() { sectionInA[t] = k }
    for (k, t) in b.sections.enumerated() { sectionInB[t] = k }
    var ops = StageOps()

    for (k, t) in a.sections.enumerated() {
      if sectionInB[t] < 0 {
        ops.sectionDeletes.append(k)
      } else if t < newSections {
        if sectionMovePhase[t] == stage { ops.sectionMoves.append(BatchUpdate.Move(from: k, to: sectionInB[t])) }
        if sectionUpdatePhase[t] == stage { ops.sectionUpdates.append((k, t)) }
      }
    }
    for (k, t) in b.sections.enumerated() where sectionInA[t] < 0 {
      ops.sectionInserts.append((k, t, b.items[b.starts[k]..<b.starts[k + 1]]))
    }

    // Items: each token's flat position in `a`, overwritten with `inB` once
    // `b` has read it (each token is in `b` at most once), so that what is
    // left is deleted. The section a position is in is found from `a.starts`
    // rather than stored per item: one array of the snapshot's size less at
    // the plan's peak (counted in Guides/StagePlan.md).
    // On buffers: this loop runs once per item per stage, and bounds checks
    // were a fifth of it (counted).
    let inB = Int32.min
    let newItems = newItems
    a.items.withUnsafeBufferPointer { aItems in
    b.items.withUnsafeBufferPointer { bItems in
    itemMovePhase.withUnsafeBufferPointer { itemMovePhase in
    itemUpdatePhase.withUnsafeBufferPointer { itemUpdatePhase in
      for k in aItems.indices { flatInA[Int(aItems[k])] = Int32(truncatingIfNeeded: k) }
      let stage = Int8(stage)
      for s in b.sections.indices {
        let section = b.sections[s]
        // The same section in `a`, if it is there: most kept items stay in it.
        let sameInA = sectionInA[section]
        let sameRange = sameInA < 0 ? 0..<0 : a.starts[sameInA]..<a.starts[sameInA + 1]
        let start = b.starts[s]
        for k in start..<b.starts[s + 1] {
          let token = Int(bItems[k])
          let flat = Int(flatInA[token])
          flatInA[token] = inB
          guard flat >= 0 else {
            if sameInA >= 0 { ops.itemInserts.append((ItemPath(_inSnapshot: s, item: k - start), token)) }
            continue
          }
          let planned = token < newItems  // removed items only ever stay or go
          let stays = sameRange.contains(flat)
          let moves = !stays || (planned && itemMovePhase[token] == stage)
          let updates = planned && itemUpdatePhase[token] == stage
          guard moves || updates else { continue }
          let from = stays ? sameInA : _section(containing: flat, starts: a.starts)
          let oldPath = ItemPath(_inSnapshot: from, item: flat - a.starts[from])
          if moves { ops.itemMoves.append(BatchUpdate.Move(from: oldPath, to: ItemPath(_inSnapshot: s, item: k - start))) }
          if updates { ops.itemUpdates.append((oldPath, token)) }
        }
      }
      for s in a.sections.indices where sectionInB[a.sections[s]] >= 0 {
        let start = a.starts[s]
        for k in start..<a.starts[s + 1] where flatInA[Int(aItems[k])] != inB {
          ops.itemDeletes.append(ItemPath(_inSnapshot: s, item: k - start))
        }
      }
    }}}}
    ops.itemUpdates.sort { $0.path < $1.path }
    return ops
  }
}

/// For each flat item, the index of its section.
@usableFromInline
internal func _sectionOfEachItem(_ starts: [Int]) -> [Int32] {
  var result = [Int32]()
  result.reserveCapacity(starts.last!)
  for s in 0..<(starts.count - 1) {
    result.append(contentsOf: repeatElement(Int32(s), count: starts[s + 1] - starts[s]))
  }
  return result
}
