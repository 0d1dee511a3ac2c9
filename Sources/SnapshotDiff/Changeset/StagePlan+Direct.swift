extension _StagePlan {
  /// The plan's stages read straight off the matching, when it has no early
  /// section and no split: the *items* stage, and the *pre* stage's updates
  /// of moved items that change; or `nil`, and the general plan takes over.
  ///
  /// Most diffs are such (see the type's doc: no item joining an inserted or
  /// leaving a deleted section, no change inside a moved or changed section,
  /// no section that both moves and changes). For them the general plan's
  /// states and tokens are wasted work: this gives the same operations, in
  /// the same order, as `emit(from:to:stage:)` does for those stages, in one
  /// pass over each snapshot with one bit per old item. It gives up at
  /// the first item or section that needs another stage. An unchanged run
  /// (``_UnchangedRun``) is one step: its old items are marked kept at once.
  /// (Counted effect in `Guides/StagePlan.md`.)
  ///
  /// Generic, so that it writes the changeset's own operations, contents
  /// and all, and compares contents as it goes: no index form to convert,
  /// no array of flags first (counted, six arrays fewer on a 30-item diff).
  /// `itemChanged` and `sectionChanged` are given only where marks force
  /// updates; `nil`, contents are compared here (a run's are equal).
  ///
  /// - Complexity: O(*n* + *m*), plus O(log *s*) for each item that crosses
  ///   sections (*s* old sections), plus sorting the updates.
  @inlinable
  static func direct<S, I, C>(
    from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>, matching m: Matching,
    itemChanged: [Bool]?, sectionChanged: [Bool]?, unchangedRuns runs: [_UnchangedRun]
  ) -> (pre: Changeset<S, I, C>.Stage, items: Changeset<S, I, C>.Stage)? {
    // Its scratch in temporary allocations, not arrays: on the stack where
    // they are small, and never through the array allocator's generic
    // metadata lookup (counted, the two together 1,586 instructions off a 30-item diff).
    let oldSections = old.numberOfSections, newSections = new.numberOfSections
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: oldSections &+ newSections) { memory in
      // Per old section, its new index (-1: deleted); per new section, 1
      // when it moves or changes (no item may change inside it), 2 more when
      // its content changes.
      var scratch = _Scratch(memory)
      let oldSectionNew = scratch.take(oldSections)
      let sectionFlags = scratch.take(newSections)
      oldSectionNew.initialize(repeating: -1)
      sectionFlags.initialize(repeating: 0)
      return direct(
        from: old, to: new, matching: m, itemChanged: itemChanged, sectionChanged: sectionChanged, unchangedRuns: runs,
        oldSectionNew: oldSectionNew, sectionFlags: sectionFlags)
    }
  }

  /// ``direct(from:to:matching:itemChanged:sectionChanged:unchangedRuns:)``
  /// in the scratch it is given: `oldSectionNew` all -1, `sectionFlags` all 0.
  @inlinable
  static func direct<S, I, C>(
    from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>, matching m: Matching,
    itemChanged: [Bool]?, sectionChanged: [Bool]?, unchangedRuns runs: [_UnchangedRun],
    oldSectionNew: UnsafeMutableBufferPointer<Int>, sectionFlags: UnsafeMutableBufferPointer<Int>
  ) -> (pre: Changeset<S, I, C>.Stage, items: Changeset<S, I, C>.Stage)? {
    let oldStarts = old._sectionStarts, newStarts = new._sectionStarts
    let oldSections = oldStarts.count &- 1
    let newSections = newStarts.count &- 1
    var ops = Changeset<S, I, C>.Stage()
    var pre = Changeset<S, I, C>.Stage()
    let changesInside = 1, contentChanges = 2

    // Sections, in old order: deleted, moved, updated (`oldSectionNew`);
    // kept sections that move or change, no item may change inside them.
    for t in 0..<newSections where m.sectionOldIndex[t] >= 0 {
      let s = m.sectionOldIndex[t]
      let contentChanged = sectionChanged?[t] ?? (old._sectionContents[s] != new._sectionContents[t])
      if m.sectionMoved[t] && contentChanged { return nil }  // rule 2, for a section
      oldSectionNew[s] = t
      sectionFlags[t] = (m.sectionMoved[t] || contentChanged ? changesInside : 0) | (contentChanged ? contentChanges : 0)
    }
    for s in 0..<oldSections {
      let t = oldSectionNew[s]
      if t < 0 {
        ops.sectionDeletes.append(s)
        continue
      }
      if m.sectionMoved[t] { ops.sectionMoves.append(BatchUpdate.Move(from: s, to: t)) }
      if sectionFlags[t] & contentChanges != 0 {
        ops.sectionUpdates.append(Changeset<S, I, C>.Stage.SectionUpdate(index: s, content: new._sectionContents[t]))
      }
    }
    for t in 0..<newSections where m.sectionOldIndex[t] < 0 {
      let section = Changeset<S, I, C>.Stage.Section(
        new._sectionIDs[t], content: new._sectionContents[t], items: Array(new._items[newStarts[t]..<newStarts[t &+ 1]]))
      ops.sectionInserts.append(Changeset<S, I, C>.Stage.SectionInsert(index: t, section: section))
    }

    // Items, in new order: inserts, moves, updates; then deletes in old order.
    // A bit per old item: the deletes are found 64 kept items at a time.
    // Allocated, not a temporary allocation: its closure kept the loop
    // below from being inlined (counted, heckel on random-1e4 +4 %).
    let kept = _UnsafeBitSet.allocate(capacity: oldStarts[oldSections])
    defer { kept.deallocate() }
    // The moves are most of a shuffle's changeset: room for those flagged,
    // so that growth by doubling does not hold two copies at once (the
    // diff's peak memory, in Guides/StagePlan.md).
    // (From no items at all, nothing moves: a validated matching flags none.)
    let fromNothing = oldStarts[oldSections] == 0
    let moves = fromNothing ? 0 : _countTrue(m.itemMoved)
    if moves > 0 { ops.itemMoves.reserveCapacity(moves) }
    // Updates and inserts are not known before the pass: room for a small
    // list's all at the first (``_Tuning/firstAppendRoom``); a long list
    // grows from there.
    let room = Swift.min(new.numberOfItems, _Tuning.firstAppendRoom)
    // Inserts are counted first, a compare an item: growth by doubling
    // moved each insert (an id and a content) once per doubling (counted,
    // `dk-5k` 41,000 instructions).
    // (From no items at all, every insert fills a section and is shared,
    // not listed: nothing to count.)
    if !fromNothing {
      var inserts = 0
      for o in m.itemOldIndex where o < 0 { inserts &+= 1 }
      if inserts > 0 { ops.itemInserts.reserveCapacity(inserts) }
    }
    // Flags given, or contents compared (a plain branch: through `??` the
    // comparison retained and released both contents, counted).
    let compares = itemChanged == nil
    let complete = old._items.withUnsafeBufferPointer { oldItems in
      new._items.withUnsafeBufferPointer { newItems in
        m.itemOldIndex.withUnsafeBufferPointer { oldIndex in
          m.itemMoved.withUnsafeBufferPointer { moved in
          (itemChanged ?? []).withUnsafeBufferPointer { flags in
            var r = 0  // the next unchanged run
            for t in 0..<newSections {
              let start = newStarts[t]
              let end = newStarts[t &+ 1]
              let s = m.sectionOldIndex[t]
              guard s >= 0 else {
                // An inserted section arrives with its items; none may join it (rule 5).
                // (Validated: every entry is -1 or kept; all -1 in one vector pass.)
                if !_allInserted(UnsafeBufferPointer(rebasing: oldIndex[start..<end])) { return false }
                continue
              }
              let changes = sectionFlags[t] & changesInside != 0
              let oldStart = oldStarts[s]
              let oldEnd = oldStarts[s &+ 1]
              // A section filled from empty (a list created): every item an
              // insert, written at once, unless one crosses in from another
              // section (with the emptied section's deletes below, counted:
              // creating 1,000 rows 144,841 -> 98,053 instructions, clearing
              // them 59,973 -> 12,447).
              if oldStart == oldEnd && !changes && _insertsAll(new._items[start..<end], section: t, oldIndex: fromNothing ? nil : oldIndex, into: &ops.itemInserts) {
                continue
              }
              // Item by item outside the unchanged runs; a run needs no
              // operation, its old items are kept.
              var segments = _RunSegments(runs, in: start..<end, nextRun: r)
              while let segment = segments.next() {
                switch segment {
                case .items(let items):
                  for j in items {
                    let o = oldIndex[j]
                    guard o >= 0 else {
                      if changes { return false }  // rule 6
                      ops.itemInserts.append(Changeset<S, I, C>.Stage.ItemInsert(path: ItemPath(_inSnapshot: t, item: j &- start), item: newItems[j]))
                      continue
                    }
                    kept.insert(o)
                    let changed = compares ? oldItems[o].content != newItems[j].content : flags[j]
                    if o >= oldStart && o < oldEnd {
                      guard moved[j] || changed else { continue }
                      if changes { return false }  // rule 6
                      let from = ItemPath(_inSnapshot: s, item: o &- oldStart)
                      if !moved[j] {
                        _append(Changeset<S, I, C>.Stage.ItemUpdate(path: from, content: newItems[j].content), to: &ops.itemUpdates, room: room)
                        continue
                      }
                      ops.itemMoves.append(BatchUpdate.Move(from: from, to: ItemPath(_inSnapshot: t, item: j &- start)))
                      // Rule 2: a moved item is updated before it moves.
                      if changed { _append(Changeset<S, I, C>.Stage.ItemUpdate(path: from, content: newItems[j].content), to: &pre.itemUpdates, room: room) }
                    } else {
                      let f = _section(containing: o, starts: oldStarts)
                      let ft = oldSectionNew[f]
                      // Rule 4 (leaving a deleted section), rule 6.
                      if ft < 0 || changes || sectionFlags[ft] & changesInside != 0 { return false }
                      let from = ItemPath(_inSnapshot: f, item: o &- oldStarts[f])
                      ops.itemMoves.append(BatchUpdate.Move(from: from, to: ItemPath(_inSnapshot: t, item: j &- start)))
                      if changed { _append(Changeset<S, I, C>.Stage.ItemUpdate(path: from, content: newItems[j].content), to: &pre.itemUpdates, room: room) }
                    }
                  }
                case .run(let run):
                  kept.insert(contentsOf: run.old..<(run.old &+ run.count))
                }
              }
              r = segments.nextRun
            }
            // The deletes at once: the old items of kept sections not kept
            // (all kept ones are in kept sections, or this gave up).
            var deletes = 0
            for s in 0..<oldSections where oldSectionNew[s] >= 0 { deletes &+= oldStarts[s &+ 1] &- oldStarts[s] }
            if deletes > 0 {
              deletes &-= kept.count
              if deletes > 0 { ops.itemDeletes.reserveCapacity(deletes) }
            }
            for s in 0..<oldSections {
              let t = oldSectionNew[s]
              guard t >= 0 else { continue }  // its items go with it
              let oldStart = oldStarts[s]
              let oldEnd = oldStarts[s &+ 1]
              // A section emptied (a list cleared): every item deleted,
              // written at once.
              if oldStart < oldEnd && newStarts[t] == newStarts[t &+ 1] && !kept.containsAny(from: oldStart, to: oldEnd) {
                if sectionFlags[t] & changesInside != 0 { return false }  // rule 6
                _deletesAll(oldEnd &- oldStart, section: s, into: &ops.itemDeletes)
                continue
              }
              var i = kept.firstNonMember(from: oldStart, to: oldEnd)
              while i < oldEnd {
                if sectionFlags[t] & changesInside != 0 { return false }  // rule 6
                ops.itemDeletes.append(ItemPath(_inSnapshot: s, item: i &- oldStart))
                i = kept.firstNonMember(from: i &+ 1, to: oldEnd)
              }
            }
            return true
          }
          }
        }
      }
    }
    guard complete else { return nil }
    ops.itemUpdates.sort { $0.path < $1.path }
    pre.itemUpdates.sort { $0.path < $1.path }
    // Swapped out, not copied: the closures above capture both, so a plain
    // return copied each (a retain a field) and released the captures after
    // (counted, about 590 instructions a diff).
    var stages = (pre: Changeset<S, I, C>.Stage(), items: Changeset<S, I, C>.Stage())
    swap(&stages.pre, &pre)
    swap(&stages.items, &ops)
    return stages
  }
}

