extension Snapshot {
  /// For each item of `new`, its flat position in `old`, or -1, hashing as
  /// few ids as it can: within each kept section pair, the items that line
  /// up are matched by comparing ids (`_alignRuns`); the ids left over, and
  /// those of deleted and inserted sections, go through one flat table
  /// (`_PositionTable`) sized for them alone, each id hashed once
  /// (`_IDHash`).
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
    var leftOld = _Leftovers(), leftNew = _Leftovers()
    var runs = [_UnchangedRun]()
    // Sections whose every new item the walk matched, in order: their kept
    // items are known to keep their order, with no pass to prove it.
    var walked = [Bool](repeating: false, count: new.numberOfSections)
    // Every entry is written once, by the walk or by the lookups below: no
    // fill with -1 first (it was a tenth of an unchanged list's diff, counted).
    let oldIndex = [Int](unsafeUninitializedCapacity: new.numberOfItems) { oldIndex, count in
      count = new.numberOfItems
      old._items.withUnsafeBufferPointer { oldItems in
        new._items.withUnsafeBufferPointer { newItems in
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
            let setAside = leftNew.count
            _alignRuns(
              old: oldItems, old._sectionStarts[s]..<old._sectionStarts[s + 1],
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
    return (oldIndex, walked, runs)
  }
}
