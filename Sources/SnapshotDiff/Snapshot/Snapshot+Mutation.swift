// Item edits, with `NSDiffableDataSourceSnapshot`'s names and semantics.
// Each throws where UIKit raises and then leaves the snapshot as it was.

extension Snapshot {
  /// Appends items to a section (the last one when `section` is `nil`, as UIKit does).
  ///
  /// - Throws: ``SnapshotEditError/Problem/duplicateItem(_:)``,
  ///   ``SnapshotEditError/Problem/sectionNotFound(_:)`` or
  ///   ``SnapshotEditError/Problem/noSection``.
  /// - Complexity: O(*k*) amortized for *k* items, plus O(*s*) for the
  ///   sections after this one; where those hold items, O(*n*) (they move).
  @inlinable
  public mutating func appendItems(_ items: [Item], toSection section: SectionID? = nil) throws(SnapshotEditError) {
    try _appendItems(items.map { $0.id }, items: items, toSection: section)
  }

  /// Appends items with no content, by identifier.
  ///
  /// - Complexity: as ``appendItems(_:toSection:)-(_,_)``.
  @inlinable
  public mutating func appendItems(_ ids: [ItemID], toSection section: SectionID? = nil) throws(SnapshotEditError) {
    try _appendItems(ids, items: nil, toSection: section)
  }

  @inlinable
  internal mutating func _appendItems(_ ids: [ItemID], items: [Item]?, toSection section: SectionID?) throws(SnapshotEditError) {
    let s: Int
    if let section {
      s = try _index(ofSection: section, for: .appendItems)
    } else {
      guard numberOfSections > 0 else { throw SnapshotEditError(.appendItems, .noSection) }
      s = numberOfSections - 1
    }
    try _insert(ids, items: items, at: _sectionStarts[s + 1], intoSection: s, for: .appendItems)
  }

  /// Inserts items just before an item, in its section.
  ///
  /// - Throws: ``SnapshotEditError/Problem/itemNotFound(_:)`` for the anchor,
  ///   ``SnapshotEditError/Problem/duplicateItem(_:)``.
  /// - Complexity: O(*n*) for the items after it, which move.
  @inlinable
  public mutating func insertItems(_ items: [Item], beforeItem anchor: ItemID) throws(SnapshotEditError) {
    try _insertItems(items.map { $0.id }, items: items, relativeTo: anchor, after: false, for: .insertItemsBefore)
  }

  /// Inserts items with no content just before an item.
  ///
  /// - Complexity: as ``insertItems(_:beforeItem:)-(_,_)``.
  @inlinable
  public mutating func insertItems(_ ids: [ItemID], beforeItem anchor: ItemID) throws(SnapshotEditError) {
    try _insertItems(ids, items: nil, relativeTo: anchor, after: false, for: .insertItemsBefore)
  }

  /// Inserts items just after an item, in its section.
  ///
  /// - Complexity: O(*n*) for the items after it, which move; O(*k*)
  ///   amortized after the last item.
  @inlinable
  public mutating func insertItems(_ items: [Item], afterItem anchor: ItemID) throws(SnapshotEditError) {
    try _insertItems(items.map { $0.id }, items: items, relativeTo: anchor, after: true, for: .insertItemsAfter)
  }

  /// Inserts items with no content just after an item.
  ///
  /// - Complexity: as ``insertItems(_:afterItem:)-(_,_)``.
  @inlinable
  public mutating func insertItems(_ ids: [ItemID], afterItem anchor: ItemID) throws(SnapshotEditError) {
    try _insertItems(ids, items: nil, relativeTo: anchor, after: true, for: .insertItemsAfter)
  }

  @inlinable
  internal mutating func _insertItems(
    _ ids: [ItemID], items: [Item]?, relativeTo anchor: ItemID, after: Bool, for operation: SnapshotEditError.Operation
  ) throws(SnapshotEditError) {
    let i = try _flatIndex(ofItem: anchor, for: operation)
    try _insert(ids, items: items, at: i + (after ? 1 : 0), intoSection: path(ofFlatIndex: i).section, for: operation)
  }

  /// Deletes items wherever they are.
  ///
  /// - Throws: ``SnapshotEditError/Problem/itemNotFound(_:)`` for the first id
  ///   the snapshot does not hold.
  /// - Complexity: O(*n*): the items after the first one deleted move (in
  ///   a copy of another snapshot, the survivors are copied into an array
  ///   of its own), and the item table is remapped.
  @inlinable
  public mutating func deleteItems(_ ids: [ItemID]) throws(SnapshotEditError) {
    let shared = _buildIndexIfNeeded()
    var doomed = [Bool](repeating: false, count: _items.count)
    var first = _items.count
    // The table and ids read from locals: through the class, every probe
    // paid two exclusivity checks (counted).
    let table = _index!.items
    try _items.withUnsafeBufferPointer { items throws(SnapshotEditError) in
      let held = _IDColumn(items: items)
      for id in ids {
        let i = table.index(of: id, in: held)
        guard i >= 0 else { throw SnapshotEditError(.deleteItems, .itemNotFound(String(describing: id))) }
        doomed[i] = true
        first = Swift.min(first, i)
      }
    }
    _removeItems(doomed, from: first, copying: shared)
    _dropStaleMarks()
  }

