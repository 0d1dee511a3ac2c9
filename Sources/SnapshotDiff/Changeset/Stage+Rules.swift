/// The shape of a stage, derived while checking the rules: where each new
/// section comes from, each section's count after the update, which inserts
/// and moves land in it, and which old items leave. Index buffers, valid
/// only inside ``checking(_:on:expecting:)``.
@usableFromInline
internal struct _StageLayout {
  /// For each new section, where it comes from (a ``Source``).
  @usableFromInline let newSectionSource: UnsafeMutableBufferPointer<Int>
  /// For each new section: its item count after the update (inserted: 0).
  @usableFromInline let newItemCounts: UnsafeMutableBufferPointer<Int>
  /// Indices into `itemInserts` / `itemMoves`, by the new section they land
  /// in (in list order within one): those of new section `j` are
  /// `insertOrder[insertStart[j]..<insertStart[j + 1]]`.
  @usableFromInline let insertStart: UnsafeMutableBufferPointer<Int>, insertOrder: UnsafeMutableBufferPointer<Int>
  @usableFromInline let moveStart: UnsafeMutableBufferPointer<Int>, moveOrder: UnsafeMutableBufferPointer<Int>
  /// The old flat items deleted or moved away.
  @usableFromInline let removed: _UnsafeBitSet

  @inlinable func inserts(landingIn j: Int) -> UnsafeMutableBufferPointer<Int>.SubSequence { insertOrder[insertStart[j]..<insertStart[j &+ 1]] }
  @inlinable func moves(landingIn j: Int) -> UnsafeMutableBufferPointer<Int>.SubSequence { moveOrder[moveStart[j]..<moveStart[j &+ 1]] }
  @inlinable func isRemoved(_ i: Int) -> Bool { removed.contains(i) }

  @inlinable
  init(
    newSectionSource: UnsafeMutableBufferPointer<Int>, newItemCounts: UnsafeMutableBufferPointer<Int>,
    insertStart: UnsafeMutableBufferPointer<Int>, insertOrder: UnsafeMutableBufferPointer<Int>,
    moveStart: UnsafeMutableBufferPointer<Int>, moveOrder: UnsafeMutableBufferPointer<Int>, removed: _UnsafeBitSet
  ) {
    (self.newSectionSource, self.newItemCounts, self.removed) = (newSectionSource, newItemCounts, removed)
    (self.insertStart, self.insertOrder, self.moveStart, self.moveOrder) = (insertStart, insertOrder, moveStart, moveOrder)
  }

  /// Where a new section, or a new item of a kept section, comes from, as
  /// one `Int` of the layout's scratch: an old index (section, or flat
  /// item), an insert of the stage (its index in the stage's inserts), or
  /// while slots are filled, nothing yet.
  @usableFromInline @frozen
  struct Source {
    @usableFromInline let raw: Int
    @inlinable init(_ raw: Int) { self.raw = raw }

    /// A slot not filled yet.
    @inlinable static var unfilled: Int { -1 }
    /// The stage's insert `k`.
    @inlinable static func insert(_ k: Int) -> Int { -k &- 2 }

    @inlinable var isInsert: Bool { raw < -1 }
    /// The index in the stage's inserts, when it is one.
    @inlinable var insert: Int? { raw < -1 ? -raw &- 2 : nil }
  }

  /// An operation of a stage, by side, tagged with what it is (for the
  /// rules' messages). A section's operation has `item` 0.
  @usableFromInline
  struct Tagged {
    @usableFromInline var section: Int, item: Int
    @usableFromInline var op: BatchUpdate.Error.Operation
    @inlinable init(section: Int, _ op: BatchUpdate.Error.Operation) { (self.section, item, self.op) = (section, 0, op) }
    @inlinable init(_ path: ItemPath, _ op: BatchUpdate.Error.Operation) { (section, item, self.op) = (path.section, path.item, op) }
    @inlinable var path: ItemPath { ItemPath(_inSnapshot: section, item: item) }
  }

