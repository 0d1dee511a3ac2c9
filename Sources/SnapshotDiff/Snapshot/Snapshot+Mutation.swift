// Item edits, with `NSDiffableDataSourceSnapshot`'s names and semantics.
// Each throws where UIKit raises and then leaves the snapshot as it was.

extension Snapshot {
  /// Appends items to a section (the last one when `section` is `nil`, as UIKit does).
  ///
  /// - Throws: ``SnapshotEditError/Problem/duplicateItem(_:)``,
  ///   ``SnapshotEditError/Problem/sectionNotFound(_:)`` or
  ///   ``SnapshotEditError/Problem/noSection``.
  /// - Complexity: O(*n*), for the uniqueness check.
  @inlinable
  public mutating func appendItems(_ items: [Item], toSection section: SectionID? = nil) throws(SnapshotEditError) {
    let s: Int
    if let section {
      s = try _index(ofSection: section, for: .appendItems)
    } else {
      guard numberOfSections > 0 else { throw SnapshotEditError(.appendItems, .noSection) }
      s = numberOfSections - 1
    }
    var copy = self
    copy._splice(items, at: _sectionStarts[s + 1], intoSection: s)
    try _commit(copy, for: .appendItems)
  }

  /// Appends items with no content, by identifier.
  @inlinable
  public mutating func appendItems(_ ids: [ItemID], toSection section: SectionID? = nil) throws(SnapshotEditError) {
    try appendItems(ids.map { Item($0) }, toSection: section)
  }

  /// Inserts items just before an item, in its section.
  ///
  /// - Throws: ``SnapshotEditError/Problem/itemNotFound(_:)`` for the anchor,
  ///   ``SnapshotEditError/Problem/duplicateItem(_:)``.
  @inlinable
  public mutating func insertItems(_ items: [Item], beforeItem anchor: ItemID) throws(SnapshotEditError) {
    try _insertItems(items, relativeTo: anchor, after: false, for: .insertItemsBefore)
  }

  @inlinable
  public mutating func insertItems(_ ids: [ItemID], beforeItem anchor: ItemID) throws(SnapshotEditError) {
    try insertItems(ids.map { Item($0) }, beforeItem: anchor)
  }

  /// Inserts items just after an item, in its section.
  @inlinable
  public mutating func insertItems(_ items: [Item], afterItem anchor: ItemID) throws(SnapshotEditError) {
    try _insertItems(items, relativeTo: anchor, after: true, for: .insertItemsAfter)
  }

  @inlinable
  public mutating func insertItems(_ ids: [ItemID], afterItem anchor: ItemID) throws(SnapshotEditError) {
    try insertItems(ids.map { Item($0) }, afterItem: anchor)
  }

  @inlinable
  internal mutating func _insertItems(
    _ items: [Item], relativeTo anchor: ItemID, after: Bool, for operation: SnapshotEditError.Operation
  ) throws(SnapshotEditError) {
    let i = try _flatIndex(ofItem: anchor, for: operation)
    var copy = self
    copy._splice(items, at: i + (after ? 1 : 0), intoSection: path(ofFlatIndex: i).section)
    try _commit(copy, for: operation)
  }

  /// Deletes items wherever they are.
  ///
  /// - Throws: ``SnapshotEditError/Problem/itemNotFound(_:)`` for the first id
  ///   the snapshot does not hold.
  /// - Complexity: O(*n* + *k*) expected for *k* ids.
  @inlinable
  public mutating func deleteItems(_ ids: [ItemID]) throws(SnapshotEditError) {
    let doomed = Set(ids)
    // One pass: each section keeps its survivors, and its start follows them.
    var copy = self
    copy._items.removeAll(keepingCapacity: true)
    for s in 0..<numberOfSections {
      copy._sectionStarts[s] = copy._items.count
      for item in _items[itemRange(ofSection: s)] where !doomed.contains(item.id) { copy._items.append(item) }
    }
    copy._sectionStarts[numberOfSections] = copy._items.count
    if _items.count - copy._items.count != doomed.count {
      let present = Set(_items.lazy.map(\.id))
      let missing = ids.first { !present.contains($0) }!
      throw SnapshotEditError(.deleteItems, .itemNotFound(String(describing: missing)))
    }
    copy._dropStaleMarks()
    self = copy
  }

