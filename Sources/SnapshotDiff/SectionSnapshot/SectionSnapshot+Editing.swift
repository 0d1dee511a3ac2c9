// Building and editing a section snapshot, with UIKit's names. An edit
// stops the program where UIKit raises (`_misuse`), naming the call and the
// id; as nothing runs after that, an edit may find the misuse part way.

extension SectionSnapshot {
  /// Appends items as the last children of `parent`, or as the last root
  /// items when `parent` is `nil`.
  ///
  /// - Precondition: the item is held; no id is held already or listed twice, else the program stops as UIKit raises.
  /// - Complexity: O(*k*) amortized expected for *k* items.
  @inlinable
  public mutating func append(_ items: [Item], to parent: ItemID? = nil) {
    _append(to: parent) { snapshot, p throws(SnapshotEditError) in try snapshot._enterNew(items, under: p, for: .append) }
  }

  /// Appends items with no content.
  ///
  /// - Complexity: as `append(_:to:)`.
  @inlinable
  public mutating func append(_ ids: [ItemID], to parent: ItemID? = nil) {
    _append(to: parent) { snapshot, p throws(SnapshotEditError) in try snapshot._enterNew(ids, under: p, for: .append) }
  }

  /// Inserts items just before an item, as its siblings.
  ///
  /// - Precondition: the item is held; no id is held already or listed twice, else the program stops as UIKit raises.
  /// - Complexity: O(*k* + *c*) expected for *k* items and the anchor's *c* siblings.
  @inlinable
  public mutating func insert(_ ids: [ItemID], before item: ItemID) {
    do throws(SnapshotEditError) {
      try _insert(ids.map { Item($0) }, beside: item, after: false, for: .insertBefore)
    } catch {
      _misuse(error)
    }
  }

  /// Inserts items just after an item, as its siblings.
  ///
  /// - Complexity: as `insert(_:before:)`.
  @inlinable
  public mutating func insert(_ ids: [ItemID], after item: ItemID) {
    do throws(SnapshotEditError) {
      try _insert(ids.map { Item($0) }, beside: item, after: true, for: .insertAfter)
    } catch {
      _misuse(error)
    }
  }

  /// Inserts items with their contents just before an item.
  ///
  /// - Complexity: as `insert(_:before:)`.
  @inlinable
  public mutating func insert(_ items: [Item], before item: ItemID) {
    do throws(SnapshotEditError) {
      try _insert(items, beside: item, after: false, for: .insertBefore)
    } catch {
      _misuse(error)
    }
  }

  /// Inserts items with their contents just after an item.
  ///
  /// - Complexity: as `insert(_:before:)`.
  @inlinable
  public mutating func insert(_ items: [Item], after item: ItemID) {
    do throws(SnapshotEditError) {
      try _insert(items, beside: item, after: true, for: .insertAfter)
    } catch {
      _misuse(error)
    }
  }

  /// Inserts another section snapshot's trees just before an item: its
  /// roots become the item's siblings, with their descendants and expansion.
  ///
  /// - Precondition: the item is held; no id is held already or listed twice, else the program stops as UIKit raises.
  /// - Complexity: O(*m* + *c*) expected for *m* items inserted.
  @inlinable
  public mutating func insert(_ snapshot: Self, before item: ItemID) {
    do throws(SnapshotEditError) {
      try _insert(snapshot, beside: item, after: false, for: .insertBefore)
    } catch {
      _misuse(error)
    }
  }

  /// Inserts another section snapshot's trees just after an item.
  ///
  /// - Complexity: as `insert(_:before:)`.
  @inlinable
  public mutating func insert(_ snapshot: Self, after item: ItemID) {
    do throws(SnapshotEditError) {
      try _insert(snapshot, beside: item, after: true, for: .insertAfter)
    } catch {
      _misuse(error)
    }
  }

  /// Replaces the parent's descendants with another section snapshot's
  /// trees: its roots become the parent's children.
  ///
  /// - Precondition: the item is held; no id is held already or listed twice, else the program stops as UIKit raises.
  /// - Complexity: O(*m* + *r*) expected for *m* items inserted and *r* removed.
  @inlinable
  public mutating func replace(childrenOf parent: ItemID, using snapshot: Self) {
    do throws(SnapshotEditError) {
      let p = try _node(parent, for: .replaceChildren)
      var leaving = [Bool](repeating: false, count: _ids.count)
      _walk(_nodes[p].children, visibleOnly: false) { leaving[$0] = true }
      for id in snapshot._ids {
        if let i = _index(of: id), !leaving[i] { throw SnapshotEditError(.replaceChildren, .duplicateItem(String(describing: id))) }
      }
      _nodes[p].children = []
      let kept = _remove(leaving)
      let q = Int(kept[p])
      _nodes[q].children = try _graft(from: snapshot, roots: snapshot._roots, under: Int32(q), for: .replaceChildren)
    } catch {
      _misuse(error)
    }
  }

