extension Snapshot {
  /// Checks the one invariant of a snapshot: unique section ids, and item ids
  /// unique across all sections. Every initializer and mutation ends here.
  ///
  /// - Complexity: O(*n*) expected.
  @inlinable
  internal func _checkInvariants() throws {
    _ = try _checkedIndex()
  }

  /// ``_checkInvariants()``, giving the tables it builds: each item's flat
  /// index and each section's index.
  @inlinable
  internal func _checkedIndex() throws -> (items: [ItemID: Int], sections: [SectionID: Int]) {
    var sectionIndex: [SectionID: Int] = [:]
    sectionIndex.reserveCapacity(_sectionIDs.count)
    for (s, id) in _sectionIDs.enumerated() {
      if let first = sectionIndex.updateValue(s, forKey: id) {
        throw Error.duplicateSection(String(describing: id), first: first, second: s)
      }
    }
    var itemIndex: [ItemID: Int] = [:]
    itemIndex.reserveCapacity(_items.count)
    for (i, item) in _items.enumerated() {
      if let first = itemIndex.updateValue(i, forKey: item.id) {
        throw Error.duplicateItem(
          String(describing: item.id), first: path(ofFlatIndex: first),
          second: path(ofFlatIndex: i))
      }
    }
    return (itemIndex, sectionIndex)
  }

  /// Whether the id index, where there is one, says where every id is,
  /// and nothing else: what every edit keeps (checked by the tests after
  /// each, too costly for a build's every edit).
  ///
  /// - Complexity: O(*n*) expected.
  internal var _indexIsCurrent: Bool {
    guard let index = _index else { return true }
    guard index.items.count == _items.count, index.sections.count == _sectionIDs.count,
      index.itemIDs.map({ $0 == _items.map(\.id) }) ?? true
    else { return false }
    return _items.indices.allSatisfy { _lookUp(item: _items[$0].id) == $0 }
      && _sectionIDs.indices.allSatisfy { index.sections[_sectionIDs[$0]] == $0 }
  }

  /// The index path of the item at a flat index.
  ///
  /// - Complexity: O(log *s*), where *s* is the number of sections.
  @inlinable
  public func path(ofFlatIndex index: Int) -> ItemPath {
    let section = _section(containing: index, starts: _sectionStarts)
    return ItemPath(_inSnapshot: section, item: index - _sectionStarts[section])
  }
}

/// The section whose items include flat index `i`: the last `s` with
/// `starts[s] <= i` (so empty sections are skipped), by binary search.
///
/// - Complexity: O(log *s*) for *s* sections.
@inlinable
internal func _section(containing i: Int, starts: [Int]) -> Int {
  var low = 0
  var high = starts.count - 2
  while low < high {
    let mid = (low + high + 1) / 2
    if starts[mid] <= i { low = mid } else { high = mid - 1 }
  }
  return low
}
