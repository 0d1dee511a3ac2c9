extension Snapshot {
  /// For each item of `new`, its flat position in `old`, or -1, hashing as
  /// few ids as it can: within each kept section pair, the items that line
  /// up are matched by comparing ids (`_alignRuns`; a small pair, each id
  /// searched for, `_matchBySearch`); the ids left over, and those of
  /// deleted and inserted sections, go through one flat table
  /// (`_PositionTable`) sized for them alone, each id hashed once
  /// (`_IDHash`); or, when they are few, each new one is compared with the
  /// old ones (`_matchByScan`); or, when one side's are far fewer, those are
  /// looked up in the other snapshot's own id table (``_IDIndex``: a
  /// snapshot made by an apply has none until edited).
  ///
  /// The same result as one table of every old id and a lookup per new id,
  /// with far fewer ids hashed. `hashmap` and `myers` use it. Also, per new
  /// section, whether the walk matched every item of it (so, in order); and
  /// the stretches the walk found unchanged (``_UnchangedRun``), in new order.
  ///
  /// - Complexity: O(*n* + *m*) expected.
  @inlinable
  static func _alignedOldPositions(
    of new: Self, in old: Self, sectionOldIndex: [Int]
  ) -> (oldIndex: [Int], walked: [Bool], runs: [_UnchangedRun]) {
    var walked = [Bool](repeating: false, count: new.numberOfSections)
    let (oldIndex, runs) = walked.withUnsafeMutableBufferPointer {
      _alignedOldPositions(of: new, in: old, sectionOldIndex: sectionOldIndex, walked: $0)
    }
    return (oldIndex, walked, runs)
  }

  /// ``_alignedOldPositions(of:in:sectionOldIndex:)`` with `walked` (one
  /// flag per new section, all false) given, not allocated.
  @inlinable
  static func _alignedOldPositions(
    of new: Self, in old: Self, sectionOldIndex: [Int], walked: UnsafeMutableBufferPointer<Bool>
  ) -> (oldIndex: [Int], runs: [_UnchangedRun]) {
    // From no items at all (a first load): every new item inserted, with
    // nothing walked, set aside or looked up.
    if old.numberOfItems == 0 { return ([Int](repeating: -1, count: new.numberOfItems), []) }
    // To no items at all (a list cleared): nothing to match, and no kept
    // item to order (the leftovers' set-aside of every old item was a
    // seventh of clearing 1,000 rows, counted).
    if new.numberOfItems == 0 {
      walked.update(repeating: true)
      return ([], [])
    }
    // No section kept (a screen replaced by sections of other ids): every
    // item is left over, as a whole range a side, and where one side's are
    // far fewer they may be looked up with no list of them made (two
    // allocations, about 450 instructions of `list-to-empty`'s 4,200, counted).
    let keepsASection = sectionOldIndex.contains { $0 >= 0 }
    var leftOld = _Leftovers(), leftNew = _Leftovers()
    var runs = [_UnchangedRun]()
    // `walked`: sections whose every new item the walk matched, in order:
    // their kept items are known to keep their order, with no pass to prove it.
    // Every entry is written once, by the walk or by the lookups below: no
    // fill with -1 first (it was a tenth of an unchanged list's diff, counted).
    let oldIndex = [Int](unsafeUninitializedCapacity: new.numberOfItems) { oldIndex, count in
      count = new.numberOfItems
      old._items.withUnsafeBufferPointer { oldItems in
        new._items.withUnsafeBufferPointer { newItems in
          if !keepsASection && _lookUpFewer(0..<oldItems.count, 0..<newItems.count, old: old, new: new,
            oldItems: oldItems, newItems: newItems, oldIndex: oldIndex) { return }
          // Scratch in a temporary allocation (on the stack where small),
          // not an array: see `_StagePlan.direct`.
          withUnsafeTemporaryAllocation(of: Bool.self, capacity: old.numberOfSections) { oldKept in
          oldKept.initialize(repeating: false)
          for t in 0..<new.numberOfSections {
            let s = sectionOldIndex[t]
            let newRange = new._sectionStarts[t]..<new._sectionStarts[t + 1]
            guard s >= 0 else {
              leftNew.append(contentsOf: newRange)
              continue
            }
            oldKept[s] = true
            let oldRange = old._sectionStarts[s]..<old._sectionStarts[s + 1]
            if oldRange.count &* newRange.count <= _Tuning.sectionSearchPairs {
              walked[t] = _matchBySearch(
                old: oldItems, oldRange, new: newItems, newRange, oldIndex: oldIndex, leftOld: &leftOld, leftNew: &leftNew)
              continue
            }
            let setAside = leftNew.count
            _alignRuns(
              old: oldItems, oldRange,
              new: newItems, newRange,
              oldIndex: oldIndex, leftOld: &leftOld, leftNew: &leftNew, runs: &runs)
            walked[t] = leftNew.count == setAside
          }
          for s in 0..<old.numberOfSections where !oldKept[s] {
            leftOld.append(contentsOf: old._sectionStarts[s]..<old._sectionStarts[s + 1])
          }
          }
          guard !leftOld.isEmpty else {
            leftNew.forEach { oldIndex[$0] = -1 }
            return
          }
          guard !leftNew.isEmpty else { return }
          // Looked up in a snapshot's own id table where one side's are far fewer.
          if _lookUpFewer(leftOld, leftNew, old: old, new: new, oldItems: oldItems, newItems: newItems, oldIndex: oldIndex) { return }
          let pairs = leftOld.count &* leftNew.count
          if pairs <= _Tuning.leftoverScanPairs || pairs <= _Tuning.leftoverScanPerID &* (leftOld.count &+ leftNew.count) {
            _matchByScan(leftOld, leftNew, old: oldItems, new: newItems, oldIndex: oldIndex)
            return
          }
          // Constants from here: a local function that captured the
          // variables made every access to them, in the walk too, a
          // dynamic exclusivity check (counted, about 1,000 instructions a
          // 75-item diff).
          let (leftOld, leftNew) = (leftOld, leftNew)
          let table = _PositionTable(capacity: leftOld.count)
          defer { table.deallocate() }
          // Fills the table and looks every leftover up; false, with the
          // table to be cleared, at the first id `hash` cannot take.
          func lookUp(_ hash: (ItemID) -> Int?) -> Bool {
            leftOld.allSatisfy { i in
              guard let h = hash(oldItems[i].id) else { return false }
              table.insert(hash: h, position: Int32(truncatingIfNeeded: i))
              return true
            }
              && leftNew.allSatisfy { j in
                let id = newItems[j].id
                guard let h = hash(id) else { return false }
                oldIndex[j] = table.position(hash: h) { oldItems[$0].id == id }
                return true
              }
          }
          _IDHash.build(lookUp, reset: table.clear)
        }
      }
    }
    return (oldIndex, runs)
  }
}