  /// Checks the rules in order, each in a step of its own below, then
  /// places the stage on `old` by the layout they derive (or, with
  /// `expected`, `nil` when placing it would give that). Every buffer is
  /// a temporary allocation (on the stack where small): a stage's checks
  /// made about twenty arrays, about 750 instructions each, counted. (No
  /// closure for the placing: through one, both snapshots were copied at
  /// each level, counted.)
  @inlinable
  static func checking<S, I, C>(
    _ stage: Changeset<S, I, C>.Stage, on old: Snapshot<S, I, C>, expecting expected: Snapshot<S, I, C>?
  ) throws(BatchUpdate.Error) -> Snapshot<S, I, C>? {
    typealias R = Snapshot<S, I, C>?
    let oldStarts = old._sectionStarts
    let oldSections = oldStarts.count &- 1
    // Never negative, whatever the stage holds: rule 2 names repeated deletes.
    let newSections = Swift.max(0, oldSections &- stage.sectionDeletes.count &+ stage.sectionInserts.count)
    let oldSectionOps = stage.sectionDeletes.count &+ stage.sectionMoves.count &+ stage.sectionUpdates.count
    let newSectionOps = stage.sectionInserts.count &+ stage.sectionMoves.count
    let oldItemOps = stage.itemDeletes.count &+ stage.itemMoves.count &+ stage.itemUpdates.count
    let newItemOps = stage.itemInserts.count &+ stage.itemMoves.count
    return try withUnsafeTemporaryAllocation(of: Tagged.self, capacity: oldSectionOps &+ newSectionOps &+ oldItemOps &+ newItemOps) {
      (tagged) throws(BatchUpdate.Error) -> R in
      var n = 0
      func add(_ op: Tagged) {
        (tagged.baseAddress! + n).initialize(to: op)
        n &+= 1
      }
      for s in stage.sectionDeletes { add(Tagged(section: s, .sectionDelete)) }
      for move in stage.sectionMoves { add(Tagged(section: move.from, .sectionMove)) }
      for update in stage.sectionUpdates { add(Tagged(section: update.index, .sectionUpdate)) }
      for insert in stage.sectionInserts { add(Tagged(section: insert.index, .sectionInsert)) }
      for move in stage.sectionMoves { add(Tagged(section: move.to, .sectionMove)) }
      for p in stage.itemDeletes { add(Tagged(p, .itemDelete)) }
      for move in stage.itemMoves { add(Tagged(move.from, .itemMove)) }
      for update in stage.itemUpdates { add(Tagged(update.path, .itemUpdate)) }
      stage.itemInserts._forEachPath { add(Tagged($0, .itemInsert)) }
      for move in stage.itemMoves { add(Tagged(move.to, .itemMove)) }
      var rest = UnsafeBufferPointer(tagged)
      func take(_ count: Int) -> UnsafeBufferPointer<Tagged> {
        defer { rest = UnsafeBufferPointer(rebasing: rest[count...]) }
        return UnsafeBufferPointer(rebasing: rest[..<count])
      }
      let ops = Operations(oldSections: take(oldSectionOps), newSections: take(newSectionOps), oldItems: take(oldItemOps), newItems: take(newItemOps))
      let words = _Scratch.words(forBits: oldStarts[oldSections])
      return try withUnsafeTemporaryAllocation(of: BatchUpdate.Error.Operation?.self, capacity: oldSections &+ 2 &* newSections) {
        (sectionOps) throws(BatchUpdate.Error) -> R in
        sectionOps.initialize(repeating: nil)
        let oldSectionOp = UnsafeMutableBufferPointer(rebasing: sectionOps[..<oldSections])
        let newSectionOp = UnsafeMutableBufferPointer(rebasing: sectionOps[oldSections..<(oldSections &+ newSections)])
        let newSectionChange = UnsafeMutableBufferPointer(rebasing: sectionOps[(oldSections &+ newSections)...])
        let size = 3 &* oldSections &+ 4 &* newSections &+ 2 &+ stage.itemInserts.count &+ stage.itemMoves.count &+ words
        return try withUnsafeTemporaryAllocation(of: Int.self, capacity: size) { (memory) throws(BatchUpdate.Error) -> R in
          var scratch = _Scratch(memory)
          let newIndexOfUpdated = scratch.take(oldSections), removedCount = scratch.take(oldSections), oldCounts = scratch.take(oldSections)
          let source = scratch.take(newSections), counts = scratch.take(newSections)
          let insertStart = scratch.take(newSections &+ 1), moveStart = scratch.take(newSections &+ 1)
          let insertOrder = scratch.take(stage.itemInserts.count), moveOrder = scratch.take(stage.itemMoves.count)
          let removed = scratch.takeBits(capacity: oldStarts[oldSections])
          for s in 0..<oldSections { oldCounts[s] = oldStarts[s &+ 1] &- oldStarts[s] }
          try checkPositionsExist(ops, oldCounts: UnsafeBufferPointer(oldCounts), newSections: newSections)  // rule 1
          try checkOldPositionsUnique(ops, oldSectionOp: oldSectionOp, oldStarts: oldStarts, seen: removed)  // rule 2
          try checkNewPositionsUnique(ops, newSectionOp: newSectionOp)  // rule 3
          // Rules 4 and 5.
          for op in ops.oldItems where oldSectionOp[op.section] == .sectionDelete {
            throw .itemOperationInDeletedSection(op.op, op.path)
          }
          for op in ops.newItems where newSectionOp[op.section] == .sectionInsert {
            throw .itemOperationInInsertedSection(op.op, op.path)
          }
          sectionSources(stage, oldSectionOp: oldSectionOp, source: source, newIndexOfUpdated: newIndexOfUpdated)
          try checkNoItemChangesInChangedSections(  // rule 6
            ops, stage, oldSectionOp: oldSectionOp, newIndexOfUpdated: newIndexOfUpdated, newSectionChange: newSectionChange)
          let layout = _StageLayout(
            newSectionSource: source, newItemCounts: counts, insertStart: insertStart, insertOrder: insertOrder,
            moveStart: moveStart, moveOrder: moveOrder, removed: removed)
          try layout.countItemsAfterUpdate(  // rule 7
            stage, ops, oldStarts: oldStarts, removedCount: removedCount)
          return stage._placed(on: old, layout, expecting: expected)
        }
      }
    }
  }

