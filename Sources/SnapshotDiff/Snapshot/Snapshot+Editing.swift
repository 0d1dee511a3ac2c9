// The pieces every UIKit-style edit is made of: find an id or throw naming
// the operation (the public edit stops the program with it, `_misuse`),
// then change the storage in place, the id index with it. A piece checks
// everything before it changes anything, so one that throws leaves the
// snapshot as it was (an append retries after moving held ids into place);
// a snapshot held only here is never copied.

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
  /// id the snapshot holds already (or the batch holds twice). `ids` are
  /// the items' ids; `items` the items, or `nil` for items with no content.
  ///
  /// - Complexity: O(*k*) amortized for *k* items at the end of the last
  ///   non-empty section, plus O(*s*) for the sections after; O(*n*)
  ///   elsewhere (the items after are moved, and their index entries).
  @inlinable
  internal mutating func _insert(
    _ ids: [ItemID], items: [Item]?, at flat: Int, intoSection s: Int, for operation: SnapshotEditError.Operation
  ) throws(SnapshotEditError) {
    let shared = _buildIndexIfNeeded()
    // Taken out while it changes, so that it is changed in place, never
    // copied, and with no exclusivity check a probe (a class's properties
    // have them at run time).
    let box = _index!
    var table = box.items
    box.items = .placeholder
    defer { box.items = table }
    let count = _items.count
    if flat == count {
      // At the end, the common case: each id entered once, checked on the way.
      var entering = _IDTable.Entering.entered
      for _ in 0..<2 {
        entering = ids.withUnsafeBufferPointer { new in
          _items.withUnsafeBufferPointer { held in table.enter(_IDColumn(new), count: new.count, at: count, after: _IDColumn(items: held)) }
        }
        guard case .needsHashValue = entering else { break }
        // An id the fast hash cannot take: every id hashed with `hashValue`
        // from now on, and this batch entered again.
        table = _itemTable(usesHashValue: true)
      }
      if case .duplicate(let k) = entering {
        table = _itemTable(usesHashValue: table.storage.usesHashValue)  // the batch's ids before it were entered
        throw SnapshotEditError(operation, .duplicateItem(String(describing: ids[k])))
      }
      if shared && count > 0 {
        // A copy of another snapshot (a page appended to the data
        // source's): the items are copied here, in code specialized for
        // them, not by the array's copy on write, which copies each
        // through the runtime's generic value witness.
        _items = _items.withUnsafeBufferPointer { held in
          [Item](unsafeUninitializedCapacity: count &+ ids.count) { buffer, initialized in
            let base = buffer.baseAddress!
            for i in 0..<count { (base + i).initialize(to: held[i]) }
            if let items {
              for k in items.indices { (base + (count &+ k)).initialize(to: items[k]) }
            } else {
              for k in ids.indices { (base + (count &+ k)).initialize(to: Item(ids[k])) }
            }
            initialized = count &+ ids.count
          }
        }
      } else if let items {
        // A first batch is the given array itself, shared, not copied (a
        // section snapshot applied to a screen's one section, counted).
        if _items.isEmpty { _items = items } else { _items.append(contentsOf: items) }
      } else if _items.isEmpty {
        // A first batch built in place: appending through a lazy view cost
        // a fifth of building 10,000 (counted).
        _items = Array(unsafeUninitializedCapacity: ids.count) { buffer, initialized in
          for k in ids.indices { (buffer.baseAddress! + k).initialize(to: Item(ids[k])) }
          initialized = ids.count
        }
      } else {
        // One append at a time into room made once (geometrically, so that
        // items appended one by one stay amortized O(1)): through a lazy
        // view, or `append(contentsOf:)` an array, each element went
        // through the runtime's generic copy, twice the instructions.
        Self._reserve(&_items, adding: ids.count)
        for k in ids.indices { _items.append(Item(ids[k])) }  // no binding: one retain an id, not two and a release
      }
    } else {
      if let items { _items.insert(contentsOf: items, at: flat) } else { _items.insert(contentsOf: ids.lazy.map { Item($0) }, at: flat) }
      guard let built = _checkedItemTable() else {
        _items.removeSubrange(flat..<(flat &+ ids.count))
        // The first id held already or earlier in the batch, named.
        var seen = Set<ItemID>(minimumCapacity: ids.count)
        let id = ids.first { id in
          _items.withUnsafeBufferPointer { table.index(of: id, in: _IDColumn(items: $0)) >= 0 } || !seen.insert(id).inserted
        }!
        throw SnapshotEditError(operation, .duplicateItem(String(describing: id)))
      }
      table = built
    }
    for t in (s &+ 1)..<_sectionStarts.count { _sectionStarts[t] &+= ids.count }
  }

  /// Room for `count` more elements, at least doubling the capacity when
  /// it grows (`reserveCapacity` alone gives exactly what is asked, which
  /// would make appending one at a time quadratic).
  @inlinable
  internal static func _reserve<Element>(_ array: inout [Element], adding count: Int) {
    let needed = array.count &+ count
    if needed > array.capacity { array.reserveCapacity(Swift.max(needed, array.capacity &* 2)) }
  }

  /// Removes the items marked in `doomed` (by flat index; none before
  /// `first`): each section keeps its survivors in order, and its start
  /// follows them. The item table is remapped from its tags.
  ///
  /// With `copying` (the items are shared with the snapshot this one was
  /// copied from, as when an app edits the data source's), the survivors
  /// are copied into a new array; otherwise they move down in place. A
  /// shared array moved in place was first copied whole, every item through
  /// the runtime's generic copy, and then the deleted ones destroyed
  /// (deleting 5,000 of 10,000 from a copy: 3,445,509 → 2,036,202
  /// instructions, counted).
  ///
  /// - Complexity: O(*n*) expected.
  @inlinable
  internal mutating func _removeItems(_ doomed: [Bool], from first: Int, copying: Bool) {
    guard let firstDoomed = doomed[first...].firstIndex(of: true) else { return }
    let box = _index!
    let count = _items.count
    // Where each item goes (-1: deleted), and where each section then starts.
    var newIndex = [Int32](repeating: -1, count: count)
    for i in 0..<firstDoomed { newIndex[i] = Int32(truncatingIfNeeded: i) }
    var kept = firstDoomed
    var s = path(ofFlatIndex: firstDoomed).section
    for i in firstDoomed..<count {
      while _sectionStarts[s &+ 1] <= i {
        s &+= 1
        _sectionStarts[s] = kept
      }
      guard !doomed[i] else { continue }
      newIndex[i] = Int32(truncatingIfNeeded: kept)
      kept &+= 1
    }
    for t in (s &+ 1)..<_sectionStarts.count { _sectionStarts[t] = kept }
    newIndex.withUnsafeBufferPointer { to in
      if copying {
        _items = _items.withUnsafeBufferPointer { items in
          [Item](unsafeUninitializedCapacity: kept) { survivors, initialized in
            for i in 0..<count where to[i] >= 0 { (survivors.baseAddress! + Int(to[i])).initialize(to: items[i]) }
            initialized = kept
          }
        }
      } else {
        _items.withUnsafeMutableBufferPointer { items in
          for i in firstDoomed..<count where to[i] >= 0 && Int(to[i]) != i { items.swapAt(Int(to[i]), i) }
        }
        _items.removeSubrange(kept...)
      }
      box.items = box.items.remapped(to, keeping: kept)
    }
  }

  /// Removes the sections marked in `doomed` (none before `first`), which
  /// hold no items, in one pass.
  ///
  /// - Complexity: O(*s*) expected.
  @inlinable
  internal mutating func _removeEmptySections(_ doomed: [Bool], from first: Int) {
    var kept = first
    for s in first..<_sectionIDs.count where !doomed[s] {
      if kept != s {
        _sectionIDs.swapAt(kept, s)
        _sectionContents.swapAt(kept, s)
        _sectionStarts[kept] = _sectionStarts[s]
      }
      kept &+= 1
    }
    for s in kept..<_sectionIDs.count { _index!.sections[_sectionIDs[s]] = nil }
    _sectionIDs.removeSubrange(kept...)
    _sectionContents.removeSubrange(kept...)
    _sectionStarts[kept] = _items.count
    _sectionStarts.removeSubrange((kept &+ 1)...)
    _reindexSections(from: first)
  }

  /// Removes the item at a flat index and returns it (the item table is
  /// left to the caller: ``_itemTable(usesHashValue:)``).
  @inlinable
  internal mutating func _cut(at flat: Int) -> Item {
    let s = path(ofFlatIndex: flat).section
    for t in (s + 1)..<_sectionStarts.count { _sectionStarts[t] -= 1 }
    return _items.remove(at: flat)
  }

  /// Places an item cut before at a flat index, into section `s`.
  @inlinable
  internal mutating func _place(_ item: Item, at flat: Int, intoSection s: Int) {
    _items.insert(item, at: flat)
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
  ///
  /// - Complexity: O(*m*) expected for *m* marks.
  @inlinable
  internal mutating func _dropStaleMarks() {
    guard _hasMarks else { return }
    _buildIndexIfNeeded()
    let held = self  // read while the marks change
    _reloadedItems.removeAll { held._lookUp(item: $0) == nil }
    _reconfiguredItems.removeAll { held._lookUp(item: $0) == nil }
    _reloadedSections.removeAll { held._lookUp(section: $0) == nil }
  }
}
