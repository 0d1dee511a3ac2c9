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
    // Never nil: nothing is expected.
    try _apply(to: old, expecting: nil)!
  }

  /// ``apply(to:)`` where the result should be `expected`: `nil` when it
  /// is, found by comparing in place, with no state built (the data
  /// source's last stage: placing the state, checking its inserted ids and
  /// comparing it were a tenth of a 30-item apply, counted); otherwise the
  /// state the stage gives, checked as ``apply(to:)`` checks it.
  @inlinable
  internal func _apply(
    to old: Snapshot<SectionID, ItemID, Content>, expecting expected: Snapshot<SectionID, ItemID, Content>?
  ) throws(StageError) -> Snapshot<SectionID, ItemID, Content>? {
    let placed: Snapshot<SectionID, ItemID, Content>?
    do {
      placed = try _StageLayout.checking(self, on: old, expecting: expected)
    } catch {
      throw .brokenRule(error)
    }
    // It gave `expected`, a snapshot: its ids are unique.
    guard let result = placed else { return nil }
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

  /// The state after this stage, laid out by its checked layout: each item
  /// placed once, in arrays sized once. Scratch in temporary allocations (no
  /// array's generic metadata lookup, about 750 instructions an array:
  /// counted, see `Guides/Hashmap.md`).
  /// With `expected`, `nil` when the state would be `expected` (compared,
  /// not built).
  @inlinable
  internal func _placed(
    on old: Snapshot<SectionID, ItemID, Content>, _ layout: _StageLayout, expecting expected: Snapshot<SectionID, ItemID, Content>?
  ) -> Snapshot<SectionID, ItemID, Content>? {
    let newSections = layout.newSectionSource.count
    var itemCount = 0, widest = 0
    for j in 0..<newSections {
      let source = layout.newSectionSource[j]
      if source < 0 {
        itemCount &+= sectionInserts[-source &- 1].section.items.count
      } else {
        itemCount &+= layout.newItemCounts[j]
        widest = Swift.max(widest, layout.newItemCounts[j])
      }
    }
    if let expected, _gives(expected, on: old, layout, itemCount: itemCount, widest: widest) { return nil }
    // A stage of item operations only keeps the sections as they are: their
    // ids and contents are shared, not copied.
    var sectionIDs = old._sectionIDs, sectionContents = old._sectionContents
    if !sectionDeletes.isEmpty || !sectionInserts.isEmpty || !sectionMoves.isEmpty || !sectionUpdates.isEmpty {
      var updated = old._sectionContents
      for update in sectionUpdates { updated[update.index] = update.content }
      sectionIDs = []
      sectionIDs.reserveCapacity(newSections)
      sectionContents = []
      sectionContents.reserveCapacity(newSections)
      for j in 0..<newSections {
        let source = layout.newSectionSource[j]
        if source < 0 {
          sectionIDs.append(sectionInserts[-source &- 1].section.id)
          sectionContents.append(sectionInserts[-source &- 1].section.content)
        } else {
          sectionIDs.append(old._sectionIDs[source])
          sectionContents.append(updated[source])
        }
      }
    }
    var starts = [Int](repeating: 0, count: newSections &+ 1)
    // Per old item, the update it takes (-1: none); per new item of a
    // section, where it comes from: an old flat index, or `-(insert index) - 2`
    // for an insert (-1: not yet filled).
    let updating = !itemUpdates.isEmpty
    let items = withUnsafeTemporaryAllocation(of: Int.self, capacity: (updating ? old.numberOfItems : 0) &+ widest) { scratch in
      let updateOf = UnsafeMutableBufferPointer(rebasing: scratch[..<(updating ? old.numberOfItems : 0)])
      let from = UnsafeMutableBufferPointer(rebasing: scratch[updateOf.count...])
      if updating {
        updateOf.initialize(repeating: -1)
        for (k, update) in itemUpdates.enumerated() { updateOf[old.flatIndex(of: update.path)] = k }
      }
      return [Item](unsafeUninitializedCapacity: itemCount) { placed, count in
        old._items.withUnsafeBufferPointer { oldItems in
          for j in 0..<newSections {
            let source = layout.newSectionSource[j]
            if source < 0 {
              for item in sectionInserts[-source &- 1].section.items {
                (placed.baseAddress! + count).initialize(to: item)
                count &+= 1
              }
              starts[j &+ 1] = count
              continue
            }
            let slots = UnsafeMutableBufferPointer(rebasing: from[..<layout.newItemCounts[j]])
            _fillSlots(slots, section: j, from: source, on: old, layout)
            for f in slots {
              let item: Item
              if f < -1 {
                item = itemInserts[-f &- 2].item
              } else if !updating || updateOf[f] < 0 {
                item = oldItems[f]
              } else {
                item = Item(oldItems[f].id, content: itemUpdates[updateOf[f]].content)
              }
              (placed.baseAddress! + count).initialize(to: item)
              count &+= 1
            }
            starts[j &+ 1] = count
          }
        }
      }
    }
    return Snapshot(_sectionIDs: sectionIDs, _sectionContents: sectionContents, _sectionStarts: starts, _items: items)
  }

  /// Where each item of kept new section `j` (from old section `source`)
  /// comes from, into `slots` (its count after the update): an old flat
  /// index, or `-(insert index) - 2` for an insert. Destinations first,
  /// then the survivors in order into the free slots.
  @inlinable
  internal func _fillSlots(
    _ slots: UnsafeMutableBufferPointer<Int>, section j: Int, from source: Int, on old: Snapshot<SectionID, ItemID, Content>,
    _ layout: _StageLayout
  ) {
    slots.initialize(repeating: -1)
    for k in layout.inserts(landingIn: j) { slots[itemInserts[k].path.item] = -k &- 2 }
    for k in layout.moves(landingIn: j) { slots[itemMoves[k].to.item] = old.flatIndex(of: itemMoves[k].from) }
    var free = 0
    for i in old._sectionStarts[source]..<old._sectionStarts[source &+ 1] where !layout.isRemoved(i) {
      while slots[free] != -1 { free &+= 1 }
      slots[free] = i
    }
  }

  /// Whether the state this stage places on `old` (its layout checked) is
  /// `expected`: sections, their contents and counts, and every item,
  /// compared where they would be placed, with nothing built.
  ///
  /// Its walk is `_placed`'s, written again (the slots themselves are
  /// shared, ``_fillSlots(_:section:from:on:_:)``): shared through a
  /// closure, one walk yielding each item's source cost `trace-frontpage`'s
  /// apply 6 % and `dk-5k`'s up to 17 %, and even the shared scratch alone
  /// cost `trace-frontpage`'s 17 % (counted), so the two walks stay apart.
  @inlinable
  internal func _gives(
    _ expected: Snapshot<SectionID, ItemID, Content>, on old: Snapshot<SectionID, ItemID, Content>, _ layout: _StageLayout,
    itemCount: Int, widest: Int
  ) -> Bool {
    let newSections = layout.newSectionSource.count
    guard expected.numberOfSections == newSections, expected._items.count == itemCount else { return false }
    for j in 0..<newSections {
      let source = layout.newSectionSource[j]
      let count = expected._sectionStarts[j &+ 1] &- expected._sectionStarts[j]
      if source < 0 {
        let section = sectionInserts[-source &- 1].section
        guard expected._sectionIDs[j] == section.id, expected._sectionContents[j] == section.content,
          count == section.items.count
        else { return false }
        continue
      }
      // At most one update a section (rule 2).
      let update = sectionUpdates.first { $0.index == source }
      guard expected._sectionIDs[j] == old._sectionIDs[source], count == layout.newItemCounts[j],
        update.map({ expected._sectionContents[j] == $0.content }) ?? (expected._sectionContents[j] == old._sectionContents[source])
      else { return false }
    }
    let updating = !itemUpdates.isEmpty
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: (updating ? old.numberOfItems : 0) &+ widest) { scratch in
      let updateOf = UnsafeMutableBufferPointer(rebasing: scratch[..<(updating ? old.numberOfItems : 0)])
      let from = UnsafeMutableBufferPointer(rebasing: scratch[updateOf.count...])
      if updating {
        updateOf.initialize(repeating: -1)
        for (k, update) in itemUpdates.enumerated() { updateOf[old.flatIndex(of: update.path)] = k }
      }
      return old._items.withUnsafeBufferPointer { oldItems in
        expected._items.withUnsafeBufferPointer { wanted in
          var n = 0
          for j in 0..<newSections {
            let source = layout.newSectionSource[j]
            if source < 0 {
              for item in sectionInserts[-source &- 1].section.items {
                guard wanted[n].id == item.id && wanted[n].content == item.content else { return false }
                n &+= 1
              }
              continue
            }
            let slots = UnsafeMutableBufferPointer(rebasing: from[..<layout.newItemCounts[j]])
            _fillSlots(slots, section: j, from: source, on: old, layout)
            for f in slots {
              let same: Bool
              // Ids and contents compared field by field: `Item`'s own
              // `==` is not inlinable, and ran generic (counted, 94,000
              // instructions on a 63-item apply).
              if f < -1 {
                same = wanted[n].id == itemInserts[-f &- 2].item.id && wanted[n].content == itemInserts[-f &- 2].item.content
              } else if !updating || updateOf[f] < 0 {
                same = wanted[n].id == oldItems[f].id && wanted[n].content == oldItems[f].content
              } else {
                same = wanted[n].id == oldItems[f].id && wanted[n].content == itemUpdates[updateOf[f]].content
              }
              guard same else { return false }
              n &+= 1
            }
          }
          return true
        }
      }
    }
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
    let itemIDs = result._items.lazy.map { $0.id }  // (a key path here cost a lookup per id, counted)
    for insert in itemInserts where !once(insert.item.id, among: itemIDs) { return true }
    for insert in sectionInserts {
      if !once(insert.section.id, among: result._sectionIDs) { return true }
      for item in insert.section.items where !once(item.id, among: itemIDs) { return true }
    }
    return false
  }
}

