/// Where each id of a snapshot is: every item's flat index, every section's
/// index, and the item ids in order. Kept up to date by every edit, so
/// that lookups by id take expected O(1) and an edit checks its ids for
/// uniqueness against it in O(*k*) for *k* ids.
///
/// A snapshot made by applying a changeset (or by a strategy) has none:
/// the diff and the apply never pay for it. Its first edit builds it, in
/// O(*n*), and keeps it; its lookups scan until then.
///
/// A class, so that a snapshot holds one reference for all three (a copy
/// of a snapshot, which the data source's apply makes several of, retains
/// it once: three fields cost `hashmap+apply` 5 %, counted); shared between
/// copies and copied before one of them edits it (``Snapshot/_buildIndexIfNeeded()``).
@usableFromInline
internal final class _IDIndex<SectionID: Hashable, ItemID: Hashable>: @unchecked Sendable {
  /// Each item's flat index; its ids are ``itemIDs``.
  @usableFromInline var items: _IDTable
  @usableFromInline var sections: [SectionID: Int]
  /// The item ids, section after section: ``Snapshot/itemIdentifiers``.
  @usableFromInline var itemIDs: [ItemID]

  @inlinable
  convenience init(sections: [SectionID: Int], itemIDs: [ItemID]) {
    self.init(sections: sections, items: .building(itemIDs), itemIDs: itemIDs)
  }

  @inlinable
  init(sections: [SectionID: Int], items: _IDTable, itemIDs: [ItemID]) {
    (self.sections, self.items, self.itemIDs) = (sections, items, itemIDs)
  }

  /// A copy to edit: its tables shared until then (copy on write).
  @inlinable
  func copy() -> _IDIndex { _IDIndex(sections: sections, items: items, itemIDs: itemIDs) }

  /// The flat index of an item, or `nil`.
  @inlinable
  func index(of id: ItemID) -> Int? {
    itemIDs.withUnsafeBufferPointer { ids in
      let i = items.index(of: id, idAt: { ids[$0] })
      return i >= 0 ? i : nil
    }
  }

  /// The item table made anew from ``itemIDs``, after an edit moved items.
  ///
  /// - Complexity: O(*n*) expected.
  @inlinable
  func reindexItems() {
    items = .building(itemIDs)
  }
}

extension Snapshot {
  /// The index, ready to edit: built now if this snapshot has none, copied
  /// if another snapshot shares it.
  ///
  /// - Complexity: O(1), or O(*n*) expected the first time.
  @inlinable
  internal mutating func _buildIndexIfNeeded() {
    if _index != nil {
      if !isKnownUniquelyReferenced(&_index) { _index = _index!.copy() }
      return
    }
    var sections = [SectionID: Int](minimumCapacity: _sectionIDs.count)
    for (s, id) in _sectionIDs.enumerated() { sections[id] = s }
    _index = _IDIndex(sections: sections, itemIDs: _items.map { $0.id })
  }

  /// Points the index at the sections from index `start` on.
  ///
  /// - Complexity: O(*s* − `start`) expected.
  @inlinable
  internal mutating func _reindexSections(from start: Int) {
    for s in start..<_sectionIDs.count { _index!.sections[_sectionIDs[s]] = s }
  }

  /// The flat index of an item: by the index where there is one.
  ///
  /// - Complexity: O(1) expected with an index, O(*n*) without.
  @inlinable
  internal func _lookUp(item id: ItemID) -> Int? {
    if let index = _index { return index.index(of: id) }
    return _items.firstIndex { $0.id == id }
  }

  /// The index of a section: by the index where there is one.
  ///
  /// - Complexity: O(1) expected with an index, O(*s*) without.
  @inlinable
  internal func _lookUp(section id: SectionID) -> Int? {
    if let index = _index { return index.sections[id] }
    return _sectionIDs.firstIndex(of: id)
  }
}

