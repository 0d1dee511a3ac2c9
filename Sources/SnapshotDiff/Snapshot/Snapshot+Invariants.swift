extension Snapshot {
  /// Checks the one invariant of a snapshot: unique section ids, and item ids
  /// unique across all sections. Every initializer and mutation ends here.
  ///
  /// - Complexity: O(*n*) expected.
  @inlinable
  internal func _checkInvariants() throws(SnapshotError) {
    var sectionIndex: [SectionID: Int] = [:]
    sectionIndex.reserveCapacity(_sectionIDs.count)
    for (s, id) in _sectionIDs.enumerated() {
      if let first = sectionIndex.updateValue(s, forKey: id) {
        throw .duplicateSection(String(describing: id), first: first, second: s)
      }
    }
    var itemIndex: [ItemID: Int] = [:]
    itemIndex.reserveCapacity(_items.count)
    for (i, item) in _items.enumerated() {
      if let first = itemIndex.updateValue(i, forKey: item.id) {
        throw .duplicateItem(
          String(describing: item.id), first: path(ofFlatIndex: first),
          second: path(ofFlatIndex: i))
      }
    }
  }

  /// The index path of the item at a flat index.
  ///
  /// - Complexity: O(log *s*), where *s* is the number of sections.
  @inlinable
  public func path(ofFlatIndex index: Int) -> ItemPath {
    // Last section whose start is <= index, skipping empty sections.
    var low = 0
    var high = _sectionIDs.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if _sectionStarts[mid] <= index { low = mid } else { high = mid - 1 }
    }
    return ItemPath(section: low, item: index - _sectionStarts[low])
  }
}