  /// Deletes items with all their descendants.
  ///
  /// - Precondition: the item is held, else the program stops as UIKit raises.
  /// - Complexity: O(*r* + *c*) expected for *r* items removed and the
  ///   siblings *c* they leave.
  @inlinable
  public mutating func delete(_ ids: [ItemID]) {
    do throws(SnapshotEditError) {
      let nodes = try ids.map { id throws(SnapshotEditError) in try _node(id, for: .delete) }
      var doomed = [Bool](repeating: false, count: _ids.count)
      for i in nodes where !doomed[i] {  // not under an item deleted before
        let parent = Int(_nodes[i].parent)
        if parent >= 0 { _nodes[parent].children.removeAll { $0 == Int32(i) } } else { _roots.removeAll { $0 == Int32(i) } }
        _walk([Int32(i)], visibleOnly: false) { doomed[$0] = true }
      }
      _remove(doomed)
    } catch {
      _misuse(error)
    }
  }

  /// Deletes every item.
  ///
  /// - Complexity: O(*n*), to release them.
  @inlinable
  public mutating func deleteAll() {
    self = Self()
  }

  /// Expands items: their children show wherever the items themselves do.
  ///
  /// - Precondition: the item is held, else the program stops as UIKit raises.
  /// - Complexity: O(*k*) expected for *k* ids.
  @inlinable
  public mutating func expand(_ ids: [ItemID]) {
    do throws(SnapshotEditError) {
      try _setExpanded(ids, true, for: .expand)
    } catch {
      _misuse(error)
    }
  }

  /// Collapses items: their descendants are hidden.
  ///
  /// - Precondition: the item is held, else the program stops as UIKit raises.
  /// - Complexity: O(*k*) expected for *k* ids.
  @inlinable
  public mutating func collapse(_ ids: [ItemID]) {
    do throws(SnapshotEditError) {
      try _setExpanded(ids, false, for: .collapse)
    } catch {
      _misuse(error)
    }
  }

  /// Sets an item's content, which the next apply compares (not in UIKit,
  /// whose section snapshots hold ids alone: contents are this library's,
  /// as in ``Snapshot``).
  ///
  /// - Precondition: the item is held, else the program stops as UIKit raises.
  /// - Complexity: O(1) expected.
  @inlinable
  public mutating func updateContent(_ content: Content?, of item: ItemID) {
    do throws(SnapshotEditError) {
      _nodes[try _node(item, for: .updateContent)].content = content
    } catch {
      _misuse(error)
    }
  }

  // MARK: - Helpers

  /// Appends the nodes `enter` makes (given their parent's node index, -1
  /// for roots) as the last children of `parent`, or as the last roots.
  @inlinable
  internal mutating func _append(to parent: ItemID?, _ enter: (inout Self, Int32) throws(SnapshotEditError) -> Range<Int32>) {
    do throws(SnapshotEditError) {
      let p = try parent.map { id throws(SnapshotEditError) in try _node(id, for: .append) } ?? -1
      let entered = try enter(&self, Int32(p))
      if p >= 0 { _nodes[p].children.append(contentsOf: entered) } else { _roots.append(contentsOf: entered) }
    } catch {
      _misuse(error)
    }
  }

  @inlinable
  internal mutating func _setExpanded(_ ids: [ItemID], _ expanded: Bool, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) {
    // One lookup an id; an id not held throws (and stops the program).
    for id in ids { _nodes[try _node(id, for: operation)].isExpanded = expanded }
  }

  /// Enters items as new nodes, children of the node `parent` (-1: roots)
  /// not yet listed as such; their node indices, in order.
  @inlinable
  internal mutating func _enterNew(_ items: [Item], under parent: Int32, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) -> Range<Int32> {
    let base = _ids.count
    let entering = items.withUnsafeBufferPointer { batch in _enter(_IDColumn(items: batch), count: batch.count) }
    if let k = entering { throw SnapshotEditError(operation, .duplicateItem(String(describing: items[k].id))) }
    // Plain loops: appending a lazy map went element by element through
    // the generic sequence copy (counted).
    _ids.reserveCapacity(base &+ items.count)
    _nodes.reserveCapacity(base &+ items.count)
    for item in items {
      _ids.append(item.id)
      _nodes.append(_Node(content: item.content, parent: parent))
    }
    return Int32(base)..<Int32(_ids.count)
  }

  /// Enters ids with no content as new nodes, as ``_enterNew(_:under:for:)``
  /// enters items (no item made for each).
  @inlinable
  internal mutating func _enterNew(_ ids: [ItemID], under parent: Int32, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) -> Range<Int32> {
    let base = _ids.count
    let entering = ids.withUnsafeBufferPointer { batch in _enter(_IDColumn(batch), count: batch.count) }
    if let k = entering { throw SnapshotEditError(operation, .duplicateItem(String(describing: ids[k]))) }
    _ids.append(contentsOf: ids)
    _nodes.append(contentsOf: repeatElement(_Node(content: nil, parent: parent), count: ids.count))
    return Int32(base)..<Int32(_ids.count)
  }

