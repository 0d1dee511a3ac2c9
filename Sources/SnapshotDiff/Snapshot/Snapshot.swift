/// The state of a list: ordered sections, each an ordered list of items.
///
/// Section identifiers are unique among sections and item identifiers are
/// unique across the whole snapshot, as in `NSDiffableDataSourceSnapshot`.
/// Every way of building a snapshot checks this and throws
/// ``Snapshot/Error/duplicateSection(_:first:second:)`` or
/// ``Snapshot/Error/duplicateItem(_:first:second:)``; a snapshot value always
/// holds unique identifiers.
///
/// Items are stored flat, in order, with the offset where each section's items
/// start; strategies read the identifiers as one contiguous array.
public struct Snapshot<SectionID: Hashable, ItemID: Hashable, Content: Equatable> {
  /// An item: its identifier and content, the same type in a section snapshot.
  public typealias Item = SectionSnapshot<ItemID, Content>.Item

  /// Section identifiers, in order.
  @usableFromInline internal var _sectionIDs: [SectionID]
  /// Section contents, parallel to `_sectionIDs`.
  @usableFromInline internal var _sectionContents: [Content?]
  /// `_sectionStarts[s]` is the flat index of section `s`'s first item;
  /// one more entry than sections, the last being the item count.
  @usableFromInline internal var _sectionStarts: [Int]
  /// All items, section after section.
  @usableFromInline internal var _items: [Item]
  /// Ids marked by `reloadItems`, `reconfigureItems` and `reloadSections`:
  /// a request to the next apply, each id once, in the order first marked.
  @usableFromInline internal var _reloadedItems: [ItemID]
  @usableFromInline internal var _reconfiguredItems: [ItemID]
  @usableFromInline internal var _reloadedSections: [SectionID]
  /// Where each id is (``_IDIndex``): kept by every edit; `nil` in a
  /// snapshot made by applying a changeset until its first edit.
  @usableFromInline internal var _index: _IDIndex<SectionID, ItemID>?

  /// An empty snapshot.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init() {
    _sectionIDs = []
    _sectionContents = []
    _sectionStarts = [0]
    _items = []
    _reloadedItems = []
    _reconfiguredItems = []
    _reloadedSections = []
    _index = _IDIndex(sections: [:], items: _IDTable())
  }

  /// Builds a snapshot from sections, checking that identifiers are unique.
  ///
  /// - Complexity: O(*n*) expected, where *n* is the number of items.
  @inlinable
  public init(sections: some Sequence<Section>) throws {
    self.init()
    for section in sections {
      _sectionIDs.append(section.id)
      _sectionContents.append(section.content)
      // The first section's items are shared, not copied: a one-section
      // snapshot of a million items is built without a second array.
      if _items.isEmpty { _items = section.items } else { _items.append(contentsOf: section.items) }
      _sectionStarts.append(_items.count)
    }
    try _buildIndexChecking()
  }

  /// A snapshot of these parts (each section's id and content, where each
  /// starts in `items`, and a last start: the count), its ids checked as
  /// ``init(sections:)`` checks them: for readers that build the flat
  /// arrays themselves, with no `Section` (and no copy of its items) between.
  ///
  /// - Complexity: O(*n*) expected, where *n* is the number of items.
  @inlinable
  package init(sectionIDs: [SectionID], sectionContents: [Content?], sectionStarts: [Int], items: [Item]) throws {
    precondition(
      sectionContents.count == sectionIDs.count && sectionStarts.count == sectionIDs.count + 1 && sectionStarts.first == 0
        && sectionStarts.last == items.count, "the parts of a snapshot do not hold together")
    self.init(_sectionIDs: sectionIDs, _sectionContents: sectionContents, _sectionStarts: sectionStarts, _items: items)
    try _buildIndexChecking()
  }

  /// The id index of a snapshot just assembled, its ids checked unique.
  @inlinable
  internal mutating func _buildIndexChecking() throws {
    // The item table checks the ids as it is built; the full check runs
    // only to name a duplicate.
    var sections = [SectionID: Int](minimumCapacity: _sectionIDs.count)
    for (s, id) in _sectionIDs.enumerated() where sections.updateValue(s, forKey: id) != nil { try _checkInvariants() }
    guard let items = _checkedItemTable() else {
      try _checkInvariants()
      preconditionFailure("two equal ids that the full check does not find")
    }
    _index = _IDIndex(sections: sections, items: items)
  }

  /// Builds a one-section snapshot.
  ///
  /// - Complexity: O(*n*) expected, where *n* is the number of items.
  @inlinable
  public init(section: SectionID, content: Content? = nil, items: [Item]) throws {
    try self.init(sections: [Section(section, content: content, items: items)])
  }
}

extension Snapshot: Equatable {
  /// Two snapshots are equal when they hold the same sections in the same
  /// order with the same content, and the same items in the same order with
  /// the same content. Reload and reconfigure marks are not compared: they
  /// are a request to the next apply, not what the list shows.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._sectionIDs == rhs._sectionIDs && lhs._sectionStarts == rhs._sectionStarts
      && lhs._sectionContents == rhs._sectionContents && lhs._items == rhs._items
  }
}

extension Snapshot.Section: Sendable where SectionID: Sendable, ItemID: Sendable, Content: Sendable {}
extension Snapshot: Sendable where SectionID: Sendable, ItemID: Sendable, Content: Sendable {}

extension Snapshot {
  /// A snapshot of these parts, which hold together (no check), with no marks.
  @inlinable
  init(_sectionIDs: [SectionID], _sectionContents: [Content?], _sectionStarts: [Int], _items: [Item]) {
    self._sectionIDs = _sectionIDs
    self._sectionContents = _sectionContents
    self._sectionStarts = _sectionStarts
    self._items = _items
    _reloadedItems = []
    _reconfiguredItems = []
    _reloadedSections = []
    _index = nil
  }
}

extension Snapshot {
  /// A section: a unique identifier, optional content, its items.
  public struct Section: Equatable {
    public var id: SectionID
    public var content: Content?
    public var items: [Item]

    @inlinable
    public init(_ id: SectionID, content: Content? = nil, items: [Item] = []) {
      self.id = id
      self.content = content
      self.items = items
    }

    @inlinable public static func == (a: Self, b: Self) -> Bool { a.id == b.id && a.content == b.content && a.items == b.items }
  }
}
