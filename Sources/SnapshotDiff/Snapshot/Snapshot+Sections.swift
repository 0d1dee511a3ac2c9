// Section edits, with `NSDiffableDataSourceSnapshot`'s names and semantics.
// Each throws where UIKit raises and then leaves the snapshot as it was.

extension Snapshot {
  /// Appends empty sections.
  ///
  /// - Throws: ``SnapshotEditError/Problem/duplicateSection(_:)``.
  /// - Complexity: O(*n*), for the uniqueness check.
  @inlinable
  public mutating func appendSections(_ ids: [SectionID], content: Content? = nil) throws(SnapshotEditError) {
    try _insertSections(ids, content: content, at: numberOfSections, for: .appendSections)
  }

  /// Inserts empty sections before a section.
  ///
  /// - Throws: ``SnapshotEditError/Problem/sectionNotFound(_:)`` for the
  ///   anchor, ``SnapshotEditError/Problem/duplicateSection(_:)``.
  @inlinable
  public mutating func insertSections(_ ids: [SectionID], beforeSection anchor: SectionID) throws(SnapshotEditError) {
    let s = try _index(ofSection: anchor, for: .insertSectionsBefore)
    try _insertSections(ids, content: nil, at: s, for: .insertSectionsBefore)
  }

  /// Inserts empty sections after a section.
  @inlinable
  public mutating func insertSections(_ ids: [SectionID], afterSection anchor: SectionID) throws(SnapshotEditError) {
    let s = try _index(ofSection: anchor, for: .insertSectionsAfter)
    try _insertSections(ids, content: nil, at: s + 1, for: .insertSectionsAfter)
  }

  @inlinable
  internal mutating func _insertSections(
    _ ids: [SectionID], content: Content?, at s: Int, for operation: SnapshotEditError.Operation
  ) throws(SnapshotEditError) {
    var copy = self
    for (k, id) in ids.enumerated() { copy._spliceSection(Section(id, content: content), at: s + k) }
    try _commit(copy, for: operation)
  }

  /// Deletes sections and every item they hold.
  ///
  /// - Throws: ``SnapshotEditError/Problem/sectionNotFound(_:)`` for the first
  ///   id the snapshot does not hold.
  /// - Complexity: O(*n* + *k*·*s*) for *k* ids.
  @inlinable
  public mutating func deleteSections(_ ids: [SectionID]) throws(SnapshotEditError) {
    var copy = self
    for id in ids {
      // Listing a section twice deletes it once, as a set of ids would.
      if let s = copy._sectionIDs.firstIndex(of: id) {
        _ = copy._cutSection(at: s)
      } else {
        _ = try _index(ofSection: id, for: .deleteSections)
      }
    }
    copy._dropStaleMarks()
    self = copy
  }

  /// Moves a section, with its items, to just before another.
  ///
  /// - Throws: ``SnapshotEditError/Problem/sectionNotFound(_:)`` for either
  ///   id, ``SnapshotEditError/Problem/sectionRelativeToItself(_:)``.
  @inlinable
  public mutating func moveSection(_ id: SectionID, beforeSection anchor: SectionID) throws(SnapshotEditError) {
    try _moveSection(id, relativeTo: anchor, after: false, for: .moveSectionBefore)
  }

  /// Moves a section, with its items, to just after another.
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
    var copy = self
    let section = copy._cutSection(at: from)
    let to = copy._sectionIDs.firstIndex(of: anchor)! + (after ? 1 : 0)
    copy._spliceSection(section, at: to)
    self = copy
  }

  /// Marks sections to be reloaded by the next apply, even where their
  /// content compares equal (``reloadedSectionIdentifiers``).
  ///
  /// - Throws: ``SnapshotEditError/Problem/sectionNotFound(_:)``.
  @inlinable
  public mutating func reloadSections(_ ids: [SectionID]) throws(SnapshotEditError) {
    for id in ids { _ = try _index(ofSection: id, for: .reloadSections) }
    for id in ids where !_reloadedSections.contains(id) { _reloadedSections.append(id) }
  }

  /// Sections marked by ``reloadSections(_:)`` since this snapshot was taken.
  @inlinable public var reloadedSectionIdentifiers: [SectionID] { _reloadedSections }
}
