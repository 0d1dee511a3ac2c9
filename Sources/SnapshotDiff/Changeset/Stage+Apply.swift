extension Stage {
  /// Applies this stage to a state, checking the seven rules first.
  ///
  /// Removes (item deletes and move sources, section deletes and move
  /// sources, in old coordinates), then places (section inserts and move
  /// destinations, then item inserts and move destinations, in new
  /// coordinates); updates replace content at their old position. Never traps,
  /// whatever the stage holds.
  ///
  /// - Throws: ``StageError/brokenRule(_:)`` with the lowest-numbered rule
  ///   broken, or ``StageError/invalidResult(_:)`` when the stage inserts an
  ///   identifier that is already there.
  /// - Complexity: O(*n* + *k* log *k*) for *n* items and *k* item operations.
  @inlinable
  public func apply(
    to old: Snapshot<SectionID, ItemID, Content>
  ) throws(StageError) -> Snapshot<SectionID, ItemID, Content> {
    let plan: _StageLayout
    do {
      plan = try _StageLayout(self, oldSectionCount: old.numberOfSections) { old.numberOfItems(inSectionAt: $0) }
    } catch {
      throw .brokenRule(error)
    }

    // Content updates at old positions: each old item's update, if any
    // (indices, so that no item is copied before it is placed).
    var updateOf: [Int] = []
    if !itemUpdates.isEmpty {
      updateOf = [Int](repeating: -1, count: old.numberOfItems)
      for (k, update) in itemUpdates.enumerated() { updateOf[old.flatIndex(of: update.path)] = k }
    }
    var sectionContents = old._sectionContents
    for update in sectionUpdates { sectionContents[update.index] = update.content }

    var result = Snapshot<SectionID, ItemID, Content>()
    result._items.reserveCapacity(old.numberOfItems)
    // Where each new item of a section comes from: an old flat index, or
    // `-(insert index) - 2` for an insert (-1: not yet filled).
    var from: [Int] = []
    for j in 0..<plan.newSectionSource.count {
      let source = plan.newSectionSource[j]
      if source < 0 {
        let section = sectionInserts[-source - 1].section
        result._sectionIDs.append(section.id)
        result._sectionContents.append(section.content)
        result._items.append(contentsOf: section.items)
      } else {
        result._sectionIDs.append(old._sectionIDs[source])
        result._sectionContents.append(sectionContents[source])
        // Destinations first, then survivors in order into the free slots.
        from.removeAll(keepingCapacity: true)
        from.append(contentsOf: repeatElement(-1, count: plan.newItemCounts[j]))
        for insert in plan.insertsBySection[j] { from[itemInserts[insert].path.item] = -insert - 2 }
        for move in plan.movesBySection[j] { from[itemMoves[move].to.item] = old.flatIndex(of: itemMoves[move].from) }
        var free = 0
        for i in old.itemRange(ofSection: source) where !plan.removedOldItems[i] {
          while from[free] != -1 { free += 1 }
          from[free] = i
        }
        for f in from {
          if f < -1 {
            result._items.append(itemInserts[-f - 2].item)
          } else if updateOf.isEmpty || updateOf[f] < 0 {
            result._items.append(old._items[f])
          } else {
            result._items.append(Item(old._items[f].id, content: itemUpdates[updateOf[f]].content))
          }
        }
      }
      result._sectionStarts.append(result._items.count)
    }
    // Without inserts the result holds old ids only, each at most once (the
    // rules give every old position at most one removal or move), so it is
    // unique as the old snapshot was: only an insert can repeat an id.
    if itemInserts.isEmpty && sectionInserts.isEmpty { return result }
    if !_insertedIDsMayRepeat(in: result) { return result }
    do {
      try result._checkInvariants()
    } catch {
      throw .invalidResult(error)
    }
    return result
  }

  /// Whether an id this stage inserts may be in `result` twice; `false` only
  /// when each is there once. Few inserts into a small result are counted
  /// by comparing ids (no hashing: counted, a 30-item apply's check fell
  /// from about 19,000 instructions); otherwise `true`, and the caller's full
  /// check decides.
  @inlinable
  internal func _insertedIDsMayRepeat(in result: Snapshot<SectionID, ItemID, Content>) -> Bool {
    let insertedItems = itemInserts.count + sectionInserts.reduce(0) { $0 + $1.section.items.count }
    guard insertedItems * result._items.count + sectionInserts.count * result._sectionIDs.count <= 4_096 else { return true }
    func once<ID: Equatable>(_ id: ID, among ids: some Sequence<ID>) -> Bool {
      var seen = 0
      for other in ids where other == id {
        seen += 1
        if seen > 1 { return false }
      }
      return seen == 1
    }
    let itemIDs = result._items.lazy.map(\.id)
    for insert in itemInserts where !once(insert.item.id, among: itemIDs) { return true }
    for insert in sectionInserts {
      if !once(insert.section.id, among: result._sectionIDs) { return true }
      for item in insert.section.items where !once(item.id, among: itemIDs) { return true }
    }
    return false
  }
}