extension Snapshot {
  /// Matches the leftovers by looking the fewer side's up in the other
  /// snapshot's own id table (``_IDIndex``), where one side's are at least
  /// `_Tuning.leftoverLookUpRatio` times fewer and the other snapshot has a
  /// table: no table built, the other side not hashed (`list-to-empty`: one
  /// id looked up, not 1,000 compared). An id found there is a leftover too:
  /// ids are unique on each side, so an item matched by the walk shares its
  /// id with no other. Returns false, the job left to the other ways, where
  /// it does not apply or an id meets one the table's hash cannot take (a
  /// string not ASCII among ASCII ones), which may still equal one held.
  /// (The table read once, out of its class: a class's variable is checked
  /// for exclusive access on every read.)
  @inlinable
  static func _lookUpFewer<P: _Positions>(
    _ leftOld: P, _ leftNew: P, old: Self, new: Self,
    oldItems: UnsafeBufferPointer<Item>, newItems: UnsafeBufferPointer<Item>, oldIndex: UnsafeMutableBufferPointer<Int>
  ) -> Bool {
    let fewer = min(leftOld.count, leftNew.count), more = max(leftOld.count, leftNew.count)
    guard fewer &* _Tuning.leftoverLookUpRatio <= more else { return false }
    if leftOld.count < leftNew.count, let table = new._index?.items {
      _ = leftNew._allSatisfy { oldIndex[$0] = -1; return true }
      let ids = _IDColumn(items: newItems)
      return leftOld._allSatisfy { i in
        guard let j = table.lookUp(oldItems[i].id, in: ids) else { return false }
        if j >= 0 { oldIndex[j] = i }
        return true
      }
    }
    if leftNew.count < leftOld.count, let table = old._index?.items {
      let ids = _IDColumn(items: oldItems)
      return leftNew._allSatisfy { j in
        guard let i = table.lookUp(newItems[j].id, in: ids) else { return false }
        oldIndex[j] = i
        return true
      }
    }
    return false
  }
}

