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
    do throws(SnapshotEditError) {
      if let parent { _ = try _node(parent, for: .append) }
      try _enterNew(items, under: parent, for: .append)
      if let parent { _nodes[parent]!.children.append(contentsOf: items.lazy.map { $0.id }) } else { _roots.append(contentsOf: items.lazy.map { $0.id }) }
    } catch {
      _misuse(error)
    }
  }

  /// Appends items with no content.
  ///
  /// - Complexity: as `append(_:to:)`.
  @inlinable
  public mutating func append(_ ids: [ItemID], to parent: ItemID? = nil) {
    append(ids.map { Item($0) }, to: parent)
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
      let node = try _node(parent, for: .replaceChildren)
      var leaving = Set<ItemID>()
      _walk(node.children, visibleOnly: false) { id, _ in leaving.insert(id) }
      for id in snapshot._nodes.keys where _nodes[id] != nil && !leaving.contains(id) {
        throw SnapshotEditError(.replaceChildren, .duplicateItem(String(describing: id)))
      }
      for id in leaving { _nodes[id] = nil }
      _graft(snapshot, under: parent)
      _nodes[parent]!.children = snapshot._roots
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
      for id in ids { _ = try _node(id, for: .delete) }
      for id in ids {
        guard let node = _nodes[id] else { continue }  // under an item deleted before
        if let parent = node.parent {
          _nodes[parent]!.children.removeAll { $0 == id }
        } else {
          _roots.removeAll { $0 == id }
        }
        var doomed: [ItemID] = []
        _walk([id], visibleOnly: false) { id, _ in doomed.append(id) }
        for id in doomed { _nodes[id] = nil }
      }
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
      _ = try _node(item, for: .updateContent)
      _nodes[item]!.content = content
    } catch {
      _misuse(error)
    }
  }

  // MARK: - Helpers

  @inlinable
  internal mutating func _setExpanded(_ ids: [ItemID], _ expanded: Bool, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) {
    // One lookup an id; an id not held throws (and stops the program).
    for id in ids {
      guard let index = _nodes.index(forKey: id) else { throw SnapshotEditError(operation, .itemNotFound(String(describing: id))) }
      _nodes.values[index].isExpanded = expanded
    }
  }

  /// Throws for the first id held already or listed twice.
  @inlinable
  internal func _checkNew(_ ids: some Sequence<ItemID>, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) {
    var seen = Set<ItemID>()
    for id in ids where _nodes[id] != nil || !seen.insert(id).inserted {
      throw SnapshotEditError(operation, .duplicateItem(String(describing: id)))
    }
  }

  /// Enters new leaf items under `parent` (not yet listed as its children).
  /// Enters each item as a new node, hashing its id once: an id held
  /// already, or twice among `items`, throws. What was entered before it
  /// stays: the throw stops the program (`_misuse`).
  @inlinable
  internal mutating func _enterNew(_ items: [Item], under parent: ItemID?, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) {
    for item in items where _nodes.updateValue(_Node(content: item.content, parent: parent), forKey: item.id) != nil {
      throw SnapshotEditError(operation, .duplicateItem(String(describing: item.id)))
    }
  }

  /// Enters another snapshot's nodes, its roots under `parent` (not yet
  /// listed as its children).
  @inlinable
  internal mutating func _graft(_ snapshot: Self, under parent: ItemID?) {
    for (id, node) in snapshot._nodes { _nodes[id] = node }
    for root in snapshot._roots { _nodes[root]!.parent = parent }
  }

  /// The siblings list an item is in, as a key path to edit it by.
  @inlinable
  internal mutating func _editSiblings(of item: ItemID, _ edit: (inout [ItemID]) -> Void) {
    if let parent = _nodes[item]!.parent { edit(&_nodes[parent]!.children) } else { edit(&_roots) }
  }

  @inlinable
  internal mutating func _insert(_ items: [Item], beside anchor: ItemID, after: Bool, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) {
    let node = try _node(anchor, for: operation)
    try _enterNew(items, under: node.parent, for: operation)
    _editSiblings(of: anchor) { siblings in
      let k = siblings.firstIndex(of: anchor)! + (after ? 1 : 0)
      siblings.insert(contentsOf: items.lazy.map { $0.id }, at: k)
    }
  }

  @inlinable
  internal mutating func _insert(_ snapshot: Self, beside anchor: ItemID, after: Bool, for operation: SnapshotEditError.Operation) throws(SnapshotEditError) {
    let node = try _node(anchor, for: operation)
    try _checkNew(snapshot._nodes.keys, for: operation)
    _graft(snapshot, under: node.parent)
    _editSiblings(of: anchor) { siblings in
      let k = siblings.firstIndex(of: anchor)! + (after ? 1 : 0)
      siblings.insert(contentsOf: snapshot._roots, at: k)
    }
  }
}
