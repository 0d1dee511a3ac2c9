extension Snapshot {
  @inlinable public var numberOfSections: Int { _sectionIDs.count }
  @inlinable public var numberOfItems: Int { _items.count }
  @inlinable public var isEmpty: Bool { _sectionIDs.isEmpty }

  /// Section identifiers, in order.
  @inlinable public var sectionIdentifiers: [SectionID] { _sectionIDs }
  /// All item identifiers, section after section.
  @inlinable public var itemIdentifiers: [ItemID] { _items.map(\.id) }
  /// All items, section after section (the flat order strategies work on).
  @inlinable public var allItems: [Item] { _items }

  /// The sections with their items.
  @inlinable
  public var sections: [Section] {
    (0..<numberOfSections).map { self.section(at: $0) }
  }

  /// The section at an index, with its items.
  @inlinable
  public func section(at index: Int) -> Section {
    Section(
      _sectionIDs[index], content: _sectionContents[index],
      items: Array(_items[itemRange(ofSection: index)]))
  }

  /// The content of the section at an index.
  @inlinable
  public func sectionContent(at index: Int) -> Content? { _sectionContents[index] }

  /// Whether this and `other` are one flat list each: one section on each
  /// side, with the same id and content (what a diff without sections takes).
  @inlinable
  public func isFlat(with other: Self) -> Bool {
    numberOfSections == 1 && other.numberOfSections == 1 && _sectionIDs[0] == other._sectionIDs[0]
      && _sectionContents[0] == other._sectionContents[0]
  }

  /// The flat range of the items of section `index`.
  @inlinable
  public func itemRange(ofSection index: Int) -> Range<Int> {
    _sectionStarts[index]..<_sectionStarts[index + 1]
  }

  /// The number of items in the section at an index.
  @inlinable
  public func numberOfItems(inSectionAt index: Int) -> Int {
    _sectionStarts[index + 1] - _sectionStarts[index]
  }

  /// The flat index of the item at an index path.
  @inlinable
  public func flatIndex(of path: ItemPath) -> Int { _sectionStarts[path.section] + path.item }

  /// The item at an index path.
  @inlinable
  public func item(at path: ItemPath) -> Item { _items[flatIndex(of: path)] }

  /// The index of a section, or `nil`.
  ///
  /// - Complexity: O(*s*).
  @inlinable
  public func indexOfSection(_ id: SectionID) -> Int? { _sectionIDs.firstIndex(of: id) }

  /// The index of an item in ``itemIdentifiers`` (all sections, in order), or `nil`.
  ///
  /// - Complexity: O(*n*): a snapshot keeps no index, so that building and
  ///   applying stay cheap.
  @inlinable
  public func indexOfItem(_ id: ItemID) -> Int? { _items.firstIndex { $0.id == id } }

  /// The number of items in a section.
  ///
  /// - Throws: ``SnapshotEditError/Problem/sectionNotFound(_:)``, where UIKit raises.
  @inlinable
  public func numberOfItems(inSection id: SectionID) throws(SnapshotEditError) -> Int {
    numberOfItems(inSectionAt: try _index(ofSection: id, for: .numberOfItemsInSection))
  }

  /// The item identifiers of a section, in order.
  ///
  /// - Throws: ``SnapshotEditError/Problem/sectionNotFound(_:)``, where UIKit raises.
  /// - Complexity: O(*s* + *k*), for *k* items in the section.
  @inlinable
  public func itemIdentifiers(inSection id: SectionID) throws(SnapshotEditError) -> [ItemID] {
    _items[itemRange(ofSection: try _index(ofSection: id, for: .itemIdentifiersInSection))].map(\.id)
  }

  /// The index path of an item, or `nil`.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public func indexPath(of id: ItemID) -> ItemPath? {
    indexOfItem(id).map(path(ofFlatIndex:))
  }

  /// The identifier of the section that holds an item, or `nil`.
  @inlinable
  public func sectionIdentifier(containingItem id: ItemID) -> SectionID? {
    indexPath(of: id).map { _sectionIDs[$0.section] }
  }
}