  /// Enters a batch of ids in the table at node indices from `_ids.count`
  /// on; the offset of the first held already or repeated, or `nil`.
  @inlinable
  internal mutating func _enter(_ batch: _IDColumn<ItemID>, count: Int) -> Int? {
    let base = _ids.count
    for attempt in 0..<2 {
      let entering = _ids.withUnsafeBufferPointer { held in _table.enter(batch, count: count, at: base, after: _IDColumn(held)) }
      switch entering {
      case .entered: return nil
      case .duplicate(let k): return k
      case .needsHashValue:
        // An id the fast hash cannot take: every id hashed with `hashValue`.
        precondition(attempt == 0)
        _table = _ids.withUnsafeBufferPointer { held in _IDTable.building(checking: _IDColumn(held), count: held.count, usesHashValue: true)! }
      }
    }
    fatalError("unreachable")
  }

  /// Copies the trees under the nodes `roots` of `other` in as new nodes,
  /// their roots children of the node `parent` (-1: roots) not yet listed
  /// as such; the roots' new node indices, in order.
  @inlinable
  internal mutating func _graft(from other: Self, roots: [Int32], under parent: Int32, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) -> [Int32] {
    let base = _ids.count
    var order: [Int] = []
    other._walk(roots, visibleOnly: false) { order.append($0) }
    var renumbered = [Int32](repeating: -1, count: other._ids.count)
    for (k, o) in order.enumerated() { renumbered[o] = Int32(base &+ k) }
    let ids = order.map { other._ids[$0] }
    if let k = ids.withUnsafeBufferPointer({ _enter(_IDColumn($0), count: $0.count) }) {
      throw SnapshotEditError(operation, .duplicateItem(String(describing: ids[k])))
    }
    _ids.append(contentsOf: ids)
    _nodes.reserveCapacity(_nodes.count &+ order.count)
    for o in order {
      var node = other._nodes[o]
      node.parent = node.parent < 0 ? -1 : renumbered[Int(node.parent)]
      node.children = node.children.map { renumbered[Int($0)] }
      _nodes.append(node)
    }
    let placed = roots.map { renumbered[Int($0)] }
    for root in placed { _nodes[Int(root)].parent = parent }
    return placed
  }

  /// Removes the nodes flagged in `doomed` (a flagged node's subtree is
  /// flagged, and no list of a node kept names a flagged one), renumbering
  /// the rest in order; each node's new index, or -1.
  ///
  /// - Complexity: O(*n*): the id table is renumbered from its tags, no id
  ///   hashed (``_IDTable/remapped(_:keeping:)``).
  @inlinable @discardableResult
  internal mutating func _remove(_ doomed: [Bool]) -> [Int32] {
    var renumbered = [Int32](repeating: -1, count: _ids.count)
    var kept = 0
    for i in 0..<_ids.count where !doomed[i] {
      renumbered[i] = Int32(kept)
      kept &+= 1
    }
    guard kept < _ids.count else { return renumbered }
    var ids: [ItemID] = [], nodes: [_Node] = []
    ids.reserveCapacity(kept)
    nodes.reserveCapacity(kept)
    for i in 0..<_ids.count where !doomed[i] {
      ids.append(_ids[i])
      var node = _nodes[i]
      if node.parent >= 0 { node.parent = renumbered[Int(node.parent)] }
      if !node.children.isEmpty { node.children = node.children.map { renumbered[Int($0)] } }
      nodes.append(node)
    }
    _roots = _roots.map { renumbered[Int($0)] }
    _table = renumbered.withUnsafeBufferPointer { _table.remapped($0, keeping: kept) }
    (_ids, _nodes) = (ids, nodes)
    return renumbered
  }

  /// Edits the list of siblings the node is in.
  @inlinable
  internal mutating func _editSiblings(of node: Int, _ edit: (inout [Int32]) -> Void) {
    let parent = Int(_nodes[node].parent)
    if parent >= 0 { edit(&_nodes[parent].children) } else { edit(&_roots) }
  }

  @inlinable
  internal mutating func _insert(_ items: [Item], beside anchor: ItemID, after: Bool, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) {
    let a = try _node(anchor, for: operation)
    _place(try _enterNew(items, under: _nodes[a].parent, for: operation), beside: a, after: after)
  }

  @inlinable
  internal mutating func _insert(_ snapshot: Self, beside anchor: ItemID, after: Bool, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) {
    let a = try _node(anchor, for: operation)
    _place(try _graft(from: snapshot, roots: snapshot._roots, under: _nodes[a].parent, for: operation), beside: a, after: after)
  }

  /// Lists new nodes (their parent set already) among the node `a`'s
  /// siblings, just before or just after it.
  @inlinable
  internal mutating func _place(_ nodes: some Collection<Int32>, beside a: Int, after: Bool) {
    _editSiblings(of: a) { siblings in
      let k = siblings.firstIndex(of: Int32(a))! + (after ? 1 : 0)
      siblings.insert(contentsOf: nodes, at: k)
    }
  }
}
