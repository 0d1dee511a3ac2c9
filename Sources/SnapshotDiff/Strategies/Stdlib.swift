/// The standard library as a peer: `difference(from:).inferringMoves()` on
/// the flat item ids and on the section ids, converted to a changeset.
///
/// Elements the difference leaves alone stay in place; a removal and an
/// insertion that `inferringMoves()` associates are a move.
///
/// - Complexity: that of `difference(from:)`, a Myers diff: O((*n*+*m*)*D*).
public struct Stdlib: MatchingStrategy {
  public var name: String { "stdlib" }
  @inlinable public init() {}

  @inlinable
  public func matching<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> Matching {
    let sections = _stdlibMatch(old: old._sectionIDs, new: new._sectionIDs)
    let items = _stdlibMatch(old: Array(0..<Int32(old._items.count)), new: _stdlibKeys(new, in: old))
    return Matching(
      sectionOldIndex: sections.newToOld, sectionMoved: sections.moved,
      itemOldIndex: items.newToOld, itemMoved: items.moved)
  }
}

/// The new items as small integers the difference compares instead of
/// their ids: an id's old flat index, or for a new id a negative number of
/// its own. Equal exactly where the ids are, so the difference is the one
/// the ids give; a quarter of their size (a million-item pair: the ids'
/// arrays and the difference's copies of them took the referee's worker to
/// 217 MB, measured), and compared without hashing.
@inlinable
internal func _stdlibKeys<S, I, C>(_ new: Snapshot<S, I, C>, in old: Snapshot<S, I, C>) -> [Int32] {
  let table = old._index?.items ?? old._itemTable()
  return old._items.withUnsafeBufferPointer { oldItems in
    let column = _IDColumn(items: oldItems)
    return new._items.enumerated().map { j, item in
      let i = table.index(of: item.id, in: column)
      return i >= 0 ? Int32(i) : Int32(-1 - j)
    }
  }
}

@inlinable
internal func _stdlibMatch<ID: Hashable>(old: [ID], new: [ID]) -> (newToOld: [Int], moved: [Bool]) {
  let difference = new.difference(from: old).inferringMoves()
  var removed = [Bool](repeating: false, count: old.count)
  var inserted = [Bool](repeating: false, count: new.count)
  var newToOld = [Int](repeating: -1, count: new.count)
  var moved = [Bool](repeating: false, count: new.count)
  for change in difference {
    switch change {
    case let .remove(offset, _, _):
      removed[offset] = true
    case let .insert(offset, _, associatedWith):
      inserted[offset] = true
      if let from = associatedWith {
        newToOld[offset] = from
        moved[offset] = true
      }
    }
  }
  // What the difference leaves alone pairs up in order.
  var i = 0
  for j in 0..<new.count where !inserted[j] {
    while removed[i] { i += 1 }
    newToOld[j] = i
    i += 1
  }
  return (newToOld, moved)
}
