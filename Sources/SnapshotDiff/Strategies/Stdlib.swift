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
    let items = _stdlibMatch(old: old._items.map(\.id), new: new._items.map(\.id))
    return Matching(
      sectionOldIndex: sections.newToOld, sectionMoved: sections.moved,
      itemOldIndex: items.newToOld, itemMoved: items.moved)
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
