// Section edits, with `NSDiffableDataSourceSnapshot`'s names and semantics.
// Each throws where UIKit raises and then leaves the snapshot as it was.

extension Snapshot {
  /// Appends empty sections.
  ///
  /// - Throws: ``SnapshotEditError/Problem/duplicateSection(_:)``.
  /// - Complexity: O(*k*) amortized for *k* sections.
  @inlinable
  public mutating func appendSections(_ ids: [SectionID], content: Content? = nil) throws(SnapshotEditError) {
    try _insertSections(ids, content: content, at: numberOfSections, for: .appendSections)
  }

  /// Inserts empty sections before a section.
  ///
  /// - Throws: ``SnapshotEditError/Problem/sectionNotFound(_:)`` for the
  ///   anchor, ``SnapshotEditError/Problem/duplicateSection(_:)``.
  /// - Complexity: O(*k* + *s*) expected for *k* sections.
  @inlinable
  public mutating func insertSections(_ ids: [SectionID], beforeSection anchor: SectionID) throws(SnapshotEditError) {
    let s = try _index(ofSection: anchor, for: .insertSectionsBefore)
    try _insertSections(ids, content: nil, at: s, for: .insertSectionsBefore)
  }

  /// Inserts empty sections after a section.
  ///
  /// - Complexity: O(*k* + *s*) expected for *k* sections.
  @inlinable
  public mutating func insertSections(_ ids: [SectionID], afterSection anchor: SectionID) throws(SnapshotEditError) {
    let s = try _index(ofSection: anchor, for: .insertSectionsAfter)
    try _insertSections(ids, content: nil, at: s + 1, for: .insertSectionsAfter)
  }

  @inlinable
  internal mutating func _insertSections(
    _ ids: [SectionID], content: Content?, at s: Int, for operation: SnapshotEditError.Operation
  ) throws(SnapshotEditError) {
    _buildIndexIfNeeded()
    // Checked first, each id hashed once, and undone on a duplicate.
    for k in ids.indices {
      guard let found = _index!.sections.updateValue(s &+ k, forKey: ids[k]) else { continue }
      let repeated = ids[..<k].contains(ids[k])
      for j in 0..<k { _index!.sections[ids[j]] = nil }
      if !repeated { _index!.sections[ids[k]] = found }
      throw SnapshotEditError(operation, .duplicateSection(String(describing: ids[k])))
    }
    let flat = _sectionStarts[s]
    _sectionIDs.insert(contentsOf: ids, at: s)
    _sectionContents.insert(contentsOf: repeatElement(content, count: ids.count), at: s)
    _sectionStarts.insert(contentsOf: repeatElement(flat, count: ids.count), at: s)
    _reindexSections(from: s &+ ids.count)
  }

  /// Deletes sections and every item they hold.
  ///
  /// - Throws: ``SnapshotEditError/Problem/sectionNotFound(_:)`` for the first
  ///   id the snapshot does not hold.
  /// - Complexity: O(*n* + *s*): the items and sections after the first
  ///   one deleted move, as in ``deleteItems(_:)``; the item table is
  ///   remapped.
  @inlinable
  public mutating func deleteSections(_ ids: [SectionID]) throws(SnapshotEditError) {
    let shared = _buildIndexIfNeeded()
    // Listing a section twice deletes it once, as a set of ids would.
    var doomed = [Bool](repeating: false, count: numberOfSections)
    var first = numberOfSections
    for id in ids {
      let s = try _index(ofSection: id, for: .deleteSections)
      doomed[s] = true
      first = Swift.min(first, s)
    }
    guard first < numberOfSections else { return }
    var doomedItems = [Bool](repeating: false, count: _items.count)
    for s in first..<numberOfSections where doomed[s] {
      for i in itemRange(ofSection: s) { doomedItems[i] = true }
    }
    _removeItems(doomedItems, from: _sectionStarts[first], copying: shared)
    _removeEmptySections(doomed, from: first)
    _dropStaleMarks()
  }

  /// Moves a section, with its items, to just before another.
  ///
  /// - Throws: ``SnapshotEditError/Problem/sectionNotFound(_:)`` for either
  ///   id, ``SnapshotEditError/Problem/sectionRelativeToItself(_:)``.
  /// - Complexity: O(*n* + *s*): the items between its place and the
  ///   anchor shift, and the item table is made anew.
  @inlinable
  public mutating func moveSection(_ id: SectionID, beforeSection anchor: SectionID) throws(SnapshotEditError) {
    try _moveSection(id, relativeTo: anchor, after: false, for: .moveSectionBefore)
  }

  /// Moves a section, with its items, to just after another.
  ///
  /// - Complexity: as ``moveSection(_:beforeSection:)``.
  @inlinable
  public mutating func moveSection(_ id: SectionID, afterSection anchor: SectionID) throws(SnapshotEditError) {
    try _moveSection(id, relativeTo: anchor, after: true, for: .moveSectionAfter)
  }

  @inlinable
  internal mutating func _moveSection(
    _ id: SectionID, relativeTo anchor: SectionID, after: Bool, for operation: SnapshotEditError.Operation
  ) throws(SnapshotEditError) {
    let from = try _index(ofSection: id, for: operation)
    _ = try _index(ofSection: anchor, for: operation)
    guard id != anchor else { throw SnapshotEditError(operation, .sectionRelativeToItself(String(describing: id))) }
    _buildIndexIfNeeded()
    let section = _cutSection(at: from)
    var a = _index!.sections[anchor]!
    if a > from { a -= 1 }
    let to = a + (after ? 1 : 0)
    _spliceSection(section, at: to)
    let low = Swift.min(from, to), high = Swift.max(from, to)
    _reindexSections(from: low)
    // The sections from `low` through `high` span the same items as before.
    if _sectionStarts[low] < _sectionStarts[high + 1] { _index!.items = _itemTable() }
  }

  /// Marks sections to be reloaded by the next apply, even where their
  /// content compares equal (``reloadedSectionIdentifiers``).
  ///
  /// - Throws: ``SnapshotEditError/Problem/sectionNotFound(_:)``.
  /// - Complexity: O(*k* · *m*) for *k* ids and *m* marks.
  @inlinable
  public mutating func reloadSections(_ ids: [SectionID]) throws(SnapshotEditError) {
    for id in ids { _ = try _index(ofSection: id, for: .reloadSections) }
    for id in ids where !_reloadedSections.contains(id) { _reloadedSections.append(id) }
  }

  /// Sections marked by ``reloadSections(_:)`` since this snapshot was taken.
  ///
  /// - Complexity: O(1).
  @inlinable public var reloadedSectionIdentifiers: [SectionID] { _reloadedSections }
}
