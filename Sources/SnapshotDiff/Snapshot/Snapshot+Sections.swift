// Section edits, with `NSDiffableDataSourceSnapshot`'s names and semantics.
// Each stops the program where UIKit raises (`_misuse`), naming the call.

extension Snapshot {
  /// Appends empty sections.
  ///
  /// - Precondition: no section id is there already or listed twice, else the program stops as UIKit raises.
  /// - Complexity: O(*k*) amortized for *k* sections.
  @inlinable
  public mutating func appendSections(_ ids: [SectionID], content: Content? = nil) {
    do throws(SnapshotEditError) {
      try _insertSections(ids, content: content, at: numberOfSections, for: .appendSections)
    } catch {
      _misuse(error)
    }
  }

  /// Inserts empty sections before a section.
  ///
  /// - Precondition: the section is held; no section id is there already or listed twice, else the program stops as UIKit raises.
  /// - Complexity: O(*k* + *s*) expected for *k* sections.
  @inlinable
  public mutating func insertSections(_ ids: [SectionID], beforeSection anchor: SectionID) {
    do throws(SnapshotEditError) {
      let s = try _index(ofSection: anchor, for: .insertSectionsBefore)
      try _insertSections(ids, content: nil, at: s, for: .insertSectionsBefore)
    } catch {
      _misuse(error)
    }
  }

  /// Inserts empty sections after a section.
  ///
  /// - Complexity: O(*k* + *s*) expected for *k* sections.
  @inlinable
  public mutating func insertSections(_ ids: [SectionID], afterSection anchor: SectionID) {
    do throws(SnapshotEditError) {
      let s = try _index(ofSection: anchor, for: .insertSectionsAfter)
      try _insertSections(ids, content: nil, at: s + 1, for: .insertSectionsAfter)
    } catch {
      _misuse(error)
    }
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
  /// - Precondition: the section is held, else the program stops as UIKit raises.
  /// - Complexity: O(*n* + *s*): the items and sections after the first
  ///   one deleted move, as in ``deleteItems(_:)``; the item table is
  ///   remapped.
  @inlinable
  public mutating func deleteSections(_ ids: [SectionID]) {
    do throws(SnapshotEditError) {
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
    } catch {
      _misuse(error)
    }
  }

  /// Moves a section, with its items, to just before another.
  ///
  /// - Precondition: the section is held; not relative to itself, else the program stops as UIKit raises.
  /// - Complexity: O(*n* + *s*): the items between its place and the
  ///   anchor shift, and the item table is made anew.
  @inlinable
  public mutating func moveSection(_ id: SectionID, beforeSection anchor: SectionID) {
    do throws(SnapshotEditError) {
      try _moveSection(id, relativeTo: anchor, after: false, for: .moveSectionBefore)
    } catch {
      _misuse(error)
    }
  }

  /// Moves a section, with its items, to just after another.
  ///
  /// - Complexity: as ``moveSection(_:beforeSection:)``.
  @inlinable
  public mutating func moveSection(_ id: SectionID, afterSection anchor: SectionID) {
    do throws(SnapshotEditError) {
      try _moveSection(id, relativeTo: anchor, after: true, for: .moveSectionAfter)
    } catch {
      _misuse(error)
    }
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
  /// - Precondition: the section is held, else the program stops as UIKit raises.
  /// - Complexity: O(*k* · *m*) for *k* ids and *m* marks.
  @inlinable
  public mutating func reloadSections(_ ids: [SectionID]) {
    do throws(SnapshotEditError) {
      for id in ids { _ = try _index(ofSection: id, for: .reloadSections) }
      for id in ids where !_reloadedSections.contains(id) { _reloadedSections.append(id) }
    } catch {
      _misuse(error)
    }
  }

  /// Sections marked by ``reloadSections(_:)`` since this snapshot was taken.
  ///
  /// - Complexity: O(1).
  @inlinable public var reloadedSectionIdentifiers: [SectionID] { _reloadedSections }
}