/// The shape of a stage, derived while checking the rules: where each new
/// section comes from, each section's count after the update, and which old
/// items leave. Index arrays only.
@usableFromInline
internal struct _StageLayout {
  /// For each new section: its old index, or `-(insert index) - 1` when inserted.
  @usableFromInline var newSectionSource: [Int]
  /// For each new section: its item count after the update (inserted: 0).
  @usableFromInline var newItemCounts: [Int]
  /// For each new section: indices into `itemInserts` / `itemMoves` landing there.
  @usableFromInline var insertsBySection: [[Int]]
  @usableFromInline var movesBySection: [[Int]]
  /// For each old flat item: deleted or moved away.
  @usableFromInline var removedOldItems: [Bool]

  /// Checks the rules in order, each in a step of its own below, and
  /// derives the layout.
  @inlinable
  init<S, I, C>(
    _ stage: Stage<S, I, C>, oldSectionCount: Int, oldItemCount: (Int) -> Int
  ) throws(BatchUpdateError) {
    let oldCounts = (0..<oldSectionCount).map(oldItemCount)
    let ops = _TaggedOperations(stage)
    let newSections = oldSectionCount - stage.sectionDeletes.count + stage.sectionInserts.count
    try Self.checkPositionsExist(ops, oldCounts: oldCounts, newSections: newSections)  // rule 1
    let oldSectionOp = try Self.checkOldPositionsUnique(ops, oldSections: oldSectionCount)  // rule 2
    let newSectionOp = try Self.checkNewPositionsUnique(ops, newSections: newSections)  // rule 3
    // Rules 4 and 5.
    for (p, op) in ops.oldItems where oldSectionOp[p.section] == .sectionDelete {
      throw .itemOperationInDeletedSection(op, p)
    }
    for (p, op) in ops.newItems where newSectionOp[p.section] == .sectionInsert {
      throw .itemOperationInInsertedSection(op, p)
    }
    let (source, newIndexOfUpdated) = Self.sectionSources(stage, oldSectionOp: oldSectionOp, newSections: newSections)
    try Self.checkNoItemChangesInChangedSections(  // rule 6
      ops, stage, oldSectionOp: oldSectionOp, newIndexOfUpdated: newIndexOfUpdated, newSections: newSections)
    newSectionSource = source.map { $0! }
    (newItemCounts, insertsBySection, movesBySection, removedOldItems) = try Self.itemCountsAfterUpdate(  // rule 7
      stage, ops, oldCounts: oldCounts, source: source, newSections: newSections)
  }

  /// Rule 1: every old position exists before the update; every new
  /// section exists after it, and every new item path names one with a
  /// non-negative index (its upper bound is rule 7).
  @inlinable
  static func checkPositionsExist(_ ops: _TaggedOperations, oldCounts: [Int], newSections: Int) throws(BatchUpdateError) {
    let oldSections = oldCounts.count
    for (s, op) in ops.oldSections where !(0..<oldSections).contains(s) {
      throw .positionOutOfRange(op, .section(s), isNew: false)
    }
    for (p, op) in ops.oldItems
    where !(0..<oldSections).contains(p.section) || !(0..<oldCounts[p.section]).contains(p.item) {
      throw .positionOutOfRange(op, .item(p), isNew: false)
    }
    for (s, op) in ops.newSections where !(0..<newSections).contains(s) {
      throw .positionOutOfRange(op, .section(s), isNew: true)
    }
    for (p, op) in ops.newItems where !(0..<newSections).contains(p.section) || p.item < 0 {
      throw .positionOutOfRange(op, .item(p), isNew: true)
    }
  }