  /// Deletes every item and every section, as UIKit's `deleteAllItems()` does.
  @inlinable
  public mutating func deleteAllItems() {
    self = Snapshot()
  }

  /// Moves an item to just before another, across sections if need be.
  ///
  /// - Throws: ``SnapshotEditError/Problem/itemNotFound(_:)`` for either id,
  ///   ``SnapshotEditError/Problem/itemRelativeToItself(_:)``.
  @inlinable
  public mutating func moveItem(_ id: ItemID, beforeItem anchor: ItemID) throws(SnapshotEditError) {
    try _moveItem(id, relativeTo: anchor, after: false, for: .moveItemBefore)
  }

  /// Moves an item to just after another, across sections if need be.
  @inlinable
  public mutating func moveItem(_ id: ItemID, afterItem anchor: ItemID) throws(SnapshotEditError) {
    try _moveItem(id, relativeTo: anchor, after: true, for: .moveItemAfter)
  }

  @inlinable
  internal mutating func _moveItem(
    _ id: ItemID, relativeTo anchor: ItemID, after: Bool, for operation: SnapshotEditError.Operation
  ) throws(SnapshotEditError) {
    let from = try _flatIndex(ofItem: id, for: operation)
    _ = try _flatIndex(ofItem: anchor, for: operation)
    guard id != anchor else { throw SnapshotEditError(operation, .itemRelativeToItself(String(describing: id))) }
    var copy = self
    let item = copy._cut(at: from)
    let i = copy._items.firstIndex { $0.id == anchor }!
    copy._splice([item], at: i + (after ? 1 : 0), intoSection: copy.path(ofFlatIndex: i).section)
    self = copy
  }

  /// Marks items to be reloaded (their cells made anew) by the next apply,
  /// even where their content compares equal (``reloadedItemIdentifiers``).
  ///
  /// - Throws: ``SnapshotEditError/Problem/itemNotFound(_:)``.
  @inlinable
  public mutating func reloadItems(_ ids: [ItemID]) throws(SnapshotEditError) {
    try _mark(ids, in: \._reloadedItems, for: .reloadItems)
  }

  /// Marks items to be reconfigured (their cells kept and updated) by the
  /// next apply, even where their content compares equal
  /// (``reconfiguredItemIdentifiers``).
  ///
  /// - Throws: ``SnapshotEditError/Problem/itemNotFound(_:)``.
  @inlinable
  public mutating func reconfigureItems(_ ids: [ItemID]) throws(SnapshotEditError) {
    try _mark(ids, in: \._reconfiguredItems, for: .reconfigureItems)
  }

  @inlinable
  internal mutating func _mark(
    _ ids: [ItemID], in marks: WritableKeyPath<Self, [ItemID]>, for operation: SnapshotEditError.Operation
  ) throws(SnapshotEditError) {
    let present = Set(_items.lazy.map(\.id))
    if let missing = ids.first(where: { !present.contains($0) }) {
      throw SnapshotEditError(operation, .itemNotFound(String(describing: missing)))
    }
    var marked = Set(self[keyPath: marks])
    for id in ids where marked.insert(id).inserted { self[keyPath: marks].append(id) }
  }

  /// Items marked by ``reloadItems(_:)`` since this snapshot was taken.
  @inlinable public var reloadedItemIdentifiers: [ItemID] { _reloadedItems }
  /// Items marked by ``reconfigureItems(_:)`` since this snapshot was taken.
  @inlinable public var reconfiguredItemIdentifiers: [ItemID] { _reconfiguredItems }
}