/// Appends the inserts of every item of a new section's `items` (section
/// `t`, a slice of the new snapshot's items), where none of them is kept
/// (`oldIndex` -1, or `nil`: the old side has no items to keep): shared,
/// not copied (``Changeset/Stage/ItemInserts``); false, with nothing
/// appended, where one is kept. Out of line: in the
/// direct plan's loop it slowed every other diff (counted, `heckel` 1 % on
/// `random-1e3`).
@inlinable @inline(never)
func _insertsAll<S, I, C>(
  _ items: ArraySlice<SectionSnapshot<I, C>.Item>, section t: Int,
  oldIndex: UnsafeBufferPointer<Int>?, into inserts: inout Changeset<S, I, C>.Stage.ItemInserts
) -> Bool {
  if let oldIndex, !_allInserted(UnsafeBufferPointer(rebasing: oldIndex[items.indices])) { return false }
  inserts._appendFill(section: t, items: items)
  return true
}

/// Appends the deletes of items `0..<count` of old section `s`. Out of
/// line, as ``_insertsAll(_:section:oldIndex:into:)``.
@inlinable @inline(never)
func _deletesAll(_ count: Int, section s: Int, into deletes: inout [ItemPath]) {
  _append(count: count, to: &deletes) { ItemPath(_inSnapshot: s, item: $0) }
}

