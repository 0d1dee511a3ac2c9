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

    // Content updates at old positions.
    var oldItems = old._items
    for update in itemUpdates { oldItems[old.flatIndex(of: update.path)].content = update.content }
    var sectionContents = old._sectionContents
    for update in sectionUpdates { sectionContents[update.index] = update.content }

    var result = Snapshot<SectionID, ItemID, Content>()
    result._items.reserveCapacity(old.numberOfItems)
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
        var slots = [Item?](repeating: nil, count: plan.newItemCounts[j])
        for insert in plan.insertsBySection[j] {
          slots[itemInserts[insert].path.item] = itemInserts[insert].item
        }
        for move in plan.movesBySection[j] {
          slots[itemMoves[move].to.item] = oldItems[old.flatIndex(of: itemMoves[move].from)]
        }
        var free = 0
        for i in old.itemRange(ofSection: source) where !plan.removedOldItems[i] {
          while slots[free] != nil { free += 1 }
          slots[free] = oldItems[i]
        }
        for slot in slots { result._items.append(slot!) }
      }
      result._sectionStarts.append(result._items.count)
    }
    // Without inserts the result holds old ids only, each at most once (the
    // rules give every old position at most one removal or move), so it is
    // unique as the old snapshot was: only an insert can repeat an id.
    if itemInserts.isEmpty && sectionInserts.isEmpty { return result }
    do {
      try result._checkInvariants()
    } catch {
      throw .invalidResult(error)
    }
    return result
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

  /// Checks the rules in order and derives the layout.
  @inlinable
  init<S, I, C>(
    _ stage: Stage<S, I, C>, oldSectionCount: Int, oldItemCount: (Int) -> Int
  ) throws(BatchUpdateError) {
    let oldSections = oldSectionCount
    let oldCounts = (0..<oldSections).map(oldItemCount)
    var oldStarts = [0]
    for c in oldCounts { oldStarts.append(oldStarts.last! + c) }

    // The operations by side, tagged for messages.
    let oldSectionOps: [(Int, BatchUpdateError.Operation)] =
      stage.sectionDeletes.map { ($0, .sectionDelete) } + stage.sectionMoves.map { ($0.from, .sectionMove) }
      + stage.sectionUpdates.map { ($0.index, .sectionUpdate) }
    let newSectionOps: [(Int, BatchUpdateError.Operation)] =
      stage.sectionInserts.map { ($0.index, .sectionInsert) } + stage.sectionMoves.map { ($0.to, .sectionMove) }
    let oldItemOps: [(ItemPath, BatchUpdateError.Operation)] =
      stage.itemDeletes.map { ($0, .itemDelete) } + stage.itemMoves.map { ($0.from, .itemMove) }
      + stage.itemUpdates.map { ($0.path, .itemUpdate) }
    let newItemOps: [(ItemPath, BatchUpdateError.Operation)] =
      stage.itemInserts.map { ($0.path, .itemInsert) } + stage.itemMoves.map { ($0.to, .itemMove) }

    // Rule 1, old side.
    for (s, op) in oldSectionOps where !(0..<oldSections).contains(s) {
      throw .positionOutOfRange(op, .section(s), isNew: false)
    }
    for (p, op) in oldItemOps
    where !(0..<oldSections).contains(p.section) || !(0..<oldCounts[p.section]).contains(p.item) {
      throw .positionOutOfRange(op, .item(p), isNew: false)
    }
    // Rule 1, new side: sections, and the item paths' section and sign (their
    // upper bound is rule 7).
    let newSections = oldSections - stage.sectionDeletes.count + stage.sectionInserts.count
    for (s, op) in newSectionOps where !(0..<newSections).contains(s) {
      throw .positionOutOfRange(op, .section(s), isNew: true)
    }
    for (p, op) in newItemOps where !(0..<newSections).contains(p.section) || p.item < 0 {
      throw .positionOutOfRange(op, .item(p), isNew: true)
    }

    // Rule 2.
    var oldSectionOp = [BatchUpdateError.Operation?](repeating: nil, count: oldSections)
    for (s, op) in oldSectionOps {
      if let first = oldSectionOp[s] { throw .duplicateOldPosition(.section(s), first, op) }
      oldSectionOp[s] = op
    }
    if let (p, first, second) = _firstDuplicate(oldItemOps) { throw .duplicateOldPosition(.item(p), first, second) }
    // Rule 3.
    var newSectionOp = [BatchUpdateError.Operation?](repeating: nil, count: newSections)
    for (s, op) in newSectionOps {
      if let first = newSectionOp[s] { throw .duplicateNewPosition(.section(s), first, op) }
      newSectionOp[s] = op
    }
    if let (p, first, second) = _firstDuplicate(newItemOps) { throw .duplicateNewPosition(.item(p), first, second) }

    // Rule 4.
    for (p, op) in oldItemOps where oldSectionOp[p.section] == .sectionDelete {
      throw .itemOperationInDeletedSection(op, p)
    }
    // Rule 5.
    for (p, op) in newItemOps where newSectionOp[p.section] == .sectionInsert {
      throw .itemOperationInInsertedSection(op, p)
    }

    // Section layout: inserts and move destinations, then survivors in order.
    var source = [Int?](repeating: nil, count: newSections)
    for (k, insert) in stage.sectionInserts.enumerated() { source[insert.index] = -k - 1 }
    for move in stage.sectionMoves { source[move.to] = move.from }
    var newIndexOfUpdated = [Int?](repeating: nil, count: oldSections)
    var free = 0
    for s in 0..<oldSections where oldSectionOp[s] == nil || oldSectionOp[s] == .sectionUpdate {
      while source[free] != nil { free += 1 }
      source[free] = s
      if oldSectionOp[s] == .sectionUpdate { newIndexOfUpdated[s] = free }
    }

    // Rule 6.
    for (p, op) in oldItemOps {
      if let change = oldSectionOp[p.section], change != .sectionDelete {
        throw .itemOperationInChangedSection(op, p, sectionChange: change)
      }
    }
    var newSectionChange = [BatchUpdateError.Operation?](repeating: nil, count: newSections)
    for move in stage.sectionMoves { newSectionChange[move.to] = .sectionMove }
    for s in 0..<oldSections { if let j = newIndexOfUpdated[s] { newSectionChange[j] = .sectionUpdate } }
    for (p, op) in newItemOps {
      if let change = newSectionChange[p.section] {
        throw .itemOperationInChangedSection(op, p, sectionChange: change)
      }
    }

    // Rule 7: each surviving section's count after the update.
    var removed = [Bool](repeating: false, count: oldStarts.last!)
    var removedCount = [Int](repeating: 0, count: oldSections)
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
    for (p, op) in newItemOps where p.item >= counts[p.section] {
      throw .invalidItemCount(section: p.section, countAfterUpdate: counts[p.section], op, p)
    }

    newSectionSource = source.map { $0! }
    newItemCounts = counts
    insertsBySection = inserts
    movesBySection = moves
    removedOldItems = removed
  }
}

/// The first index path that two operations share, found by sorting (no hashing).
@inlinable
internal func _firstDuplicate(_ ops: [(ItemPath, BatchUpdateError.Operation)]) -> (ItemPath, BatchUpdateError.Operation, BatchUpdateError.Operation)? {
  guard ops.count > 1 else { return nil }
  // Stable order by path, so the earlier-listed operation is named first.
  let order = ops.indices.sorted { (ops[$0].0, $0) < (ops[$1].0, $1) }
  for k in 1..<order.count where ops[order[k]].0 == ops[order[k - 1]].0 {
    return (ops[order[k]].0, ops[order[k - 1]].1, ops[order[k]].1)
  }
  return nil
}
