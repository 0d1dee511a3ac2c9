#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where each id of a snapshot is: every item's flat index and every
/// section's index. Kept up to date by every edit, so that lookups by id
/// take expected O(1) and an edit checks its ids for uniqueness against it
/// in O(*k*) for *k* ids. The ids themselves are the snapshot's items'
/// (``_IDColumn``): the index holds no copy of them.
///
/// A snapshot made by applying a changeset (or by a strategy) has none:
/// the diff and the apply never pay for it. Its first edit builds it, in
/// O(*n*), and keeps it; its lookups scan until then.
///
/// A class, so that a snapshot holds one reference for all of it (a copy
/// of a snapshot, which the data source's apply makes several of, retains
/// it once: three fields cost `hashmap+apply` 5 %, counted); shared between
/// copies and copied before one of them edits it (``Snapshot/_buildIndexIfNeeded()``).
@usableFromInline
internal final class _IDIndex<SectionID: Hashable, ItemID: Hashable>: @unchecked Sendable {
  /// Each item's flat index. Unchecked: a lookup's dynamic exclusivity
  /// check was a seventh of `indexOfItem` (counted); an edit writes the
  /// tables only while it holds the index alone (``Snapshot/_buildIndexIfNeeded()``).
  @exclusivity(unchecked) @usableFromInline var items: _IDTable
  @exclusivity(unchecked) @usableFromInline var sections: [SectionID: Int]
  /// The item ids in order (``Snapshot/itemIdentifiers``), made on first
  /// read and kept until the next edit: a getter of a `Sendable` value
  /// fills it, so under ``mutex``. Edits, which hold the index alone,
  /// forget it (``forgetItemIDs()``).
  @usableFromInline var itemIDs: [ItemID]?
  #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  #endif

  @inlinable
  init(sections: [SectionID: Int], items: _IDTable) {
    (self.sections, self.items) = (sections, items)
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    #endif
  }

  @inlinable
  deinit {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    #endif
  }

  /// A copy to edit: its tables shared until then (copy on write), its
  /// item ids left behind (the edit would forget them).
  @inlinable
  func copy() -> _IDIndex { _IDIndex(sections: sections, items: items) }

  /// The item ids in order: kept ones, or `make`'s, kept for next time.
  /// Where there is no mutex (no pthreads), made on every call.
  @inlinable
  func itemIDs(_ make: () -> [ItemID]) -> [ItemID] {
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    if let itemIDs { return itemIDs }
    let made = make()
    itemIDs = made
    return made
    #else
    return make()
    #endif
  }

  /// Drops the kept item ids: an edit is about to change them. Called
  /// while the index is held by one snapshot alone, under `inout`.
  @inlinable
  func forgetItemIDs() {
    if itemIDs != nil { itemIDs = nil }
  }
}

extension Snapshot {
  /// The index, ready to edit: built now if this snapshot has none, copied
  /// if another snapshot shares it. Returns whether it was shared: then
  /// this snapshot is a copy of another, whose arrays it shares too.
  ///
  /// - Complexity: O(1), or O(*n*) expected the first time.
  @inlinable @discardableResult
  internal mutating func _buildIndexIfNeeded() -> Bool {
    if _index != nil {
      if !isKnownUniquelyReferenced(&_index) {
        _index = _index!.copy()
        return true
      }
      _index!.forgetItemIDs()
      return false
    }
    var sections = [SectionID: Int](minimumCapacity: _sectionIDs.count)
    for (s, id) in _sectionIDs.enumerated() { sections[id] = s }
    _index = _IDIndex(sections: sections, items: _itemTable())
    return false
  }

  /// The item table made anew from the items (after an edit moved them),
  /// or `nil` where two of them have equal ids.
  ///
  /// - Complexity: O(*n*) expected.
  @inlinable
  internal func _checkedItemTable(usesHashValue: Bool = false) -> _IDTable? {
    _items.withUnsafeBufferPointer { .building(checking: _IDColumn(items: $0), count: $0.count, usesHashValue: usesHashValue) }
  }

  /// ``_checkedItemTable(usesHashValue:)`` of items known to be distinct.
  @inlinable
  internal func _itemTable(usesHashValue: Bool = false) -> _IDTable { _checkedItemTable(usesHashValue: usesHashValue)! }

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
    guard _index != nil else { return _items.firstIndex { $0.id == id } }
    let i = _items.withUnsafeBufferPointer { _index.unsafelyUnwrapped.items.index(of: id, in: _IDColumn(items: $0)) }
    return i >= 0 ? i : nil
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