  /// A stage's operations by side, each tagged with what it is.
  @usableFromInline
  struct Operations {
    @usableFromInline let oldSections: UnsafeBufferPointer<Tagged>, newSections: UnsafeBufferPointer<Tagged>
    @usableFromInline let oldItems: UnsafeBufferPointer<Tagged>, newItems: UnsafeBufferPointer<Tagged>
    @inlinable
    init(oldSections: UnsafeBufferPointer<Tagged>, newSections: UnsafeBufferPointer<Tagged>, oldItems: UnsafeBufferPointer<Tagged>, newItems: UnsafeBufferPointer<Tagged>) {
      (self.oldSections, self.newSections, self.oldItems, self.newItems) = (oldSections, newSections, oldItems, newItems)
    }
  }

  /// Rule 1: every old position exists before the update; every new
  /// section exists after it, and every new item path names one with a
  /// non-negative index (its upper bound is rule 7).
  @inlinable
  static func checkPositionsExist(_ ops: Operations, oldCounts: UnsafeBufferPointer<Int>, newSections: Int) throws(BatchUpdate.Error) {
    let oldSections = oldCounts.count
    for op in ops.oldSections where !(0..<oldSections).contains(op.section) {
      throw .positionOutOfRange(op.op, .section(op.section), isNew: false)
    }
    for op in ops.oldItems
    where !(0..<oldSections).contains(op.section) || !(0..<oldCounts[op.section]).contains(op.item) {
      throw .positionOutOfRange(op.op, .item(op.path), isNew: false)
    }
    for op in ops.newSections where !(0..<newSections).contains(op.section) {
      throw .positionOutOfRange(op.op, .section(op.section), isNew: true)
    }
    for op in ops.newItems where !(0..<newSections).contains(op.section) || op.item < 0 {
      throw .positionOutOfRange(op.op, .item(op.path), isNew: true)
    }
  }

