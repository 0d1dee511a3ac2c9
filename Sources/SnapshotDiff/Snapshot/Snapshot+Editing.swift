// The pieces every UIKit-style edit is made of: find an id or throw naming
// the operation, then change the storage in place, the id index with it.
// An edit checks everything before it changes anything, so one that throws
// leaves the snapshot as it was; a snapshot held only here is never copied.

extension Snapshot {
  /// The index of a section, or the error naming `operation`.
  ///
  /// - Complexity: O(1) expected (O(*s*) without an index).
  @inlinable
  internal func _index(ofSection id: SectionID, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) -> Int {
    guard let s = _lookUp(section: id) else {
      throw SnapshotEditError(operation, .sectionNotFound(String(describing: id)))
    }
    return s
  }

  /// The flat index of an item, or the error naming `operation`.
  ///
  /// - Complexity: O(1) expected (O(*n*) without an index).
  @inlinable
  internal func _flatIndex(ofItem id: ItemID, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) -> Int {
    guard let i = _lookUp(item: id) else {
      throw SnapshotEditError(operation, .itemNotFound(String(describing: id)))
    }
    return i
  }

  /// Inserts items at a flat index, into section `s` (the index lies in
  /// that section's range, its end included), or throws naming the first
  /// id the snapshot holds already (or `items` holds twice).
  ///
  /// - Complexity: O(*k*) amortized for *k* items at the end of the last
  ///   non-empty section, plus O(*s*) for the sections after; O(*n*)
  ///   elsewhere (the items after are moved, and their index entries).
  @inlinable
  internal mutating func _insert(
    _ items: [Item], at flat: Int, intoSection s: Int, for operation: SnapshotEditError.Operation
  ) throws(SnapshotEditError) {
    _buildIndexIfNeeded()
    // Taken out while they change, so that they are changed in place, never
    // copied, and with no exclusivity check a probe (a class's properties
    // have them at run time).
    let box = _index!
    var index = (items: box.items, itemIDs: box.itemIDs)
    (box.items, box.itemIDs) = (.placeholder, [])
    defer { (box.items, box.itemIDs) = index }
    let count = _items.count
    if flat == count {
      // At the end, the common case: each id entered once, checked on the way.
      index.items.makeUnique()
      index.itemIDs.withUnsafeBufferPointer { ids in index.items.reserveCapacity(count &+ items.count, idAt: { ids[$0] }) }
      var k = 0
      while k < items.count {
        let entered = index.itemIDs.withUnsafeBufferPointer { ids in
          index.items.insert(items[k].id, at: count &+ k, idAt: { $0 < count ? ids[$0] : items[$0 &- count].id })
        }
        switch entered {
        case .some(.none): k &+= 1
        case .some(.some):
          // Undone: the ids before it were entered.
          index.items = .building(index.itemIDs)
          throw SnapshotEditError(operation, .duplicateItem(String(describing: items[k].id)))
        case .none:
          // An id the fast hash cannot take: every id hashed with
          // `hashValue` from now on, and this batch entered again.
          index.items = .building(index.itemIDs, usesHashValue: true)
          k = 0
        }
      }
      _items.append(contentsOf: items)
      index.itemIDs.append(contentsOf: items.lazy.map { $0.id })
    } else {
      for k in items.indices {
        let id = items[k].id
        let there = index.itemIDs.withUnsafeBufferPointer { ids in index.items.index(of: id, idAt: { ids[$0] }) >= 0 }
        if there || items[..<k].contains(where: { $0.id == id }) {
          throw SnapshotEditError(operation, .duplicateItem(String(describing: id)))
        }
      }
      _items.insert(contentsOf: items, at: flat)
      index.itemIDs.insert(contentsOf: items.lazy.map { $0.id }, at: flat)
      index.items = .building(index.itemIDs)
    }
    for t in (s &+ 1)..<_sectionStarts.count { _sectionStarts[t] &+= items.count }
  }

  /// Removes the item at a flat index and returns it (the item table is
  /// left to the caller: ``_IDIndex/reindexItems()``).
  @inlinable
  internal mutating func _cut(at flat: Int) -> Item {
    let s = path(ofFlatIndex: flat).section
    for t in (s + 1)..<_sectionStarts.count { _sectionStarts[t] -= 1 }
    _index!.itemIDs.remove(at: flat)
    return _items.remove(at: flat)
  }

  /// Places an item cut before at a flat index, into section `s`.
  @inlinable
  internal mutating func _place(_ item: Item, at flat: Int, intoSection s: Int) {
    _items.insert(item, at: flat)
    _index!.itemIDs.insert(item.id, at: flat)
    for t in (s + 1)..<_sectionStarts.count { _sectionStarts[t] += 1 }
  }

  /// Removes section `s` with its items and returns them (index entries:
  /// the caller's).
  @inlinable
  internal mutating func _cutSection(at s: Int) -> Section {
    let removed = section(at: s)
    let range = itemRange(ofSection: s)
    _index!.sections[_sectionIDs[s]] = nil
    _items.removeSubrange(range)
    _index!.itemIDs.removeSubrange(range)
    _sectionIDs.remove(at: s)
    _sectionContents.remove(at: s)
    _sectionStarts.remove(at: s + 1)
    for t in (s + 1)..<_sectionStarts.count { _sectionStarts[t] -= range.count }
    return removed
  }

  /// Inserts a section with its items at section index `s`
  /// (`numberOfSections` appends); index entries: the caller's.
  @inlinable
  internal mutating func _spliceSection(_ section: Section, at s: Int) {
    let flat = _sectionStarts[s]
    if flat == _items.count {
      _items.append(contentsOf: section.items)
      _index!.itemIDs.append(contentsOf: section.items.lazy.map { $0.id })
    } else {
      _items.insert(contentsOf: section.items, at: flat)
      _index!.itemIDs.insert(contentsOf: section.items.lazy.map { $0.id }, at: flat)
    }
    _sectionIDs.insert(section.id, at: s)
    _sectionContents.insert(section.content, at: s)
    _sectionStarts.insert(flat, at: s)
    for t in (s + 1)..<_sectionStarts.count { _sectionStarts[t] += section.items.count }
  }

  /// Whether any item or section is marked for reload or reconfiguration.
  @inlinable
  internal var _hasMarks: Bool {
    !(_reloadedItems.isEmpty && _reconfiguredItems.isEmpty && _reloadedSections.isEmpty)
  }

  /// Forgets every mark: what an apply leaves behind.
  @inlinable
  internal mutating func _clearMarks() {
    _reloadedItems = []
    _reconfiguredItems = []
    _reloadedSections = []
  }

  /// Drops the reload and reconfigure marks of items and sections that are
  /// no longer in the snapshot.
  ///
  /// - Complexity: O(*m*) expected for *m* marks.
  @inlinable
  internal mutating func _dropStaleMarks() {
    guard _hasMarks else { return }
    _buildIndexIfNeeded()
    let index = _index!
    _reloadedItems.removeAll { index.index(of: $0) == nil }
    _reconfiguredItems.removeAll { index.index(of: $0) == nil }
    _reloadedSections.removeAll { index.sections[$0] == nil }
  }
}
