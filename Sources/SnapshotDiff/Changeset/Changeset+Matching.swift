extension Changeset {
  /// The changeset that a matching describes, in as few stages as the rules
  /// allow for it (see the stage plan: at most four), or the first way the
  /// matching is malformed (``Matching/validate(from:to:)``).
  ///
  /// Compares contents (`==`) of kept items and sections to find updates,
  /// and updates too the kept items and sections that `new` marks with
  /// `reloadItems`, `reconfigureItems` or `reloadSections`. Hashes nothing
  /// unless `new` holds such marks.
  ///
  /// - Complexity: O(*n* + *m*) for *n* old and *m* new items.
  @inlinable
  public init(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>,
    checking matching: Matching
  ) throws(Matching.Error) {
    try self.init(_checking: matching, from: old, to: new, direct: true)
  }

  /// Validates the matching, then builds its changeset (`direct`: whether
  /// the stage plan may take its direct path).
  @inlinable
  init(
    _checking matching: Matching,
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>,
    direct: Bool
  ) throws(Matching.Error) {
    try matching.validate(from: old, to: new)
    self.init(_validated: matching, from: old, to: new, direct: direct)
  }

  /// The changeset that a matching describes (see
  /// ``init(from:to:checking:)``).
  ///
  /// A malformed matching is a programming error in the strategy that made
  /// it: this stops with a precondition failure naming the field and the
  /// position, never reading past an array. Harness code that runs strategies
  /// it does not trust calls ``init(from:to:checking:)``.
  @inlinable
  public init(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>,
    matching: Matching
  ) {
    do {
      try self.init(from: old, to: new, checking: matching)
    } catch {
      preconditionFailure("malformed matching: \(error)")
    }
  }

  @inlinable
  init(
    _validated matching: Matching,
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>,
    direct: Bool = true
  ) {
    // Marks force updates whatever the contents: then the flags first, and
    // a marked item in a run is updated all the same (no run skipped).
    let marked = new._hasMarks
    let runs = marked ? [] : matching._unchangedRuns
    var itemChanged: [Bool]?, sectionChanged: [Bool]?
    if marked {
      var items = Self._itemChanged(matching, from: old, to: new)
      var sections = Self._sectionChanged(matching, from: old, to: new)
      Self._forceMarkedUpdates(of: new, matching, &items, &sections)
      (itemChanged, sectionChanged) = (items, sections)
    }
    // Most diffs: the stages read off the matching, contents compared on
    // the way (`StagePlan+Direct.swift`).
    if direct, let (pre, items) = _StagePlan.direct(
      from: old, to: new, matching: matching, itemChanged: itemChanged, sectionChanged: sectionChanged, unchangedRuns: runs)
    {
      // Section reloads are delete-and-insert on every iOS: one beside a
      // section move gets a batch of its own where UIKit would misplace it.
      // Checked here, not left to `performed`'s own guard: its call and copy
      // cost about 97 instructions a diff (counted: list-to-empty naive +1.1 %).
      // Checked first, so that the stages' last use is their move into the
      // array: read after it, each was copied in and released after, field
      // by field through its value witnesses (counted, about 1,600
      // instructions of a first load of 1,000 rows).
      let misplaces = pre._mayMisplaceReloads(.reconfigure) || items._mayMisplaceReloads(.reconfigure)
      // One array of exactly the stages there are.
      switch (pre.isEmpty, items.isEmpty) {
      case (true, true): self.init()
      case (true, false): self.init(stages: [consume items])
      case (false, true): self.init(stages: [consume pre])
      case (false, false): self.init(stages: [consume pre, consume items])
      }
      if misplaces { self = _placingSectionReloads(from: old, to: new, matching: matching) }
      return
    }
    var plan = _StagePlan(
      oldStarts: old._sectionStarts, newStarts: new._sectionStarts, matching: matching,
      itemChanged: itemChanged ?? Self._itemChanged(matching, from: old, to: new),
      sectionChanged: sectionChanged ?? Self._sectionChanged(matching, from: old, to: new))
    if plan.fewerStagesMayFit { Self._reschedule(&plan, from: old, to: new) }
    self.init(plan, to: new)
    if stages.contains(where: { $0._mayMisplaceReloads(.reconfigure) }) {
      self = _placingSectionReloads(from: old, to: new, matching: matching)
    }
  }

  /// The stages of a plan, with the new snapshot's items and contents.
  @inlinable
  init(_ plan: _StagePlan, to new: Snapshot<SectionID, ItemID, Content>) {
    self.init(stages: plan.stages.map { ops in
      var stage = Stage()
      stage.sectionDeletes = ops.sectionDeletes
      stage.sectionInserts = ops.sectionInserts.map { insert in
        Stage.SectionInsert(
          index: insert.index,
          section: Stage.Section(
            new._sectionIDs[insert.section], content: new._sectionContents[insert.section],
            items: insert.items.map { new._items[Int($0)] }))
      }
      stage.sectionMoves = ops.sectionMoves
      stage.sectionUpdates = ops.sectionUpdates.map {
        Stage.SectionUpdate(index: $0.index, content: new._sectionContents[$0.section])
      }
      stage.itemDeletes = ops.itemDeletes
      stage.itemInserts = Stage.ItemInserts(ops.itemInserts.map { Stage.ItemInsert(path: $0.path, item: new._items[$0.item]) })
      stage.itemMoves = ops.itemMoves
      stage.itemUpdates = ops.itemUpdates.map {
        Stage.ItemUpdate(path: $0.path, content: new._items[$0.item].content)
      }
      return stage
    })
  }

  /// For each new item, whether it is kept with other content. An
  /// unchanged run is known equal already.
  @inlinable
  static func _itemChanged(
    _ matching: Matching, from old: Snapshot<SectionID, ItemID, Content>, to new: Snapshot<SectionID, ItemID, Content>
  ) -> [Bool] {
    // Each flag written once, through buffers: the matching is validated,
    // so its indices are in range.
    [Bool](unsafeUninitializedCapacity: new.numberOfItems) { changed, count in
      count = new.numberOfItems
      new._items.withUnsafeBufferPointer { newItems in
        old._items.withUnsafeBufferPointer { oldItems in
          matching.itemOldIndex.withUnsafeBufferPointer { oldIndex in
            var segments = _RunSegments(matching._unchangedRuns, in: 0..<newItems.count)
            while let segment = segments.next() {
              switch segment {
              case .items(let items):
                for j in items {
                  let o = oldIndex[j]
                  changed[j] = o >= 0 && oldItems[o].content != newItems[j].content
                }
              case .run(let run):
                UnsafeMutableBufferPointer(rebasing: changed[run.new..<(run.new &+ run.count)]).initialize(repeating: false)
              }
            }
          }
        }
      }
    }
  }

  /// For each new section, whether it is kept with other content.
  @inlinable
  static func _sectionChanged(
    _ matching: Matching, from old: Snapshot<SectionID, ItemID, Content>, to new: Snapshot<SectionID, ItemID, Content>
  ) -> [Bool] {
    var sectionChanged = [Bool](repeating: false, count: new.numberOfSections)
    for t in 0..<new.numberOfSections where matching.sectionOldIndex[t] >= 0 {
      sectionChanged[t] = old._sectionContents[matching.sectionOldIndex[t]] != new._sectionContents[t]
    }
    return sectionChanged
  }

  /// The changeset of the general stage plan, never its direct
  /// shortcut: for tests that hold the two to the same result.
  package init(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>,
    generalPlanFor matching: Matching
  ) throws(Matching.Error) {
    try self.init(_checking: matching, from: old, to: new, direct: false)
  }

  /// Flags the kept items and sections that `new` marks for reload or
  /// reconfiguration as changed, whatever their content (UIKit updates them).
  @inlinable
  static func _forceMarkedUpdates(
    of new: Snapshot<SectionID, ItemID, Content>, _ matching: Matching,
    _ itemChanged: inout [Bool], _ sectionChanged: inout [Bool]
  ) {
    let items = Set(new._reloadedItems).union(new._reconfiguredItems)
    for j in 0..<new._items.count where matching.itemOldIndex[j] >= 0 && items.contains(new._items[j].id) {
      itemChanged[j] = true
    }
    for t in 0..<new.numberOfSections where matching.sectionOldIndex[t] >= 0 && new._reloadedSections.contains(new._sectionIDs[t]) {
      sectionChanged[t] = true
    }
  }

  /// The plan in fewer stages where a schedule has them (kept out of line:
  /// rare, and inlined it cost every diff about 700 instructions, counted).
  @usableFromInline @inline(never)
  static func _reschedule(
    _ plan: inout _StagePlan, from old: Snapshot<SectionID, ItemID, Content>, to new: Snapshot<SectionID, ItemID, Content>
  ) {
    let matching = plan.pending!.matching
    plan.reschedule(reusesIDs: { _reusesIDs(from: old, to: new, matching) })
  }

  /// Whether the matching deletes an id and inserts it again (an item or a
  /// section): asked only where the plan would search for fewer stages.
  @usableFromInline
  static func _reusesIDs(
    from old: Snapshot<SectionID, ItemID, Content>, to new: Snapshot<SectionID, ItemID, Content>, _ matching: Matching
  ) -> Bool {
    var kept = [Bool](repeating: false, count: old._items.count)
    for o in matching.itemOldIndex where o >= 0 { kept[o] = true }
    let gone = Set(old._items.indices.lazy.filter { !kept[$0] }.map { old._items[$0].id })
    if new._items.indices.contains(where: { matching.itemOldIndex[$0] < 0 && gone.contains(new._items[$0].id) }) { return true }
    var keptSections = [Bool](repeating: false, count: old.numberOfSections)
    for o in matching.sectionOldIndex where o >= 0 { keptSections[o] = true }
    let goneSections = Set(old._sectionIDs.indices.lazy.filter { !keptSections[$0] }.map { old._sectionIDs[$0] })
    return new._sectionIDs.indices.contains { matching.sectionOldIndex[$0] < 0 && goneSections.contains(new._sectionIDs[$0]) }
  }
}
