/// One section's items as a forest, expanded and collapsed: the headless
/// `NSDiffableDataSourceSectionSnapshot` (UIKit, iOS 14), with its member
/// names and semantics.
///
/// Source: Apple's API reference for `NSDiffableDataSourceSectionSnapshot`
/// (developer.apple.com/documentation/uikit/nsdiffabledatasourcesectionsnapshot-swift.struct)
/// and WWDC 2020 session 10045, "Advances in diffable data sources":
/// - items are collapsed until expanded; root items are at level 0;
/// - ``items`` lists every item depth first (a parent before its children),
///   ``visibleItems`` those whose ancestors are all expanded: the rows the
///   section shows, which the data source diffs when it applies one;
/// - an id is in a section snapshot once; where UIKit raises (a duplicate
///   id, a parent or anchor not found), the program stops, naming the call
///   and the id.
///
/// ```swift
/// var sidebar = NSDiffableDataSourceSectionSnapshot<String>()
/// sidebar.append(["Library", "Playlists"])
/// sidebar.append(["Recently Added", "Artists"], to: "Library")
/// sidebar.expand(["Library"])
/// sidebar.visibleItems  // ["Library", "Recently Added", "Artists", "Playlists"]
/// ```
///
/// Item ids and contents are as in ``Snapshot``: the content is what a
/// reload compares.
public struct SectionSnapshot<ItemID: Hashable, Content: Equatable> {

  /// One item: its content, parent, children in order, and whether it is
  /// expanded. Parent and children are node indices (into `_ids` and
  /// `_nodes`): a walk reads them with no id hashed (hashing every id at
  /// every walk was half of building and expanding a 10,000-row outline,
  /// counted).
  @usableFromInline
  struct _Node {
    @usableFromInline var content: Content?
    /// The parent's node index, or -1 for a root item.
    @usableFromInline var parent: Int32
    @usableFromInline var children: [Int32]
    @usableFromInline var isExpanded: Bool

    @inlinable
    init(content: Content?, parent: Int32) {
      self.content = content
      self.parent = parent
      children = []
      isExpanded = false
    }
  }

  /// Each node's id, by node index.
  @usableFromInline var _ids: [ItemID]
  /// Each node, by node index.
  @usableFromInline var _nodes: [_Node]
  /// The node indices of the items at level 0, in order.
  @usableFromInline var _roots: [Int32]
  /// Each id's node index (the snapshot's own id table: ``_IDTable``).
  @usableFromInline var _table: _IDTable

  /// An empty section snapshot.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init() {
    _ids = []
    _nodes = []
    _roots = []
    _table = _IDTable()
  }
}

extension SectionSnapshot: Equatable {
  /// Equal when they hold the same items with the same contents, in the
  /// same places, expanded alike.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs._ids.count == rhs._ids.count, lhs._roots.count == rhs._roots.count else { return false }
    func same(_ a: [Int32], _ b: [Int32]) -> Bool {
      a.count == b.count && zip(a, b).allSatisfy { lhs._ids[Int($0)] == rhs._ids[Int($1)] }
    }
    guard same(lhs._roots, rhs._roots) else { return false }
    for (i, node) in lhs._nodes.enumerated() {
      guard let j = rhs._index(of: lhs._ids[i]) else { return false }
      let other = rhs._nodes[j]
      guard node.content == other.content, node.isExpanded == other.isExpanded, same(node.children, other.children) else { return false }
    }
    return true
  }
}

extension SectionSnapshot._Node: Sendable where ItemID: Sendable, Content: Sendable {}
extension SectionSnapshot: Sendable where ItemID: Sendable, Content: Sendable {}

extension SectionSnapshot {
  /// An item of a snapshot or a section snapshot: a unique identifier and
  /// the content shown for it (``Snapshot/Item`` is this type).
  public struct Item: Equatable {
    public var id: ItemID
    /// What changes in place (a price, a title); `nil` when the item has none.
    public var content: Content?

    @inlinable
    public init(_ id: ItemID, content: Content? = nil) {
      self.id = id
      self.content = content
    }

    // Written out and inlinable, so that it is specialized where it is
    // called, as the stage's comparisons are (Stage.swift).
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.id == b.id && a.content == b.content }
  }
}

extension SectionSnapshot.Item: Sendable where ItemID: Sendable, Content: Sendable {}