/// The shape of a stage, derived while checking the rules: where each new
/// section comes from, each section's count after the update, which inserts
/// and moves land in it, and which old items leave. Index buffers, valid
/// only inside ``checking(_:on:expecting:)``.
@usableFromInline
internal struct _StageLayout {
  /// For each new section: its old index, or `-(insert index) - 1` when inserted.
  @usableFromInline let newSectionSource: UnsafeMutableBufferPointer<Int>
  /// For each new section: its item count after the update (inserted: 0).
  @usableFromInline let newItemCounts: UnsafeMutableBufferPointer<Int>
  /// Indices into `itemInserts` / `itemMoves`, by the new section they land
  /// in (in list order within one): those of new section `j` are
  /// `insertOrder[insertStart[j]..<insertStart[j + 1]]`.
  @usableFromInline let insertStart: UnsafeMutableBufferPointer<Int>, insertOrder: UnsafeMutableBufferPointer<Int>
  @usableFromInline let moveStart: UnsafeMutableBufferPointer<Int>, moveOrder: UnsafeMutableBufferPointer<Int>
  /// A bit per old flat item (bit `i % 64` of word `i / 64`): deleted or moved away.
  @usableFromInline let removed: UnsafeMutableBufferPointer<Int>

  @inlinable func inserts(landingIn j: Int) -> UnsafeMutableBufferPointer<Int>.SubSequence { insertOrder[insertStart[j]..<insertStart[j &+ 1]] }
  @inlinable func moves(landingIn j: Int) -> UnsafeMutableBufferPointer<Int>.SubSequence { moveOrder[moveStart[j]..<moveStart[j &+ 1]] }
  @inlinable func isRemoved(_ i: Int) -> Bool { removed[i &>> 6] & (1 &<< (i & 63)) != 0 }

