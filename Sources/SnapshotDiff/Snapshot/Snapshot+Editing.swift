// The pieces every UIKit-style edit is made of: find an id or throw naming
// the operation, cut or splice a run of items or a section, and check the
// result against the one invariant (``Snapshot/_checkInvariants()``).

extension Snapshot {
  /// The index of a section, or the error naming `operation`.
  ///
  /// - Complexity: O(*s*).
  @inlinable
  internal func _index(ofSection id: SectionID, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) -> Int {
    guard let s = _sectionIDs.firstIndex(of: id) else {
      throw SnapshotEditError(operation, .sectionNotFound(String(describing: id)))
    }
    return s
  }

  /// The flat index of an item, or the error naming `operation`.
  ///
  /// - Complexity: O(*n*): a snapshot keeps no index of its ids.
  @inlinable
  internal func _flatIndex(ofItem id: ItemID, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) -> Int {
    guard let i = _items.firstIndex(where: { $0.id == id }) else {
      throw SnapshotEditError(operation, .itemNotFound(String(describing: id)))
    }
    return i
  }

  /// Replaces `self` by an edited copy once the copy keeps ids unique.
  @inlinable
  internal mutating func _commit(_ edited: Self, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) {
    do {
      try edited._checkInvariants()
    } catch {
      switch error {
      case .duplicateItem(let id, _, _): throw SnapshotEditError(operation, .duplicateItem(id))
      case .duplicateSection(let id, _, _): throw SnapshotEditError(operation, .duplicateSection(id))
      }
    }
    self = edited
  }

  /// Inserts items at a flat index, into section `s` (the index must lie in
  /// that section's range, its end included).
  @inlinable
  internal mutating func _splice(_ items: [Item], at flat: Int, intoSection s: Int) {
    _items.insert(contentsOf: items, at: flat)
    for t in (s + 1)..<_sectionStarts.count { _sectionStarts[t] += items.count }
  }

  /// Removes the item at a flat index and returns it.
  @inlinable
  internal mutating func _cut(at flat: Int) -> Item {
    let s = path(ofFlatIndex: flat).section
    for t in (s + 1)..<_sectionStarts.count { _sectionStarts[t] -= 1 }
    return _items.remove(at: flat)
  }

  /// Removes section `s` with its items and returns them.
  @inlinable
  internal mutating func _cutSection(at s: Int) -> Section {
    let removed = section(at: s)
    let count = removed.items.count
    _items.removeSubrange(itemRange(ofSection: s))
    _sectionIDs.remove(at: s)
    _sectionContents.remove(at: s)
    _sectionStarts.remove(at: s + 1)
    for t in (s + 1)..<_sectionStarts.count { _sectionStarts[t] -= count }
    return removed
  }

  /// Inserts a section with its items at section index `s` (`numberOfSections` appends).
  @inlinable
  internal mutating func _spliceSection(_ section: Section, at s: Int) {
    let flat = _sectionStarts[s]
    _items.insert(contentsOf: section.items, at: flat)
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
  @inlinable
  internal mutating func _dropStaleMarks() {
    guard _hasMarks else { return }
    let items = Set(_items.lazy.map(\.id))
    _reloadedItems.removeAll { !items.contains($0) }
    _reconfiguredItems.removeAll { !items.contains($0) }
    let sections = Set(_sectionIDs)
    _reloadedSections.removeAll { !sections.contains($0) }
  }
}
