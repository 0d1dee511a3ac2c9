/// Paul Heckel's diff (CACM 21(4), 1978): six passes over a symbol table, as
/// IGListKit and DifferenceKit use it.
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
  public var traits: StrategyTraits { StrategyTraits(moveRule: .greedyRank, cost: .linear) }
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

/// A symbol table entry: occurrence counters (0, 1, or 2 for "many") and the
/// old line number.
@usableFromInline
internal struct _HeckelSymbol {
  @usableFromInline var oldCount: UInt8 = 0
  @usableFromInline var newCount: UInt8 = 0
  @usableFromInline var oldLine: Int = -1
  @inlinable init() {}
}

/// Heckel's passes 1–6: for each new line, the old line it is linked to, or -1.
///
/// `OA` and `NA` hold a line number (>= 0) once linked, else `-(symbol) - 1`.
@inlinable
internal func _heckelLinks<Element, ID: Hashable>(
  old: [Element], new: [Element], id: (Element) -> ID
) -> [Int] {
  var table = [ID: Int](minimumCapacity: old.count + new.count / 8)
  var symbols = [_HeckelSymbol]()
  symbols.reserveCapacity(old.count + new.count / 8)
  var na = [Int](repeating: 0, count: new.count)
  var oa = [Int](repeating: 0, count: old.count)

  @inline(__always)
  func symbol(for key: ID) -> Int {
    var inserted = false
    let index = _lookupOrInsert(&table[key, default: -1], next: symbols.count, inserted: &inserted)
    if inserted { symbols.append(_HeckelSymbol()) }
    return index
  }

  // Pass 1: new lines.
  for j in 0..<new.count {
    let e = symbol(for: id(new[j]))
    if symbols[e].newCount < 2 { symbols[e].newCount += 1 }
    na[j] = -e - 1
  }
  // Pass 2: old lines.
  for i in 0..<old.count {
    let e = symbol(for: id(old[i]))
    if symbols[e].oldCount < 2 { symbols[e].oldCount += 1 }
    symbols[e].oldLine = i
    oa[i] = -e - 1
  }
  // Pass 3: symbols that occur once on each side are anchors.
  for j in 0..<new.count where na[j] < 0 {
    let e = -na[j] - 1
    if symbols[e].oldCount == 1 && symbols[e].newCount == 1 {
      let i = symbols[e].oldLine
      na[j] = i
      oa[i] = j
    }
  }
  // Pass 4: ascending; an unlinked line after a link that shares its
  // symbol with the old line after the linked one is linked too.
  if new.count > 1 {
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
  }
  // Pass 6: unlinked lines are inserts (new side) and deletes (old side).
  for j in 0..<new.count where na[j] < 0 { na[j] = -1 }
  return na
}

/// Reads the value at a dictionary's default-subscript slot, storing `next`
/// there first when the key was missing: one hash lookup either way.
@inlinable @inline(__always)
internal func _lookupOrInsert(_ slot: inout Int, next: Int, inserted: inout Bool) -> Int {
  if slot < 0 {
    slot = next
    inserted = true
  }
  return slot
}

/// Greedy move report (IGListKit's): a kept element is moved when it changes
/// section, or when its rank among the elements kept in the same section pair
/// differs between old and new. Elements with equal ranks keep their order,
/// so the rest is consistent.
@inlinable
internal func _greedyMoves(
  newToOld: [Int], oldStarts: [Int], newStarts: [Int], sectionOldIndex: [Int]
) -> [Bool] {
  let oldCount = oldStarts.last!
  var moved = [Bool](repeating: false, count: newToOld.count)
  // Old side: for each old element kept in the same section, its rank there.
  var oldRank = [Int](repeating: -1, count: oldCount)
  var stays = [Bool](repeating: false, count: oldCount)
  for t in 0..<(newStarts.count - 1) where sectionOldIndex[t] >= 0 {
    let s = sectionOldIndex[t]
    for j in newStarts[t]..<newStarts[t + 1] {
      let o = newToOld[j]
      if o >= oldStarts[s] && o < oldStarts[s + 1] { stays[o] = true }
    }
  }
  for s in 0..<(oldStarts.count - 1) {
    var rank = 0
    for i in oldStarts[s]..<oldStarts[s + 1] where stays[i] {
      oldRank[i] = rank
      rank += 1
    }
  }
  for t in 0..<(newStarts.count - 1) {
    var rank = 0
    for j in newStarts[t]..<newStarts[t + 1] where newToOld[j] >= 0 {
      let o = newToOld[j]
      if stays[o] && (sectionOldIndex[t] >= 0 && o >= oldStarts[sectionOldIndex[t]] && o < oldStarts[sectionOldIndex[t] + 1]) {
        if oldRank[o] != rank { moved[j] = true }
        rank += 1
      } else {
        moved[j] = true
      }
    }
  }
  return moved
}