  /// Rule 2: at most one operation per old position. Returns each old
  /// section's operation.
  @inlinable
  static func checkOldPositionsUnique(_ ops: _TaggedOperations, oldSections: Int) throws(BatchUpdateError) -> [BatchUpdateError.Operation?] {
    var oldSectionOp = [BatchUpdateError.Operation?](repeating: nil, count: oldSections)
    for (s, op) in ops.oldSections {
      if let first = oldSectionOp[s] { throw .duplicateOldPosition(.section(s), first, op) }
      oldSectionOp[s] = op
    }
    if let (p, first, second) = _firstDuplicate(ops.oldItems) { throw .duplicateOldPosition(.item(p), first, second) }
    return oldSectionOp
  }

  /// Rule 3: at most one operation per new position. Returns each new
  /// section's operation.
  @inlinable
  static func checkNewPositionsUnique(_ ops: _TaggedOperations, newSections: Int) throws(BatchUpdateError) -> [BatchUpdateError.Operation?] {
    var newSectionOp = [BatchUpdateError.Operation?](repeating: nil, count: newSections)
    for (s, op) in ops.newSections {
      if let first = newSectionOp[s] { throw .duplicateNewPosition(.section(s), first, op) }
      newSectionOp[s] = op
    }
    if let (p, first, second) = _firstDuplicate(ops.newItems) { throw .duplicateNewPosition(.item(p), first, second) }
    return newSectionOp
  }

  /// Where each new section comes from: inserts and move destinations take
  /// their places, the surviving old sections fill the rest in order. Also
  /// the new index of each updated old section.
  @inlinable
  static func sectionSources<S, I, C>(
    _ stage: Stage<S, I, C>, oldSectionOp: [BatchUpdateError.Operation?], newSections: Int
  ) -> (source: [Int?], newIndexOfUpdated: [Int?]) {
    var source = [Int?](repeating: nil, count: newSections)
    for (k, insert) in stage.sectionInserts.enumerated() { source[insert.index] = -k - 1 }
    for move in stage.sectionMoves { source[move.to] = move.from }
    var newIndexOfUpdated = [Int?](repeating: nil, count: oldSectionOp.count)
    var free = 0
    for s in oldSectionOp.indices where oldSectionOp[s] == nil || oldSectionOp[s] == .sectionUpdate {
      while source[free] != nil { free += 1 }
      source[free] = s
      if oldSectionOp[s] == .sectionUpdate { newIndexOfUpdated[s] = free }
    }
    return (source, newIndexOfUpdated)
  }

  /// Rule 6: no item operation inside a section that moves or is updated,
  /// on either side.
  @inlinable
  static func checkNoItemChangesInChangedSections<S, I, C>(
    _ ops: _TaggedOperations, _ stage: Stage<S, I, C>, oldSectionOp: [BatchUpdateError.Operation?],
    newIndexOfUpdated: [Int?], newSections: Int
  ) throws(BatchUpdateError) {
    for (p, op) in ops.oldItems {
      if let change = oldSectionOp[p.section], change != .sectionDelete {
        throw .itemOperationInChangedSection(op, p, sectionChange: change)
      }
    }
    var newSectionChange = [BatchUpdateError.Operation?](repeating: nil, count: newSections)
    for move in stage.sectionMoves { newSectionChange[move.to] = .sectionMove }
    for s in newIndexOfUpdated.indices { if let j = newIndexOfUpdated[s] { newSectionChange[j] = .sectionUpdate } }
    for (p, op) in ops.newItems {
      if let change = newSectionChange[p.section] {
        throw .itemOperationInChangedSection(op, p, sectionChange: change)
      }
    }
  }

