// What a section snapshot holds and shows, with UIKit's names.

extension SectionSnapshot {
  /// Every item, depth first: each parent just before its children.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public var items: [ItemID] {
    var result: [ItemID] = []
    result.reserveCapacity(_ids.count)
    _walk(_roots, visibleOnly: false) { i in result.append(_ids[i]) }
    return result
  }

  /// The items at level 0, in order.
  ///
  /// - Complexity: O(*r*) for *r* root items.
  @inlinable
  public var rootItems: [ItemID] { _roots.map { _ids[Int($0)] } }

  /// The items whose ancestors are all expanded, depth first: the rows the
  /// section shows.
  ///
  /// - Complexity: O(*v*) for *v* visible items (collapsed subtrees are not
  ///   entered).
  @inlinable
  public var visibleItems: [ItemID] {
    var result: [ItemID] = []
    _walk(_roots, visibleOnly: true) { i in result.append(_ids[i]) }
    return result
  }

  /// The visible items with their contents: what the data source diffs.
  ///
  /// - Complexity: O(*v*).
  @inlinable
  public var visibleItemsWithContent: [Item] {
    var result: [Item] = []
    _walk(_roots, visibleOnly: true) { i in result.append(Item(_ids[i], content: _nodes[i].content)) }
    return result
  }

  /// Whether the section snapshot holds the item.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  public func contains(_ item: ItemID) -> Bool { _index(of: item) != nil }

  /// The item's index in ``items``, or `nil`.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public func index(of item: ItemID) -> Int? {
    guard let node = _index(of: item) else { return nil }
    var index = 0, found: Int?
    _walk(_roots, visibleOnly: false) { i in
      if found == nil {
        if i == node { found = index }
        index += 1
      }
    }
    return found
  }

  /// The item's depth: 0 for a root item, its parent's level + 1 otherwise.
  ///
  /// - Precondition: the item is held, else the program stops as UIKit raises.
  /// - Complexity: O(*d*) for depth *d*, after one lookup.
  @inlinable
  public func level(of item: ItemID) -> Int {
    do throws(SnapshotEditError) {
      var parent = _nodes[try _node(item, for: .level)].parent
      var level = 0
      while parent >= 0 {
        level += 1
        parent = _nodes[Int(parent)].parent
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
      let parent = _nodes[try _node(item, for: .parent)].parent
      return parent < 0 ? nil : _ids[Int(parent)]
    } catch {
      _misuse(error)
    }
  }

  /// The expanded items, in the order of ``items`` (UIKit's
  /// `expandedItems`, iOS 18.1).
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public var expandedItems: [ItemID] {
    var result: [ItemID] = []
    _walk(_roots, visibleOnly: false) { i in if _nodes[i].isExpanded { result.append(_ids[i]) } }
    return result
  }

  /// Whether the item is expanded (`false` for an item not held).
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  public func isExpanded(_ item: ItemID) -> Bool { _index(of: item).map { _nodes[$0].isExpanded } ?? false }

  /// Whether every ancestor of the item is expanded, so that the section
  /// shows it (`false` for an item not held).
  ///
  /// - Complexity: O(*d*) for depth *d*, after one lookup.
  @inlinable
  public func isVisible(_ item: ItemID) -> Bool {
    guard let node = _index(of: item) else { return false }
    var parent = _nodes[node].parent
    while parent >= 0 {
      guard _nodes[Int(parent)].isExpanded else { return false }
      parent = _nodes[Int(parent)].parent
    }
    return true
  }

  /// The item's content, or `nil` when it has none or is not held.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  public func content(of item: ItemID) -> Content? { _index(of: item).flatMap { _nodes[$0].content } }

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
      result._roots = try result._graft(from: self, roots: includingParent ? [Int32(node)] : _nodes[node].children, under: -1, for: .snapshotOfParent)
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
    var lines = ["SectionSnapshot: \(_ids.count) items, \(visibleItems.count) visible"]
    func draw(_ nodes: [Int32], level: Int, visible: Bool) {
      for i in nodes.lazy.map(Int.init) {
        let node = _nodes[i]
        let mark = node.children.isEmpty ? " " : node.isExpanded ? "+" : "-"
        lines.append(String(repeating: "    ", count: level) + "\(visible ? "*" : " ")\(mark) \(_ids[i])")
        draw(node.children, level: level + 1, visible: visible && node.isExpanded)
      }
    }
    draw(_roots, level: 0, visible: true)
    return lines.joined(separator: "\n")
  }

  // MARK: - Helpers

  /// The item's node index, or `nil` where it is not held.
  @inlinable
  internal func _index(of item: ItemID) -> Int? {
    let i = _ids.withUnsafeBufferPointer { ids in _table.index(of: item, in: _IDColumn(ids)) }
    return i < 0 ? nil : i
  }

  /// The node index of an item, or the error naming `operation`.
  @inlinable
  internal func _node(_ item: ItemID, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) -> Int {
    guard let i = _index(of: item) else { throw SnapshotEditError(operation, .itemNotFound(String(describing: item))) }
    return i
  }

  /// Visits the trees under the nodes `roots` depth first, each node by its
  /// index, with an explicit stack (an outline may be deeper than the call
  /// stack allows); `visibleOnly` skips the children of collapsed items.
  @inlinable
  internal func _walk(_ roots: [Int32], visibleOnly: Bool, _ visit: (Int) -> Void) {
    _nodes.withUnsafeBufferPointer { nodes in
      var stack: [(nodes: [Int32], next: Int)] = [(roots, 0)]
      while let top = stack.indices.last {
        guard stack[top].next < stack[top].nodes.count else {
          stack.removeLast()
          continue
        }
        let i = Int(stack[top].nodes[stack[top].next])
        stack[top].next &+= 1
        visit(i)
        if !nodes[i].children.isEmpty && (nodes[i].isExpanded || !visibleOnly) { stack.append((nodes[i].children, 0)) }
      }
    }
  }

  /// The rows an item's disclosure shows below it: its descendants whose
  /// ancestors up to it are expanded, depth first (none where it is
  /// collapsed). What a tap inserts after its row, or removes.
  ///
  /// - Complexity: O(*d*) for the *d* rows shown below it, after one lookup.
  @inlinable
  internal func _rowsShown(below item: ItemID) -> [Item] {
    guard let node = _index(of: item), _nodes[node].isExpanded else { return [] }
    var result: [Item] = []
    _walk(_nodes[node].children, visibleOnly: true) { i in result.append(Item(_ids[i], content: _nodes[i].content)) }
    return result
  }
}
