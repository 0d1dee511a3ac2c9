/// Paul Heckel's diff (CACM 21(4), 1978): six passes over a symbol table, as
/// IGListKit and DifferenceKit use it; its moves follow IGListKit's rule.
///
/// Pass 1 counts each id in the new list and points each new line at its
/// symbol; pass 2 does the same for the old list and records the old line
/// number; pass 3 links the lines whose symbol occurs exactly once on both
/// sides (the anchors); pass 4 extends each link forward (ascending) and
/// pass 5 backward (descending) to neighbours that share a symbol; pass 6
/// reads the result. Moves are reported greedily, as those libraries do: a
/// kept item is moved when its rank among the kept items differs between old
/// and new, which is never fewer, and often more, than the minimum.
///
/// Runs on the flat item list and, apart, on the section list.
///
/// - Complexity: O(*n* + *m*) expected.
public struct Heckel: MatchingStrategy {
  public var name: String { "heckel" }
  @inlinable public init() {}

  @inlinable
  public func matching<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> Matching {
    let sectionOldIndex = _heckelLinks(old: old._sectionIDs, new: new._sectionIDs, id: { $0 })
    let itemOldIndex = _heckelLinks(old: old._items, new: new._items, id: { $0.id })
    let oneSection = [0, old.numberOfSections]
    let sectionMoved = _greedyMoves(
      newToOld: sectionOldIndex, oldStarts: oneSection, newStarts: [0, new.numberOfSections],
      sectionOldIndex: [0])
    let itemMoved = _greedyMoves(
      newToOld: itemOldIndex, oldStarts: old._sectionStarts, newStarts: new._sectionStarts,
      sectionOldIndex: sectionOldIndex)
    return Matching(
      sectionOldIndex: sectionOldIndex, sectionMoved: sectionMoved,
      itemOldIndex: itemOldIndex, itemMoved: itemMoved)
  }
}

/// Heckel's passes 1–6: for each new line, the old line it is linked to, or -1.
///
/// `OA` and `NA` hold a line number (>= 0) once linked, else `-(symbol) - 1`.
/// The symbol table is a flat `_PositionTable` from id to symbol number, each
/// id hashed once (`_IDHash`); a symbol's counters (0, 1, or 2 for "many"), its old line,
/// and a line that holds its id (new line `j` as `j`, old line `i` as
/// `-i - 1`) sit in plain buffers beside it, indexed by symbol.
///
/// - Complexity: O(*n* + *m*) expected.
@inlinable
internal func _heckelLinks<Element, ID: Hashable>(
  old: [Element], new: [Element], id: (Element) -> ID
) -> [Int] {
  // With one side empty, nothing links.
  guard !old.isEmpty && !new.isEmpty else { return [Int](repeating: -1, count: new.count) }
  // Passes 1 and 2 write every entry before anything reads it.
  var na = [Int](unsafeUninitializedCapacity: new.count) { _, count in count = new.count }
  var oa = [Int](unsafeUninitializedCapacity: old.count) { _, count in count = old.count }
  let capacity = old.count + new.count
  let table = _PositionTable(capacity: capacity)
  let oldCount = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
  let newCount = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
  let oldLine = UnsafeMutableBufferPointer<Int32>.allocate(capacity: capacity)
  let keyLine = UnsafeMutableBufferPointer<Int32>.allocate(capacity: capacity)
  oldCount.initialize(repeating: 0)
  newCount.initialize(repeating: 0)
  defer {
    table.deallocate()
    oldCount.deallocate()
    newCount.deallocate()
    oldLine.deallocate()
    keyLine.deallocate()
  }
  old.withUnsafeBufferPointer { old in
    new.withUnsafeBufferPointer { new in
      na.withUnsafeMutableBufferPointer { na in
        oa.withUnsafeMutableBufferPointer { oa in
          // Passes 1 and 2 with a given hash; false at the first id it
          // cannot take (`_IDHash`: a non-ASCII string), to run again.
          func countSymbols(_ hash: (ID) -> Int?) -> Bool {
            var symbols: Int32 = 0
            // The symbol of `key`, made at its first sighting on `line` (new
            // line j as j, old line i as -i - 1); nil if `hash` cannot take it.
            func symbol(of key: ID, line: Int32) -> Int? {
              guard let h = hash(key) else { return nil }
              var inserted = false
              let e = table.position(hash: h, orInsert: symbols, inserted: &inserted) { e in
                let line = Int(keyLine[e])
                return line >= 0 ? id(new[line]) == key : id(old[-line - 1]) == key
              }
              if inserted {
                keyLine[e] = line
                oldLine[e] = -1
                symbols &+= 1
              }
              return e
            }
            // Pass 1: new lines.
            for j in 0..<new.count {
              guard let e = symbol(of: id(new[j]), line: Int32(truncatingIfNeeded: j)) else { return false }
              if newCount[e] < 2 { newCount[e] &+= 1 }
              na[j] = -e - 1
            }
            // Pass 2: old lines.
            for i in 0..<old.count {
              guard let e = symbol(of: id(old[i]), line: Int32(truncatingIfNeeded: -i - 1)) else { return false }
              if oldCount[e] < 2 { oldCount[e] &+= 1 }
              oldLine[e] = Int32(truncatingIfNeeded: i)
              oa[i] = -e - 1
            }
            return true
          }
          _IDHash.build(countSymbols) {
            table.clear()
            oldCount.update(repeating: 0)
            newCount.update(repeating: 0)
          }
          // Pass 3: symbols that occur once on each side are anchors.
          for j in 0..<new.count where na[j] < 0 {
            let e = -na[j] - 1
            if oldCount[e] == 1 && newCount[e] == 1 {
              let i = Int(oldLine[e])
              na[j] = i
              oa[i] = j
            }
          }
          // Pass 4: ascending; an unlinked line after a link that shares its
          // symbol with the old line after the linked one is linked too.
          for j in 0..<(new.count - 1) where na[j] >= 0 {
            let i = na[j] + 1
            if i < old.count && na[j + 1] < 0 && oa[i] < 0 && na[j + 1] == oa[i] {
              na[j + 1] = i
              oa[i] = j + 1
            }
          }
          // Pass 5: descending, the same towards the start.
          for j in stride(from: new.count - 1, to: 0, by: -1) where na[j] >= 0 {
            let i = na[j] - 1
            if i >= 0 && na[j - 1] < 0 && oa[i] < 0 && na[j - 1] == oa[i] {
              na[j - 1] = i
              oa[i] = j - 1
            }
          }
          // Pass 6: unlinked lines are inserts (new side) and deletes (old side).
          for j in 0..<new.count where na[j] < 0 { na[j] = -1 }
        }
      }
    }
  }
  return na
}