  /// Rule 7: every new item path lies within its section's count after the
  /// update. Returns those counts, the inserts and moves landing in each new
  /// section, and which old items leave.
  @inlinable
  static func itemCountsAfterUpdate<S, I, C>(
    _ stage: Stage<S, I, C>, _ ops: _TaggedOperations, oldCounts: [Int], source: [Int?], newSections: Int
  ) throws(BatchUpdateError) -> (counts: [Int], inserts: [[Int]], moves: [[Int]], removed: [Bool]) {
    var oldStarts = [0]
    for c in oldCounts { oldStarts.append(oldStarts.last! + c) }
    var removed = [Bool](repeating: false, count: oldStarts.last!)
    var removedCount = [Int](repeating: 0, count: oldCounts.count)
    for p in stage.itemDeletes { removed[oldStarts[p.section] + p.item] = true; removedCount[p.section] += 1 }
    for m in stage.itemMoves { removed[oldStarts[m.from.section] + m.from.item] = true; removedCount[m.from.section] += 1 }
    var inserts = [[Int]](repeating: [], count: newSections)
    var moves = [[Int]](repeating: [], count: newSections)
    for (k, insert) in stage.itemInserts.enumerated() { inserts[insert.path.section].append(k) }
    for (k, move) in stage.itemMoves.enumerated() { moves[move.to.section].append(k) }
    var counts = [Int](repeating: 0, count: newSections)
    for j in 0..<newSections {
      guard let s = source[j], s >= 0 else { continue }
      counts[j] = oldCounts[s] - removedCount[s] + inserts[j].count + moves[j].count
    }
    for (p, op) in ops.newItems where p.item >= counts[p.section] {
      throw .invalidItemCount(section: p.section, countAfterUpdate: counts[p.section], op, p)
    }
    return (counts, inserts, moves, removed)
  }
}

/// A stage's operations by side, each tagged with what it is, for the
/// rules' messages.
@usableFromInline
internal struct _TaggedOperations {
  @usableFromInline var oldSections: [(Int, BatchUpdateError.Operation)]
  @usableFromInline var newSections: [(Int, BatchUpdateError.Operation)]
  @usableFromInline var oldItems: [(ItemPath, BatchUpdateError.Operation)]
  @usableFromInline var newItems: [(ItemPath, BatchUpdateError.Operation)]

  @inlinable
  init<S, I, C>(_ stage: Stage<S, I, C>) {
    // Each list in one buffer, appended to (mapping and concatenating made
    // five arrays a list: counted, about 3,000 instructions a small stage).
    oldSections = []
    oldSections.reserveCapacity(stage.sectionDeletes.count + stage.sectionMoves.count + stage.sectionUpdates.count)
    for s in stage.sectionDeletes { oldSections.append((s, .sectionDelete)) }
    for move in stage.sectionMoves { oldSections.append((move.from, .sectionMove)) }
    for update in stage.sectionUpdates { oldSections.append((update.index, .sectionUpdate)) }
    newSections = []
    newSections.reserveCapacity(stage.sectionInserts.count + stage.sectionMoves.count)
    for insert in stage.sectionInserts { newSections.append((insert.index, .sectionInsert)) }
    for move in stage.sectionMoves { newSections.append((move.to, .sectionMove)) }
    oldItems = []
    oldItems.reserveCapacity(stage.itemDeletes.count + stage.itemMoves.count + stage.itemUpdates.count)
    for p in stage.itemDeletes { oldItems.append((p, .itemDelete)) }
    for move in stage.itemMoves { oldItems.append((move.from, .itemMove)) }
    for update in stage.itemUpdates { oldItems.append((update.path, .itemUpdate)) }
    newItems = []
    newItems.reserveCapacity(stage.itemInserts.count + stage.itemMoves.count)
    for insert in stage.itemInserts { newItems.append((insert.path, .itemInsert)) }
    for move in stage.itemMoves { newItems.append((move.to, .itemMove)) }
  }
}

/// The first index path that two operations share, found by sorting (no hashing).
@inlinable
internal func _firstDuplicate(_ ops: [(ItemPath, BatchUpdateError.Operation)]) -> (ItemPath, BatchUpdateError.Operation, BatchUpdateError.Operation)? {
  guard ops.count > 1 else { return nil }
  // A few operations: compared pairwise, the same answer as below (the
  // least shared path, its first two operations in list order) with no
  // buffer to sort.
  if ops.count <= 32 {
    var found: (ItemPath, first: Int, second: Int)?
    for i in ops.indices {
      for k in (i + 1)..<ops.count where ops[k].0 == ops[i].0 {
        if found.map({ ops[i].0 < $0.0 }) ?? true { found = (ops[i].0, i, k) }
        break
      }
    }
    return found.map { ($0.0, ops[$0.first].1, ops[$0.second].1) }
  }
  // Stable order by path, so the earlier-listed operation is named first.
  let order = ops.indices.sorted { (ops[$0].0, $0) < (ops[$1].0, $1) }
  for k in 1..<order.count where ops[order[k]].0 == ops[order[k - 1]].0 {
    return (ops[order[k]].0, ops[order[k - 1]].1, ops[order[k]].1)
  }
  return nil
}
