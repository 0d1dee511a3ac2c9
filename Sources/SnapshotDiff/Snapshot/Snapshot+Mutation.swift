// Item edits, with `NSDiffableDataSourceSnapshot`'s names and semantics.
// Each stops the program where UIKit raises (`_misuse`); an id appended or
// inserted that the snapshot holds already is moved into place with UIKit's
// warning, as since iOS 15.

extension Snapshot {
  /// Appends items to a section (the last one when `section` is `nil`, as UIKit does).
  ///
  /// - Precondition: no id is listed twice; the section is held; there is a section, else the program stops as UIKit raises.
  /// - Complexity: O(*k*) amortized for *k* items, plus O(*s*) for the
  ///   sections after this one; where those hold items, O(*n*) (they move).
  @inlinable
  public mutating func appendItems(_ items: [Item], toSection section: SectionID? = nil) {
    do throws(SnapshotEditError) {
      try _appendItems(items.map { $0.id }, items: items, toSection: section)
    } catch {
      _appendMovingExisting(items.map { $0.id }, items: items.map { $0 }, toSection: section, after: error)
    }
  }

  /// Appends items with no content, by identifier.
  ///
  /// - Complexity: as ``appendItems(_:toSection:)-(_,_)``.
  @inlinable
  public mutating func appendItems(_ ids: [ItemID], toSection section: SectionID? = nil) {
    do throws(SnapshotEditError) {
      try _appendItems(ids, items: nil, toSection: section)
    } catch {
      _appendMovingExisting(ids.map { $0 }, items: nil, toSection: section, after: error)
    }
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
  /// - Precondition: the item is held; no id is listed twice, else the program stops as UIKit raises.
  /// - Complexity: O(*n*) for the items after it, which move.
  @inlinable
  public mutating func insertItems(_ items: [Item], beforeItem anchor: ItemID) {
    do throws(SnapshotEditError) {
      try _insertItems(items.map { $0.id }, items: items, relativeTo: anchor, after: false, for: .insertItemsBefore)
    } catch {
      _insertMovingExisting(items.map { $0.id }, items: items.map { $0 }, relativeTo: anchor, after: false, for: .insertItemsBefore, after: error)
    }
  }

  /// Inserts items with no content just before an item.
  ///
  /// - Complexity: as ``insertItems(_:beforeItem:)-(_,_)``.
  @inlinable
  public mutating func insertItems(_ ids: [ItemID], beforeItem anchor: ItemID) {
    do throws(SnapshotEditError) {
      try _insertItems(ids, items: nil, relativeTo: anchor, after: false, for: .insertItemsBefore)
    } catch {
      _insertMovingExisting(ids.map { $0 }, items: nil, relativeTo: anchor, after: false, for: .insertItemsBefore, after: error)
    }
  }

  /// Inserts items just after an item, in its section.
  ///
  /// - Complexity: O(*n*) for the items after it, which move; O(*k*)
  ///   amortized after the last item.
  @inlinable
  public mutating func insertItems(_ items: [Item], afterItem anchor: ItemID) {
    do throws(SnapshotEditError) {
      try _insertItems(items.map { $0.id }, items: items, relativeTo: anchor, after: true, for: .insertItemsAfter)
    } catch {
      _insertMovingExisting(items.map { $0.id }, items: items.map { $0 }, relativeTo: anchor, after: true, for: .insertItemsAfter, after: error)
    }
  }

  /// Inserts items with no content just after an item.
  ///
  /// - Complexity: as ``insertItems(_:afterItem:)-(_,_)``.
  @inlinable
  public mutating func insertItems(_ ids: [ItemID], afterItem anchor: ItemID) {
    do throws(SnapshotEditError) {
      try _insertItems(ids, items: nil, relativeTo: anchor, after: true, for: .insertItemsAfter)
    } catch {
      _insertMovingExisting(ids.map { $0 }, items: nil, relativeTo: anchor, after: true, for: .insertItemsAfter, after: error)
    }
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
  /// - Precondition: the item is held, else the program stops as UIKit raises.
  /// - Complexity: O(*n*): the items after the first one deleted move (in
  ///   a copy of another snapshot, the survivors are copied into an array
  ///   of its own), and the item table is remapped.
  @inlinable
  public mutating func deleteItems(_ ids: [ItemID]) {
    do throws(SnapshotEditError) {
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
    } catch {
      _misuse(error)
    }
  }

  /// Deletes every item of section `s` by its place, no id looked up: a
  /// section's rows replaced (the data source's `apply(_:to:)`) hashed
  /// each id only to find where it already was.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  internal mutating func _deleteItems(ofSection s: Int) {
    let range = itemRange(ofSection: s)
    guard !range.isEmpty else { return }
    let shared = _buildIndexIfNeeded()
    var doomed = [Bool](repeating: false, count: _items.count)
    doomed.withUnsafeMutableBufferPointer { doomed in doomed[range].update(repeating: true) }
    _removeItems(doomed, from: range.lowerBound, copying: shared)
    _dropStaleMarks()
  }

  /// The snapshot with every item deleted and its sections kept (ids,
  /// contents, reload marks): what ``_deleteItems(ofSection:)`` gives where
  /// one section holds every item, with no item copied only to be dropped
  /// (a section snapshot applied to a screen's one section copied its
  /// 10,000 rows first, counted).
  ///
  /// - Complexity: O(*s*) for *s* sections.
  @inlinable
  internal func _sectionsWithoutItems() -> Self {
    var result = Self()
    result._sectionIDs = _sectionIDs
    result._sectionContents = _sectionContents
    result._sectionStarts = [Int](repeating: 0, count: _sectionStarts.count)
    result._reloadedSections = _reloadedSections
    result._index = nil  // the next edit builds it (`_buildIndexIfNeeded()`)
    return result
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
  /// - Precondition: the item is held; not relative to itself, else the program stops as UIKit raises.
  /// - Complexity: O(*n*): the items between its place and the anchor
  ///   shift, and the item table is made anew.
  @inlinable
  public mutating func moveItem(_ id: ItemID, beforeItem anchor: ItemID) {
    do throws(SnapshotEditError) {
      try _moveItem(id, relativeTo: anchor, after: false, for: .moveItemBefore)
    } catch {
      _misuse(error)
    }
  }

  /// Moves an item to just after another, across sections if need be.
  ///
  /// - Complexity: as ``moveItem(_:beforeItem:)``.
  @inlinable
  public mutating func moveItem(_ id: ItemID, afterItem anchor: ItemID) {
    do throws(SnapshotEditError) {
      try _moveItem(id, relativeTo: anchor, after: true, for: .moveItemAfter)
    } catch {
      _misuse(error)
    }
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
  /// - Precondition: the item is held, else the program stops as UIKit raises.
  /// - Complexity: O(*k* + *m*) expected for *k* ids and *m* marks.
  @inlinable
  public mutating func reloadItems(_ ids: [ItemID]) {
    do throws(SnapshotEditError) {
      try _mark(ids, in: \._reloadedItems, for: .reloadItems)
    } catch {
      _misuse(error)
    }
  }

  /// Marks items to be reconfigured (their cells kept and updated) by the
  /// next apply, even where their content compares equal
  /// (``reconfiguredItemIdentifiers``).
  ///
  /// - Precondition: the item is held, else the program stops as UIKit raises.
  /// - Complexity: O(*k* + *m*) expected for *k* ids and *m* marks.
  @inlinable
  public mutating func reconfigureItems(_ ids: [ItemID]) {
    do throws(SnapshotEditError) {
      try _mark(ids, in: \._reconfiguredItems, for: .reconfigureItems)
    } catch {
      _misuse(error)
    }
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

  /// Sets an item's content, where it is: the next apply updates its cell
  /// (`reconfigureItems(at:)`), as for any kept item whose content changed.
  /// UIKit's snapshot holds ids alone; this is how an item's content
  /// changes here without a delete and an insert.
  ///
  /// An item the snapshot does not hold stops the program.
  /// - Complexity: O(1) expected.
  @inlinable
  public mutating func updateContent(_ content: Content?, of item: ItemID) {
    do throws(SnapshotEditError) {
      let i = try _flatIndex(ofItem: item, for: .updateContent)
      _items[i].content = content
    } catch {
      _misuse(error)
    }
  }

  /// Sets a section's content; the next apply reloads the section.
  ///
  /// A section the snapshot does not hold stops the program.
  /// - Complexity: O(1) expected.
  @inlinable
  public mutating func updateContent(_ content: Content?, ofSection section: SectionID) {
    do throws(SnapshotEditError) {
      let s = try _index(ofSection: section, for: .updateSectionContent)
      _sectionContents[s] = content
    } catch {
      _misuse(error)
    }
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

extension Snapshot {
  /// ``appendItems(_:toSection:)-(_,_)`` after its first try threw `error`:
  /// ids held already moved into place (``_removeExisting(_:anchor:for:after:)``),
  /// then the append again. Out of line, so that the first try stays as
  /// small as it was; its callers pass copies (`map`), so that the array
  /// they were given does not escape: a literal `[id]` stays on the stack
  /// (passed itself, it was allocated on every append: 19 % more
  /// instructions, counted on snapshot-append-one-by-one-10k).
  @inlinable @inline(never)
  internal mutating func _appendMovingExisting(_ ids: [ItemID], items: [Item]?, toSection section: SectionID?, after error: SnapshotEditError) {
    _removeExisting(ids, anchor: nil, for: .appendItems, after: error)
    do throws(SnapshotEditError) { try _appendItems(ids, items: items, toSection: section) } catch { _misuse(error) }
  }

  /// ``insertItems(_:beforeItem:)-(_,_)`` and its kin after the first try
  /// threw `error`, as ``_appendMovingExisting(_:items:toSection:after:)``.
  @inlinable @inline(never)
  internal mutating func _insertMovingExisting(
    _ ids: [ItemID], items: [Item]?, relativeTo anchor: ItemID, after: Bool, for operation: SnapshotEditError.Operation,
    after error: SnapshotEditError
  ) {
    _removeExisting(ids, anchor: anchor, for: operation, after: error)
    do throws(SnapshotEditError) {
      try _insertItems(ids, items: items, relativeTo: anchor, after: after, for: operation)
    } catch {
      _misuse(error)
    }
  }

  /// After an append or insert threw `error`: where it named an id the
  /// snapshot holds already, that id is deleted, to be moved into place by
  /// the retry, as UIKit does since iOS 15: it logs "Diffable data source
  /// detected an attempt to insert or append 1 item identifier that
  /// already exists in the snapshot. The existing item identifier will be
  /// moved into place instead…" (quoted in full in
  /// boostcampwm-2024/iOS04-PhotoGether#74) and goes on. Any other error,
  /// an id listed twice in one call (UIKit raises), or an anchor among the
  /// ids stops the program.
  ///
  /// Out of line: the first try costs nothing more, since an insert checks
  /// its ids anyway and leaves the snapshot as it was when one is held.
  @usableFromInline
  internal mutating func _removeExisting(
    _ ids: [ItemID], anchor: ItemID?, for operation: SnapshotEditError.Operation, after error: SnapshotEditError
  ) {
    guard case .duplicateItem = error.problem else { _misuse(error) }
    var listed = Set<ItemID>()
    for id in ids where !listed.insert(id).inserted {
      _misuse(SnapshotEditError(operation, .duplicateItem(String(describing: id))))
    }
    if let anchor, listed.contains(anchor) {
      _misuse(SnapshotEditError(operation, .itemRelativeToItself(String(describing: anchor))))
    }
    let existing = ids.filter { contains($0) }
    _warnItemsAlreadyExist(existing.map { String(describing: $0) })
    deleteItems(existing)
  }
}
