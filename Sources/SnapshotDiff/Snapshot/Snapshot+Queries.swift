extension Snapshot {
  /// - Complexity: O(1).
  @inlinable public var numberOfSections: Int { _sectionIDs.count }
  /// - Complexity: O(1).
  @inlinable public var numberOfItems: Int { _items.count }
  /// - Complexity: O(1).
  @inlinable public var isEmpty: Bool { _sectionIDs.isEmpty }

  /// Section identifiers, in order.
  ///
  /// - Complexity: O(1): the stored array.
  @inlinable public var sectionIdentifiers: [SectionID] { _sectionIDs }
  /// All item identifiers, section after section.
  ///
  /// - Complexity: O(*n*) the first time after an edit, then O(1): the
  ///   array is kept until the next edit. O(*n*) on every call for a
  ///   snapshot made by applying a changeset, which keeps no index until
  ///   its first edit.
  @inlinable public var itemIdentifiers: [ItemID] {
    guard let index = _index else { return _items.map { $0.id } }
    return index.itemIDs { _items.map { $0.id } }
  }
  /// All items, section after section (the flat order strategies work on).
  ///
  /// - Complexity: O(1): the stored array.
  @inlinable public var allItems: [Item] { _items }

  /// The sections with their items.
  ///
  /// - Complexity: O(*n*): each section's items are copied out.
  @inlinable
  public var sections: [Section] {
    (0..<numberOfSections).map { self.section(at: $0) }
  }

  /// The section at an index, with its items.
  ///
  /// - Complexity: O(*k*) for its *k* items, copied out.
  @inlinable
  public func section(at index: Int) -> Section {
    Section(
      _sectionIDs[index], content: _sectionContents[index],
      items: Array(_items[itemRange(ofSection: index)]))
  }

  /// The content of the section at an index.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func sectionContent(at index: Int) -> Content? { _sectionContents[index] }

  /// Whether this and `other` are one flat list each: one section on each
  /// side, with the same id and content (what a diff without sections takes).
  ///
  /// - Complexity: O(1).
  @inlinable
  public func isFlat(with other: Self) -> Bool {
    numberOfSections == 1 && other.numberOfSections == 1 && _sectionIDs[0] == other._sectionIDs[0]
      && _sectionContents[0] == other._sectionContents[0]
  }

  /// The flat range of the items of section `index`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func itemRange(ofSection index: Int) -> Range<Int> {
    _sectionStarts[index]..<_sectionStarts[index + 1]
  }

  /// The number of items in the section at an index.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func numberOfItems(inSectionAt index: Int) -> Int {
    _sectionStarts[index + 1] - _sectionStarts[index]
  }

  /// The flat index of the item at an index path.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func flatIndex(of path: ItemPath) -> Int { _sectionStarts[path.section] + path.item }

  /// The item at an index path.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func item(at path: ItemPath) -> Item { _items[flatIndex(of: path)] }

  /// The index of a section, or `nil`.
  ///
  /// - Complexity: O(1) expected (O(*s*) without an index: see ``itemIdentifiers``).
  @inlinable
  public func indexOfSection(_ id: SectionID) -> Int? { _lookUp(section: id) }

  /// The index of an item in ``itemIdentifiers`` (all sections, in order), or `nil`.
  ///
  /// - Complexity: O(1) expected (O(*n*) without an index, and for a
  ///   `String` id that is not ASCII in a snapshot whose ids all are: it may
  ///   still equal one of them, as the Kelvin sign equals "K").
  @inlinable
  public func indexOfItem(_ id: ItemID) -> Int? { _lookUp(item: id) }

  /// Whether the snapshot holds an item.
  ///
  /// - Complexity: O(1) expected (O(*n*) without an index).
  @inlinable
  public func contains(_ id: ItemID) -> Bool { _lookUp(item: id) != nil }

  /// The number of items in a section.
  ///
  /// - Precondition: the section is held, else the program stops as UIKit raises.
  /// - Complexity: O(1) expected (O(*s*) without an index).
  @inlinable
  public func numberOfItems(inSection id: SectionID) -> Int {
    do throws(SnapshotEditError) {
      return numberOfItems(inSectionAt: try _index(ofSection: id, for: .numberOfItemsInSection))
    } catch {
      _misuse(error)
    }
  }

  /// The item identifiers of a section, in order.
  ///
  /// - Precondition: the section is held, else the program stops as UIKit raises.
  /// - Complexity: O(*k*) for *k* items in the section (one array made).
  @inlinable
  public func itemIdentifiers(inSection id: SectionID) -> [ItemID] {
    do throws(SnapshotEditError) {
      let range = itemRange(ofSection: try _index(ofSection: id, for: .itemIdentifiersInSection))
      return _items[range].map { $0.id }
    } catch {
      _misuse(error)
    }
  }

  /// The index path of an item, or `nil`.
  ///
  /// - Complexity: O(log *s*) expected for *s* sections (O(*n*) without an index).
  @inlinable
  public func indexPath(of id: ItemID) -> ItemPath? {
    indexOfItem(id).map(path(ofFlatIndex:))
  }

  /// The identifier of the section that holds an item, or `nil`.
  ///
  /// - Complexity: as ``indexPath(of:)``.
  @inlinable
  public func sectionIdentifier(containingItem id: ItemID) -> SectionID? {
    indexPath(of: id).map { _sectionIDs[$0.section] }
  }

  /// The items of a section, or `nil` when it is not held.
  ///
  /// - Complexity: O(1) expected with an index.
  @inlinable
  internal func _items(inSection id: SectionID) -> ArraySlice<Item>? {
    _lookUp(section: id).map { _items[itemRange(ofSection: $0)] }
  }
}