  /// Rule 2: at most one operation per old position. Fills each old
  /// section's operation.
  ///
  /// The old item positions exist (rule 1): a bit each in `seen` (a bit
  /// per old item, its contents then undefined) finds whether two share one
  /// in one pass; only then does `_firstDuplicate` find which (a stage's
  /// updates are most of its operations: sorting them was a tenth of a
  /// 30-item apply, counted).
  @inlinable
  static func checkOldPositionsUnique(
    _ ops: Operations, oldSectionOp: UnsafeMutableBufferPointer<BatchUpdate.Error.Operation?>,
    oldStarts: [Int], seen: _UnsafeBitSet
  ) throws(BatchUpdate.Error) {
    for op in ops.oldSections {
      if let first = oldSectionOp[op.section] { throw .duplicateOldPosition(.section(op.section), first, op.op) }
      oldSectionOp[op.section] = op.op
    }
    seen.removeAll()
    for op in ops.oldItems where seen.testAndInsert(oldStarts[op.section] &+ op.item) {
      if let (p, first, second) = _firstDuplicate(ops.oldItems) { throw .duplicateOldPosition(.item(p), first, second) }
      return
    }
  }

  /// Rule 3: at most one operation per new position. Fills each new
  /// section's operation.
  @inlinable
  static func checkNewPositionsUnique(
    _ ops: Operations, newSectionOp: UnsafeMutableBufferPointer<BatchUpdate.Error.Operation?>
  ) throws(BatchUpdate.Error) {
    for op in ops.newSections {
      if let first = newSectionOp[op.section] { throw .duplicateNewPosition(.section(op.section), first, op.op) }
      newSectionOp[op.section] = op.op
    }
    if let (p, first, second) = _firstDuplicate(ops.newItems) { throw .duplicateNewPosition(.item(p), first, second) }
  }

  /// Where each new section comes from: inserts and move destinations take
  /// their places, the surviving old sections fill the rest in order. Also
  /// the new index of each updated old section (-1: not updated).
  @inlinable
  static func sectionSources<S, I, C>(
    _ stage: Changeset<S, I, C>.Stage, oldSectionOp: UnsafeMutableBufferPointer<BatchUpdate.Error.Operation?>,
    source: UnsafeMutableBufferPointer<Int>, newIndexOfUpdated: UnsafeMutableBufferPointer<Int>
  ) {
    source.initialize(repeating: Source.unfilled)
    newIndexOfUpdated.initialize(repeating: -1)
    for (k, insert) in stage.sectionInserts.enumerated() { source[insert.index] = Source.insert(k) }
    for move in stage.sectionMoves { source[move.to] = move.from }
    var free = 0
    for s in oldSectionOp.indices where oldSectionOp[s] == nil || oldSectionOp[s] == .sectionUpdate {
      while source[free] != Source.unfilled { free &+= 1 }
      source[free] = s
      if oldSectionOp[s] == .sectionUpdate { newIndexOfUpdated[s] = free }
    }
  }

  /// Rule 6: no item operation inside a section that moves or is updated,
  /// on either side.
  @inlinable
  static func checkNoItemChangesInChangedSections<S, I, C>(
    _ ops: Operations, _ stage: Changeset<S, I, C>.Stage, oldSectionOp: UnsafeMutableBufferPointer<BatchUpdate.Error.Operation?>,
    newIndexOfUpdated: UnsafeMutableBufferPointer<Int>, newSectionChange: UnsafeMutableBufferPointer<BatchUpdate.Error.Operation?>
  ) throws(BatchUpdate.Error) {
    for op in ops.oldItems {
      if let change = oldSectionOp[op.section], change != .sectionDelete {
        throw .itemOperationInChangedSection(op.op, op.path, sectionChange: change)
      }
    }
    for move in stage.sectionMoves { newSectionChange[move.to] = .sectionMove }
    for j in newIndexOfUpdated where j >= 0 { newSectionChange[j] = .sectionUpdate }
    for op in ops.newItems {
      if let change = newSectionChange[op.section] {
        throw .itemOperationInChangedSection(op.op, op.path, sectionChange: change)
      }
    }
  }