/// Greedy move report (IGListKit's): a kept element is moved when it changes
/// section, or when its rank among the elements kept in the same section pair
/// differs between old and new. Elements with equal ranks keep their order,
/// so the rest is consistent.
@inlinable
internal func _greedyMoves(
  newToOld: [Int], oldStarts: [Int], newStarts: [Int], sectionOldIndex: [Int]
) -> [Bool] {
  let oldCount = oldStarts[oldStarts.count - 1]
  var moved = [Bool](repeating: false, count: newToOld.count)
  // For each old element kept in the same section pair, its rank there; -1
  // for the others (deleted, or gone to another section).
  var oldRank = [Int32](repeating: -1, count: oldCount)
  newToOld.withUnsafeBufferPointer { newToOld in
    oldRank.withUnsafeMutableBufferPointer { oldRank in
      moved.withUnsafeMutableBufferPointer { moved in
        for t in 0..<(newStarts.count - 1) where sectionOldIndex[t] >= 0 {
          let s = sectionOldIndex[t]
          let lower = oldStarts[s], upper = oldStarts[s + 1]
          for j in newStarts[t]..<newStarts[t + 1] {
            let o = newToOld[j]
            if o >= lower && o < upper { oldRank[o] = 0 }
          }
        }
        for s in 0..<(oldStarts.count - 1) {
          var rank: Int32 = 0
          for i in oldStarts[s]..<oldStarts[s + 1] where oldRank[i] == 0 {
            oldRank[i] = rank
            rank &+= 1
          }
        }
        // Each old element has one new position, so a ranked one stayed in
        // the section pair of exactly this new element.
        for t in 0..<(newStarts.count - 1) {
          var rank: Int32 = 0
          for j in newStarts[t]..<newStarts[t + 1] where newToOld[j] >= 0 {
            let r = oldRank[newToOld[j]]
            if r >= 0 {
              if r != rank { moved[j] = true }
              rank &+= 1
            } else {
              moved[j] = true
            }
          }
        }
      }
    }
  }
  return moved
}
