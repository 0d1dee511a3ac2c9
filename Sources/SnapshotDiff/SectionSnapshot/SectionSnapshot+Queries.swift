// What a section snapshot holds and shows, with UIKit's names.

extension SectionSnapshot {
  /// Every item, depth first: each parent just before its children.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public var items: [ItemID] {
    var result: [ItemID] = []
    result.reserveCapacity(_nodes.count)
    _walk(_roots, visibleOnly: false) { id, _ in result.append(id) }
    return result
  }

  /// The items at level 0, in order.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var rootItems: [ItemID] { _roots }

  /// The items whose ancestors are all expanded, depth first: the rows the
  /// section shows.
  ///
  /// - Complexity: O(*v*) for *v* visible items (collapsed subtrees are not
  ///   entered).
  @inlinable
  public var visibleItems: [ItemID] {
    var result: [ItemID] = []
    _walk(_roots, visibleOnly: true) { id, _ in result.append(id) }
    return result
  }

  /// The visible items with their contents: what the data source diffs.
  ///
  /// - Complexity: O(*v*) expected.
  @inlinable
  public var visibleItemsWithContent: [Item] {
    var result: [Item] = []
    _walk(_roots, visibleOnly: true) { id, node in result.append(Item(id, content: node.content)) }
    return result
  }

  /// Whether the section snapshot holds the item.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  public func contains(_ item: ItemID) -> Bool { _nodes[item] != nil }

  /// The item's index in ``items``, or `nil`.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public func index(of item: ItemID) -> Int? {
    guard contains(item) else { return nil }
    var index = 0, found: Int?
    _walk(_roots, visibleOnly: false) { id, _ in
      if found == nil {
        if id == item { found = index }
        index += 1
      }
    }
    return found
  }

  /// The item's depth: 0 for a root item, its parent's level + 1 otherwise.
  ///
  /// - Precondition: the item is held, else the program stops as UIKit raises.
  /// - Complexity: O(*d*) expected for depth *d*.
  @inlinable
  public func level(of item: ItemID) -> Int {
    do throws(SnapshotEditError) {
      var node = try _node(item, for: .level)
      var level = 0
      while let parent = node.parent {
        level += 1
        node = _nodes[parent]!
      }
      return level
    } catch {
      _misuse(error)
    }
  }

  /// The item's parent, or `nil` for a root item.
  ///
  /// - Precondition: the item is held, else the program stops as UIKit raises.
  /// - Complexity: O(1) expected.
  @inlinable
  public func parent(of item: ItemID) -> ItemID? {
    do throws(SnapshotEditError) {
      return try _node(item, for: .parent).parent
    } catch {
      _misuse(error)
    }
  }

  /// The expanded items, in the order of ``items`` (UIKit's
  /// `expandedItems`, iOS 18.1).
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public var expandedItems: [ItemID] { items.filter { _nodes[$0]!.isExpanded } }

  /// Whether the item is expanded (`false` for an item not held).
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  public func isExpanded(_ item: ItemID) -> Bool { _nodes[item]?.isExpanded ?? false }

  /// Whether every ancestor of the item is expanded, so that the section
  /// shows it (`false` for an item not held).
  ///
  /// - Complexity: O(*d*) expected for depth *d*.
  @inlinable
  public func isVisible(_ item: ItemID) -> Bool {
    guard var node = _nodes[item] else { return false }
    while let parent = node.parent {
      node = _nodes[parent]!
      guard node.isExpanded else { return false }
    }
    return true
  }

  /// The item's content, or `nil` when it has none or is not held.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  public func content(of item: ItemID) -> Content? { _nodes[item]?.content ?? nil }

  /// A section snapshot of the parent's descendants (its children become
  /// roots), or of the parent and its descendants: expansion kept.
  ///
  /// - Precondition: the item is held, else the program stops as UIKit raises.
  /// - Complexity: O(*m*) expected for the *m* items copied.
  @inlinable
  public func snapshot(of parent: ItemID, includingParent: Bool = false) -> Self {
    do throws(SnapshotEditError) {
      let node = try _node(parent, for: .snapshotOfParent)
      var result = Self()
      result._roots = includingParent ? [parent] : node.children
      for root in result._roots { _copySubtree(root, into: &result) }
      if includingParent { result._nodes[parent]!.parent = nil }
      return result
    } catch {
      _misuse(error)
    }
  }

  /// The forest drawn as text, one item per line, indented by level: `*`
  /// marks a visible item, `+` an expanded one and `-` a collapsed one with
  /// children (the marks of UIKit's `visualDescription()`).
  ///
  /// - Complexity: O(*n*).
  public func visualDescription() -> String {
    var lines = ["SectionSnapshot: \(_nodes.count) items, \(visibleItems.count) visible"]
    func draw(_ ids: [ItemID], level: Int, visible: Bool) {
      for id in ids {
        let node = _nodes[id]!
        let mark = node.children.isEmpty ? " " : node.isExpanded ? "+" : "-"
        lines.append(String(repeating: "    ", count: level) + "\(visible ? "*" : " ")\(mark) \(id)")
        draw(node.children, level: level + 1, visible: visible && node.isExpanded)
      }
    }
    draw(_roots, level: 0, visible: true)
    return lines.joined(separator: "\n")
  }

  // MARK: - Helpers

  /// The node of an item, or the error naming `operation`.
  @inlinable
  internal func _node(_ item: ItemID, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) -> _Node {
    guard let node = _nodes[item] else { throw SnapshotEditError(operation, .itemNotFound(String(describing: item))) }
    return node
  }

  /// Visits the trees under `ids` depth first, with an explicit stack (an
  /// outline may be deeper than the call stack allows); `visibleOnly`
  /// skips the children of collapsed items.
  @inlinable
  internal func _walk(_ ids: [ItemID], visibleOnly: Bool, _ visit: (ItemID, _Node) -> Void) {
    var stack: [(ids: [ItemID], next: Int)] = [(ids, 0)]
    while !stack.isEmpty {
      let top = stack.count - 1
      guard stack[top].next < stack[top].ids.count else {
        stack.removeLast()
        continue
      }
      let id = stack[top].ids[stack[top].next]
      stack[top].next += 1
      let node = _nodes[id]!
      visit(id, node)
      if !node.children.isEmpty && (node.isExpanded || !visibleOnly) { stack.append((node.children, 0)) }
    }
  }

  /// The rows an item's disclosure shows below it: its descendants whose
  /// ancestors up to it are expanded, depth first (none where it is
  /// collapsed). What a tap inserts after its row, or removes.
  ///
  /// - Complexity: O(*d*) expected for the *d* rows shown below it.
  @inlinable
  internal func _rowsShown(below item: ItemID) -> [Item] {
    guard let node = _nodes[item], node.isExpanded else { return [] }
    var result: [Item] = []
    _walk(node.children, visibleOnly: true) { id, node in result.append(Item(id, content: node.content)) }
    return result
  }

  /// Copies the item and its descendants into `other` (their parent links
  /// as here).
  @inlinable
  internal func _copySubtree(_ root: ItemID, into other: inout Self) {
    _walk([root], visibleOnly: false) { id, node in other._nodes[id] = node }
  }
}
