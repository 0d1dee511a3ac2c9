extension Changeset.Stage {
  /// The state after this stage, laid out by its checked layout: each item
  /// placed once, in arrays sized once. Scratch in temporary allocations (no
  /// array's generic metadata lookup, about 750 instructions an array:
  /// counted, see `results/hashmap-history.md`).
  /// With `expected`, `nil` when the state would be `expected` (compared,
  /// not built).
  @inlinable
  internal func _placed(
    on old: Snapshot<SectionID, ItemID, Content>, _ layout: _StageLayout, expecting expected: Snapshot<SectionID, ItemID, Content>?
  ) -> Snapshot<SectionID, ItemID, Content>? {
    let newSections = layout.newSectionSource.count
    var itemCount = 0, widest = 0
    let itemInserts = itemInserts._array  // indexed below: as an array
    for j in 0..<newSections {
      let source = layout.newSectionSource[j]
      if let k = _StageLayout.Source(source).insert {
        itemCount &+= sectionInserts[k].section.items.count
      } else {
        itemCount &+= layout.newItemCounts[j]
        widest = Swift.max(widest, layout.newItemCounts[j])
      }
    }
    if let expected, _gives(expected, on: old, layout, itemCount: itemCount, widest: widest) { return nil }
    // A stage of item operations only keeps the sections as they are: their
    // ids and contents are shared, not copied.
    var sectionIDs = old._sectionIDs, sectionContents = old._sectionContents
    if !sectionDeletes.isEmpty || !sectionInserts.isEmpty || !sectionMoves.isEmpty || !sectionUpdates.isEmpty {
      var updated = old._sectionContents
      for update in sectionUpdates { updated[update.index] = update.content }
      sectionIDs = []
      sectionIDs.reserveCapacity(newSections)
      sectionContents = []
      sectionContents.reserveCapacity(newSections)
      for j in 0..<newSections {
        let source = layout.newSectionSource[j]
        if let k = _StageLayout.Source(source).insert {
          sectionIDs.append(sectionInserts[k].section.id)
          sectionContents.append(sectionInserts[k].section.content)
        } else {
          sectionIDs.append(old._sectionIDs[source])
          sectionContents.append(updated[source])
        }
      }
    }
    var starts = [Int](repeating: 0, count: newSections &+ 1)
    // Per old item, the update it takes (-1: none); per new item of a
    // section, where it comes from (a `_StageLayout.Source`).
    let updating = !itemUpdates.isEmpty
    let items = withUnsafeTemporaryAllocation(of: Int.self, capacity: (updating ? old.numberOfItems : 0) &+ widest) { memory in
      var scratch = _Scratch(memory)
      let updateOf = scratch.take(updating ? old.numberOfItems : 0)
      let from = scratch.take(widest)
      if updating {
        updateOf.initialize(repeating: -1)
        for (k, update) in itemUpdates.enumerated() { updateOf[old.flatIndex(of: update.path)] = k }
      }
      return [Item](unsafeUninitializedCapacity: itemCount) { placed, count in
        old._items.withUnsafeBufferPointer { oldItems in
          for j in 0..<newSections {
            let source = layout.newSectionSource[j]
            if let k = _StageLayout.Source(source).insert {
              for item in sectionInserts[k].section.items {
                (placed.baseAddress! + count).initialize(to: item)
                count &+= 1
              }
              starts[j &+ 1] = count
              continue
            }
            let slots = UnsafeMutableBufferPointer(rebasing: from[..<layout.newItemCounts[j]])
            _fillSlots(slots, section: j, from: source, on: old, layout)
            for f in slots {
              let item: Item
              if let k = _StageLayout.Source(f).insert {
                item = itemInserts[k].item
              } else if !updating || updateOf[f] < 0 {
                item = oldItems[f]
              } else {
                item = Item(oldItems[f].id, content: itemUpdates[updateOf[f]].content)
              }
              (placed.baseAddress! + count).initialize(to: item)
              count &+= 1
            }
            starts[j &+ 1] = count
          }
        }
      }
    }
    return Snapshot(_sectionIDs: sectionIDs, _sectionContents: sectionContents, _sectionStarts: starts, _items: items)
  }

  /// Where each item of kept new section `j` (from old section `source`)
  /// comes from, into `slots` (its count after the update), each a
  /// `_StageLayout.Source`. Destinations first, then the survivors in order
  /// into the free slots.
  @inlinable
  internal func _fillSlots(
    _ slots: UnsafeMutableBufferPointer<Int>, section j: Int, from source: Int, on old: Snapshot<SectionID, ItemID, Content>,
    _ layout: _StageLayout
  ) {
    slots.initialize(repeating: _StageLayout.Source.unfilled)
    for k in layout.inserts(landingIn: j) { slots[itemInserts._path(at: k).item] = _StageLayout.Source.insert(k) }
    for k in layout.moves(landingIn: j) { slots[itemMoves[k].to.item] = old.flatIndex(of: itemMoves[k].from) }
    var free = 0
    for i in old._sectionStarts[source]..<old._sectionStarts[source &+ 1] where !layout.isRemoved(i) {
      while slots[free] != _StageLayout.Source.unfilled { free &+= 1 }
      slots[free] = i
    }
  }

  /// Whether the state this stage places on `old` (its layout checked) is
  /// `expected`: sections, their contents and counts, and every item,
  /// compared where they would be placed, with nothing built.
  ///
  /// Its walk is `_placed`'s, written again (the slots themselves are
  /// shared, ``_fillSlots(_:section:from:on:_:)``): shared through a
  /// closure, one walk yielding each item's source cost `trace-frontpage`'s
  /// apply 6 % and `dk-5k`'s up to 17 %, and even the shared scratch alone
  /// cost `trace-frontpage`'s 17 % (counted), so the two walks stay apart.
  @inlinable
  internal func _gives(
    _ expected: Snapshot<SectionID, ItemID, Content>, on old: Snapshot<SectionID, ItemID, Content>, _ layout: _StageLayout,
    itemCount: Int, widest: Int
  ) -> Bool {
    let newSections = layout.newSectionSource.count
    guard expected.numberOfSections == newSections, expected._items.count == itemCount else { return false }
    let itemInserts = itemInserts._array  // indexed below: as an array
    for j in 0..<newSections {
      let source = layout.newSectionSource[j]
      let count = expected._sectionStarts[j &+ 1] &- expected._sectionStarts[j]
      if let k = _StageLayout.Source(source).insert {
        let section = sectionInserts[k].section
        guard expected._sectionIDs[j] == section.id, expected._sectionContents[j] == section.content,
          count == section.items.count
        else { return false }
        continue
      }
      // At most one update a section (rule 2).
      let update = sectionUpdates.first { $0.index == source }
      guard expected._sectionIDs[j] == old._sectionIDs[source], count == layout.newItemCounts[j],
        update.map({ expected._sectionContents[j] == $0.content }) ?? (expected._sectionContents[j] == old._sectionContents[source])
      else { return false }
    }
    let updating = !itemUpdates.isEmpty
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: (updating ? old.numberOfItems : 0) &+ widest) { memory in
      var scratch = _Scratch(memory)
      let updateOf = scratch.take(updating ? old.numberOfItems : 0)
      let from = scratch.take(widest)
      if updating {
        updateOf.initialize(repeating: -1)
        for (k, update) in itemUpdates.enumerated() { updateOf[old.flatIndex(of: update.path)] = k }
      }
      return old._items.withUnsafeBufferPointer { oldItems in
        expected._items.withUnsafeBufferPointer { wanted in
          var n = 0
          for j in 0..<newSections {
            let source = layout.newSectionSource[j]
            if let k = _StageLayout.Source(source).insert {
              for item in sectionInserts[k].section.items {
                guard wanted[n].id == item.id && wanted[n].content == item.content else { return false }
                n &+= 1
              }
              continue
            }
            let slots = UnsafeMutableBufferPointer(rebasing: from[..<layout.newItemCounts[j]])
            _fillSlots(slots, section: j, from: source, on: old, layout)
            for f in slots {
              let same: Bool
              // Ids and contents compared field by field: `Item`'s own
              // `==` is not inlinable, and ran generic (counted, 94,000
              // instructions on a 63-item apply).
              if let k = _StageLayout.Source(f).insert {
                same = wanted[n].id == itemInserts[k].item.id && wanted[n].content == itemInserts[k].item.content
              } else if !updating || updateOf[f] < 0 {
                same = wanted[n].id == oldItems[f].id && wanted[n].content == oldItems[f].content
              } else {
                same = wanted[n].id == oldItems[f].id && wanted[n].content == itemUpdates[updateOf[f]].content
              }
              guard same else { return false }
              n &+= 1
            }
          }
          return true
        }
      }
    }
  }
}