/// Appends `count` elements, the `k`-th made by `element(k)`: where `array`
/// is empty, into a new array initialized in place (no growth check an
/// element; room reserved for more is given up), else one at a time.
@inlinable @inline(__always)
func _append<T>(count: Int, to array: inout [T], _ element: (Int) -> T) {
  guard count > 0 else { return }
  guard array.isEmpty else {
    array.reserveCapacity(array.count &+ count)
    for k in 0..<count { array.append(element(k)) }
    return
  }
  array = Array(unsafeUninitializedCapacity: count) { buffer, initialized in
    for k in 0..<count { (buffer.baseAddress! + k).initialize(to: element(k)) }
    initialized = count
  }
}

/// Appends `element`, with room for `room` at the first.
@inlinable @inline(__always)
func _append<T>(_ element: T, to array: inout [T], room: Int) {
  if array.capacity == 0 { array.reserveCapacity(room) }
  array.append(element)
}

/// How many elements of `range` are `true`, eight at a time (a `Bool` is
/// the byte 0 or 1).
@usableFromInline
func _countTrue(_ flags: [Bool], in range: Range<Int>? = nil) -> Int {
  flags.withUnsafeBytes { all in _countTrue(range.map { UnsafeRawBufferPointer(rebasing: all[$0]) } ?? all) }
}

/// How many of `bytes`, each a `Bool`, are `true`.
@usableFromInline
func _countTrue(_ bytes: UnsafeRawBufferPointer) -> Int {
  var total = 0
  let words = bytes.count / 8
  for k in 0..<words {
    // The sum of the eight bytes lands in the top byte (at most 8: no
    // carry); `nonzeroBitCount` is a loop where the CPU has no popcount.
    total &+= Int(truncatingIfNeeded: (bytes.loadUnaligned(fromByteOffset: k &* 8, as: UInt64.self) &* 0x0101_0101_0101_0101) &>> 56)
  }
  for k in (words &* 8)..<bytes.count where bytes[k] != 0 { total &+= 1 }
  return total
}
