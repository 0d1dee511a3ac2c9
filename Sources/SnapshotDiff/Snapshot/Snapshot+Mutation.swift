extension Snapshot {
  /// Appends empty sections.
  ///
  /// - Throws: ``SnapshotError/duplicateSection(_:first:second:)``, leaving the
  ///   snapshot unchanged.
  @inlinable
  public mutating func appendSections(_ ids: [SectionID], content: Content? = nil) throws(SnapshotError) {
    var copy = self
    for id in ids {
      copy._sectionIDs.append(id)
      copy._sectionContents.append(content)
      copy._sectionStarts.append(copy._items.count)
    }
    try copy._checkInvariants()
    self = copy
  }

  /// Appends items to a section (the last one when `section` is `nil`, as UIKit does).
  ///
  /// - Throws: ``SnapshotError/duplicateItem(_:first:second:)`` or
  ///   ``SnapshotError/unknownSection(_:)``, leaving the snapshot unchanged.
  /// - Complexity: O(*n*), for the uniqueness check.
  @inlinable
  public mutating func appendItems(_ items: [Item], toSection section: SectionID? = nil) throws(SnapshotError) {
    let s: Int
    if let section {
      guard let found = index(ofSection: section) else {
        throw .unknownSection(String(describing: section))
      }
      s = found
    } else {
      guard numberOfSections > 0 else { throw .unknownSection("(none: the snapshot has no sections)") }
      s = numberOfSections - 1
    }
    var copy = self
    copy._items.insert(contentsOf: items, at: copy._sectionStarts[s + 1])
    for t in (s + 1)..<copy._sectionStarts.count { copy._sectionStarts[t] += items.count }
    try copy._checkInvariants()
    self = copy
  }

  /// Appends items with no content, by identifier.
  @inlinable
  public mutating func appendItems(_ ids: [ItemID], toSection section: SectionID? = nil) throws(SnapshotError) {
    try appendItems(ids.map { Item($0) }, toSection: section)
  }
}