/// Positions left over, read in order: the walk's list (``_Leftovers``),
/// or a whole range.
@usableFromInline
internal protocol _Positions {
  var count: Int { get }
  /// Calls `body` with each position, in order; stops, returning false, at
  /// the first call that returns false.
  func _allSatisfy(_ body: (Int) -> Bool) -> Bool
}

extension _Leftovers: _Positions {
  @inlinable @inline(__always)
  func _allSatisfy(_ body: (Int) -> Bool) -> Bool { allSatisfy(body) }
}

extension Range<Int>: _Positions {
  @inlinable @inline(__always)
  func _allSatisfy(_ body: (Int) -> Bool) -> Bool {
    for p in self where !body(p) { return false }
    return true
  }
}

/// Matches each leftover new item to the leftover old item with its id,
/// or -1, by comparing ids: each old one is taken once found (ids are
/// unique), so later searches are shorter.
@inlinable
internal func _matchByScan<ID: Hashable, Content: Equatable>(
  _ leftOld: _Leftovers, _ leftNew: _Leftovers,
  old: UnsafeBufferPointer<SectionSnapshot<ID, Content>.Item>, new: UnsafeBufferPointer<SectionSnapshot<ID, Content>.Item>,
  oldIndex: UnsafeMutableBufferPointer<Int>
) {
  withUnsafeTemporaryAllocation(of: Int.self, capacity: leftOld.count) { candidates in
    var remaining = 0
    leftOld.forEach { i in
      candidates[remaining] = i
      remaining &+= 1
    }
    leftNew.forEach { j in
      let id = new[j].id
      var k = 0
      while k < remaining && !_sameID(old[candidates[k]].id, id) { k &+= 1 }
      guard k < remaining else {
        oldIndex[j] = -1
        return
      }
      oldIndex[j] = candidates[k]
      remaining &-= 1
      candidates[k] = candidates[remaining]
    }
  }
}

/// Matches the items of a small kept section pair: each new id is searched
/// for among the old items, bitwise (`_firstBitwiseID`), from just after
/// the last one found, wrapping around, so a list that barely changed costs
/// a comparison an item and a moved item about its distance. A new item
/// not found is set aside, and every old item not found: matching the
/// leftovers by id finishes the job exactly (an equal id with other bits,
/// a string in its own buffer, is found there).
///
/// Returns whether every new item was found, at increasing old positions
/// (the section's kept items then keep their order). Finds no unchanged
/// runs: they pay on long sections only.
///
/// - Complexity: O(*n* × *m*) comparisons of ids' bits at worst, for *n*
///   old and *m* new items; O(*n* + *m*) when they barely changed.
@inlinable
internal func _matchBySearch<ID: Hashable, Content: Equatable>(
  old: UnsafeBufferPointer<SectionSnapshot<ID, Content>.Item>, _ oldRange: Range<Int>,
  new: UnsafeBufferPointer<SectionSnapshot<ID, Content>.Item>, _ newRange: Range<Int>,
  oldIndex: UnsafeMutableBufferPointer<Int>, leftOld: inout _Leftovers, leftNew: inout _Leftovers
) -> Bool {
  guard !oldRange.isEmpty else {
    leftNew.append(contentsOf: newRange)
    return newRange.isEmpty
  }
  // A section emptied (a list cleared): every old item leaves, set aside
  // as one range, not one by one (half of clearing 1,000 rows, counted).
  guard !newRange.isEmpty else {
    leftOld.append(contentsOf: oldRange)
    return true
  }
  return withUnsafeTemporaryAllocation(of: Bool.self, capacity: oldRange.count) { found in
    found.initialize(repeating: false)
    let oldBase = old.baseAddress!, newBase = new.baseAddress!
    let lower = oldRange.lowerBound, upper = oldRange.upperBound
    var next = lower, last = -1, inOrder = true
    for j in newRange {
      // Where most are: right after the last one found (its bits first).
      var p = next
      if !(_sameIDBits(oldBase + next, newBase + j) && (_bitsDecide(ID.self) || old[next].id == new[j].id)) {
        p = _firstBitwiseID(of: newBase + j, in: oldBase, (next &+ 1)..<upper)
        if p < 0 { p = _firstBitwiseID(of: newBase + j, in: oldBase, lower..<next) }
      }
      guard p >= 0 else {
        leftNew.append(j)
        inOrder = false
        continue
      }
      oldIndex[j] = p
      found[p &- lower] = true
      if p <= last { inOrder = false }
      last = p
      next = p &+ 1 == upper ? lower : p &+ 1
    }
    for i in oldRange where !found[i &- lower] { leftOld.append(i) }
    return inOrder
  }
}