  /// Deletes every item and every section, as UIKit's `deleteAllItems()` does.
  ///
  /// - Complexity: O(*n*), to release them.
  @inlinable
  public mutating func deleteAllItems() {
    self = Snapshot()
  }

  /// Moves an item to just before another, across sections if need be.
  ///
  /// - Throws: ``SnapshotEditError/Problem/itemNotFound(_:)`` for either id,
  ///   ``SnapshotEditError/Problem/itemRelativeToItself(_:)``.
  /// - Complexity: O(*n*): the items between its place and the anchor
  ///   shift, and the item table is made anew.
  @inlinable
  public mutating func moveItem(_ id: ItemID, beforeItem anchor: ItemID) throws(SnapshotEditError) {
    try _moveItem(id, relativeTo: anchor, after: false, for: .moveItemBefore)
  }

  /// Moves an item to just after another, across sections if need be.
  ///
  /// - Complexity: as ``moveItem(_:beforeItem:)``.
  @inlinable
  public mutating func moveItem(_ id: ItemID, afterItem anchor: ItemID) throws(SnapshotEditError) {
    try _moveItem(id, relativeTo: anchor, after: true, for: .moveItemAfter)
  }

  @inlinable
  internal mutating func _moveItem(
    _ id: ItemID, relativeTo anchor: ItemID, after: Bool, for operation: SnapshotEditError.Operation
  ) throws(SnapshotEditError) {
    let from = try _flatIndex(ofItem: id, for: operation)
    var i = try _flatIndex(ofItem: anchor, for: operation)
    guard id != anchor else { throw SnapshotEditError(operation, .itemRelativeToItself(String(describing: id))) }
    _buildIndexIfNeeded()
    let item = _cut(at: from)
    if i > from { i -= 1 }  // the anchor's place after the cut
    _place(item, at: i + (after ? 1 : 0), intoSection: path(ofFlatIndex: i).section)
    _index!.items = _itemTable()
  }

  /// Marks items to be reloaded (their cells made anew) by the next apply,
  /// even where their content compares equal (``reloadedItemIdentifiers``).
  ///
  /// - Throws: ``SnapshotEditError/Problem/itemNotFound(_:)``.
  /// - Complexity: O(*k* + *m*) expected for *k* ids and *m* marks.
  @inlinable
  public mutating func reloadItems(_ ids: [ItemID]) throws(SnapshotEditError) {
    try _mark(ids, in: \._reloadedItems, for: .reloadItems)
  }

  /// Marks items to be reconfigured (their cells kept and updated) by the
  /// next apply, even where their content compares equal
  /// (``reconfiguredItemIdentifiers``).
  ///
  /// - Throws: ``SnapshotEditError/Problem/itemNotFound(_:)``.
  /// - Complexity: O(*k* + *m*) expected for *k* ids and *m* marks.
  @inlinable
  public mutating func reconfigureItems(_ ids: [ItemID]) throws(SnapshotEditError) {
    try _mark(ids, in: \._reconfiguredItems, for: .reconfigureItems)
  }

  @inlinable
  internal mutating func _mark(
    _ ids: [ItemID], in marks: WritableKeyPath<Self, [ItemID]>, for operation: SnapshotEditError.Operation
  ) throws(SnapshotEditError) {
    _buildIndexIfNeeded()
    // Each id found by the index and marked once, by its flat index: no
    // set of ids hashed (a key path's append per id, and a `Set` of them,
    // made a 5,000-item reload 1 ms).
    var marked = [Bool](repeating: false, count: _items.count)
    var added: [ItemID] = []
    // The table and ids read from locals: through the class, every probe
    // paid two exclusivity checks (counted).
    let table = _index!.items
    try _items.withUnsafeBufferPointer { items throws(SnapshotEditError) in
      let held = _IDColumn(items: items)
      for id in self[keyPath: marks] {
        let i = table.index(of: id, in: held)
        if i >= 0 { marked[i] = true }
      }
      for id in ids {
        let i = table.index(of: id, in: held)
        guard i >= 0 else { throw SnapshotEditError(operation, .itemNotFound(String(describing: id))) }
        if !marked[i] {
          marked[i] = true
          added.append(id)
        }
      }
    }
    self[keyPath: marks].append(contentsOf: added)
  }

  /// Items marked by ``reloadItems(_:)`` since this snapshot was taken.
  ///
  /// - Complexity: O(1).
  @inlinable public var reloadedItemIdentifiers: [ItemID] { _reloadedItems }
  /// Items marked by ``reconfigureItems(_:)`` since this snapshot was taken.
  ///
  /// - Complexity: O(1).
  @inlinable public var reconfiguredItemIdentifiers: [ItemID] { _reconfiguredItems }
}