  /// Rule 7: every new item path lies within its section's count after the
  /// update. Fills those counts, the inserts and moves landing in each new
  /// section, and which old items leave.
  @inlinable
  func countItemsAfterUpdate<S, I, C>(
    _ stage: Changeset<S, I, C>.Stage, _ ops: Operations, oldStarts: [Int], removedCount: UnsafeMutableBufferPointer<Int>
  ) throws(BatchUpdate.Error) {
    removed.removeAll()
    removedCount.initialize(repeating: 0)
    func remove(_ p: ItemPath) {
      removed.insert(oldStarts[p.section] &+ p.item)
      removedCount[p.section] &+= 1
    }
    for p in stage.itemDeletes { remove(p) }
    for m in stage.itemMoves { remove(m.from) }
    if stage.itemInserts._fills.isEmpty {
      Self.group(stage.itemInserts._listed.lazy.map { $0.path.section }, start: insertStart, order: insertOrder)
    } else {
      Self.group(stage.itemInserts._paths.lazy.map { $0.section }, start: insertStart, order: insertOrder)
    }
    Self.group(stage.itemMoves.lazy.map { $0.to.section }, start: moveStart, order: moveOrder)
    for j in newItemCounts.indices {
      let s = newSectionSource[j]
      let landing = insertStart[j &+ 1] &- insertStart[j] &+ moveStart[j &+ 1] &- moveStart[j]
      newItemCounts[j] = Source(s).isInsert ? 0 : oldStarts[s &+ 1] &- oldStarts[s] &- removedCount[s] &+ landing
    }
    for op in ops.newItems where op.item >= newItemCounts[op.section] {
      throw .invalidItemCount(section: op.section, countAfterUpdate: newItemCounts[op.section], op.op, op.path)
    }
  }

  /// Groups the indices of `sections` by value, in order within a group
  /// (a counting sort): group `j` is `order[start[j]..<start[j + 1]]`.
  @inlinable
  static func group(
    _ sections: some Collection<Int>, start: UnsafeMutableBufferPointer<Int>, order: UnsafeMutableBufferPointer<Int>
  ) {
    start.initialize(repeating: 0)
    for s in sections { start[s &+ 1] &+= 1 }
    for j in 1..<start.count { start[j] &+= start[j &- 1] }
    // Each index to its group's next slot, which then ends at the next
    // group's start: shifted back by one group after.
    for (k, s) in sections.enumerated() {
      order[start[s]] = k
      start[s] &+= 1
    }
    for j in stride(from: start.count &- 1, to: 0, by: -1) { start[j] = start[j &- 1] }
    start[0] = 0
  }
}

/// The first index path that two operations share, found by sorting (no hashing).
@inlinable
internal func _firstDuplicate(_ ops: UnsafeBufferPointer<_StageLayout.Tagged>) -> (ItemPath, BatchUpdate.Error.Operation, BatchUpdate.Error.Operation)? {
  guard ops.count > 1 else { return nil }
  // A few operations: compared pairwise, the same answer as below (the
  // least shared path, its first two operations in list order) with no
  // buffer to sort.
  if ops.count <= _Tuning.pairwiseDuplicateOperations {
    var found: (ItemPath, first: Int, second: Int)?
    for i in ops.indices {
      let p = ops[i].path
      for k in (i &+ 1)..<ops.count where ops[k].path == p {
        if found.map({ p < $0.0 }) ?? true { found = (p, i, k) }
        break
      }
    }
    return found.map { ($0.0, ops[$0.first].op, ops[$0.second].op) }
  }
  // Stable order by path, so the earlier-listed operation is named first.
  let order = ops.indices.sorted { (ops[$0].path, $0) < (ops[$1].path, $1) }
  for k in 1..<order.count where ops[order[k]].path == ops[order[k &- 1]].path {
    return (ops[order[k]].path, ops[order[k &- 1]].op, ops[order[k]].op)
  }
  return nil
}