  @inlinable
  init(
    newSectionSource: UnsafeMutableBufferPointer<Int>, newItemCounts: UnsafeMutableBufferPointer<Int>,
    insertStart: UnsafeMutableBufferPointer<Int>, insertOrder: UnsafeMutableBufferPointer<Int>,
    moveStart: UnsafeMutableBufferPointer<Int>, moveOrder: UnsafeMutableBufferPointer<Int>, removed: UnsafeMutableBufferPointer<Int>
  ) {
    (self.newSectionSource, self.newItemCounts, self.removed) = (newSectionSource, newItemCounts, removed)
    (self.insertStart, self.insertOrder, self.moveStart, self.moveOrder) = (insertStart, insertOrder, moveStart, moveOrder)
  }

  /// An operation of a stage, by side, tagged with what it is (for the
  /// rules' messages). A section's operation has `item` 0.
  @usableFromInline
  struct Tagged {
    @usableFromInline var section: Int, item: Int
    @usableFromInline var op: BatchUpdateError.Operation
    @inlinable init(section: Int, _ op: BatchUpdateError.Operation) { (self.section, item, self.op) = (section, 0, op) }
    @inlinable init(_ path: ItemPath, _ op: BatchUpdateError.Operation) { (section, item, self.op) = (path.section, path.item, op) }
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
    _ stage: Stage<S, I, C>, on old: Snapshot<S, I, C>, expecting expected: Snapshot<S, I, C>?
  ) throws(BatchUpdateError) -> Snapshot<S, I, C>? {
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
      (tagged) throws(BatchUpdateError) -> R in
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
      for insert in stage.itemInserts { add(Tagged(insert.path, .itemInsert)) }
      for move in stage.itemMoves { add(Tagged(move.to, .itemMove)) }
      var rest = UnsafeBufferPointer(tagged)
      func take(_ count: Int) -> UnsafeBufferPointer<Tagged> {
        defer { rest = UnsafeBufferPointer(rebasing: rest[count...]) }
        return UnsafeBufferPointer(rebasing: rest[..<count])
      }
      let ops = Operations(oldSections: take(oldSectionOps), newSections: take(newSectionOps), oldItems: take(oldItemOps), newItems: take(newItemOps))
      let words = (oldStarts[oldSections] &+ 63) &>> 6
      return try withUnsafeTemporaryAllocation(of: BatchUpdateError.Operation?.self, capacity: oldSections &+ 2 &* newSections) {
        (sectionOps) throws(BatchUpdateError) -> R in
        sectionOps.initialize(repeating: nil)
        let oldSectionOp = UnsafeMutableBufferPointer(rebasing: sectionOps[..<oldSections])
        let newSectionOp = UnsafeMutableBufferPointer(rebasing: sectionOps[oldSections..<(oldSections &+ newSections)])
        let newSectionChange = UnsafeMutableBufferPointer(rebasing: sectionOps[(oldSections &+ newSections)...])
        let size = 3 &* oldSections &+ 4 &* newSections &+ 2 &+ stage.itemInserts.count &+ stage.itemMoves.count &+ words
        return try withUnsafeTemporaryAllocation(of: Int.self, capacity: size) { (scratch) throws(BatchUpdateError) -> R in
          var unused = scratch
          func region(_ count: Int) -> UnsafeMutableBufferPointer<Int> {
            defer { unused = UnsafeMutableBufferPointer(rebasing: unused[count...]) }
            return UnsafeMutableBufferPointer(rebasing: unused[..<count])
          }
          let newIndexOfUpdated = region(oldSections), removedCount = region(oldSections), oldCounts = region(oldSections)
          let source = region(newSections), counts = region(newSections)
          let insertStart = region(newSections &+ 1), moveStart = region(newSections &+ 1)
          let insertOrder = region(stage.itemInserts.count), moveOrder = region(stage.itemMoves.count)
          let removed = region(words)
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
  static func checkPositionsExist(_ ops: Operations, oldCounts: UnsafeBufferPointer<Int>, newSections: Int) throws(BatchUpdateError) {
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
    _ ops: Operations, oldSectionOp: UnsafeMutableBufferPointer<BatchUpdateError.Operation?>,
    oldStarts: [Int], seen: UnsafeMutableBufferPointer<Int>
  ) throws(BatchUpdateError) {
    for op in ops.oldSections {
      if let first = oldSectionOp[op.section] { throw .duplicateOldPosition(.section(op.section), first, op.op) }
      oldSectionOp[op.section] = op.op
    }
    seen.initialize(repeating: 0)
    for op in ops.oldItems {
      let i = oldStarts[op.section] &+ op.item
      let bit = 1 &<< (i & 63)
      guard seen[i &>> 6] & bit == 0 else {
        if let (p, first, second) = _firstDuplicate(ops.oldItems) { throw .duplicateOldPosition(.item(p), first, second) }
        return
      }
      seen[i &>> 6] |= bit
    }
  }

  /// Rule 3: at most one operation per new position. Fills each new
  /// section's operation.
  @inlinable
  static func checkNewPositionsUnique(
    _ ops: Operations, newSectionOp: UnsafeMutableBufferPointer<BatchUpdateError.Operation?>
  ) throws(BatchUpdateError) {
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
    _ stage: Stage<S, I, C>, oldSectionOp: UnsafeMutableBufferPointer<BatchUpdateError.Operation?>,
    source: UnsafeMutableBufferPointer<Int>, newIndexOfUpdated: UnsafeMutableBufferPointer<Int>
  ) {
    let unset = Int.min
    source.initialize(repeating: unset)
    newIndexOfUpdated.initialize(repeating: -1)
    for (k, insert) in stage.sectionInserts.enumerated() { source[insert.index] = -k &- 1 }
    for move in stage.sectionMoves { source[move.to] = move.from }
    var free = 0
    for s in oldSectionOp.indices where oldSectionOp[s] == nil || oldSectionOp[s] == .sectionUpdate {
      while source[free] != unset { free &+= 1 }
      source[free] = s
      if oldSectionOp[s] == .sectionUpdate { newIndexOfUpdated[s] = free }
    }
  }

  /// Rule 6: no item operation inside a section that moves or is updated,
  /// on either side.
  @inlinable
  static func checkNoItemChangesInChangedSections<S, I, C>(
    _ ops: Operations, _ stage: Stage<S, I, C>, oldSectionOp: UnsafeMutableBufferPointer<BatchUpdateError.Operation?>,
    newIndexOfUpdated: UnsafeMutableBufferPointer<Int>, newSectionChange: UnsafeMutableBufferPointer<BatchUpdateError.Operation?>
  ) throws(BatchUpdateError) {
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
    _ stage: Stage<S, I, C>, _ ops: Operations, oldStarts: [Int], removedCount: UnsafeMutableBufferPointer<Int>
  ) throws(BatchUpdateError) {
    removed.initialize(repeating: 0)
    removedCount.initialize(repeating: 0)
    func remove(_ p: ItemPath) {
      let i = oldStarts[p.section] &+ p.item
      removed[i &>> 6] |= 1 &<< (i & 63)
      removedCount[p.section] &+= 1
    }
    for p in stage.itemDeletes { remove(p) }
    for m in stage.itemMoves { remove(m.from) }
    Self.group(stage.itemInserts.lazy.map { $0.path.section }, start: insertStart, order: insertOrder)
    Self.group(stage.itemMoves.lazy.map { $0.to.section }, start: moveStart, order: moveOrder)
    for j in newItemCounts.indices {
      let s = newSectionSource[j]
      let landing = insertStart[j &+ 1] &- insertStart[j] &+ moveStart[j &+ 1] &- moveStart[j]
      newItemCounts[j] = s < 0 ? 0 : oldStarts[s &+ 1] &- oldStarts[s] &- removedCount[s] &+ landing
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
internal func _firstDuplicate(_ ops: UnsafeBufferPointer<_StageLayout.Tagged>) -> (ItemPath, BatchUpdateError.Operation, BatchUpdateError.Operation)? {
  guard ops.count > 1 else { return nil }
  // A few operations: compared pairwise, the same answer as below (the
  // least shared path, its first two operations in list order) with no
  // buffer to sort.
  if ops.count <= 32 {
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
