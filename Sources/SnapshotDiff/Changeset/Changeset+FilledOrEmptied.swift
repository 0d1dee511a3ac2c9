extension Changeset {
  /// The changeset of a list filled from empty (a first load) or emptied (a
  /// clear) whose sections stay as they are: the same ids in the same order,
  /// the same contents, none marked. One stage: every new item inserted,
  /// each section's as one fill sharing the new snapshot's storage
  /// (``Changeset/Stage/ItemInserts``), or every old item deleted, in old
  /// order. `nil` for any other pair.
  ///
  /// No matching is asked for: a strategy that keeps the sections (each of
  /// this library's does, unchanged ones) can give no other changeset here,
  /// and the matching's four arrays, their validation and the plan cost
  /// DifferenceKit's lead on a first load and a clear (issue 68).
  ///
  /// - Complexity: O(*s*) for *s* sections, plus O(*n*) to list *n* deletes.
  @inlinable
  static func _filledOrEmptied(
    from old: Snapshot<SectionID, ItemID, Content>, to new: Snapshot<SectionID, ItemID, Content>
  ) -> Changeset? {
    let filled = old.numberOfItems == 0, emptied = new.numberOfItems == 0
    guard filled || emptied, !new._hasMarks, old._sectionIDs == new._sectionIDs,
      old._sectionContents == new._sectionContents
    else { return nil }
    if filled && emptied { return Changeset() }
    var stage = Stage()
    if filled {
      let starts = new._sectionStarts
      for t in 0..<new.numberOfSections {
        stage.itemInserts._appendFill(section: t, items: new._items[starts[t]..<starts[t &+ 1]])
      }
    } else {
      // Written in place, a section at a time (a section found for each
      // item cost 17 instructions an item, counted).
      let starts = old._sectionStarts
      stage.itemDeletes = [ItemPath](unsafeUninitializedCapacity: old.numberOfItems) { deletes, count in
        for s in 0..<old.numberOfSections {
          let start = starts[s]
          for i in start..<starts[s &+ 1] { (deletes.baseAddress! + i).initialize(to: ItemPath(_inSnapshot: s, item: i &- start)) }
        }
        count = old.numberOfItems
      }
    }
    return Changeset(stages: [stage])
  }

  /// `strategy`'s changeset with its matching validated
  /// (``init(from:to:checking:)``), or, where a list is filled from empty or
  /// emptied, the one every strategy gives there, with no matching
  /// (``_filledOrEmptied(from:to:)``): what the data source and the
  /// harness's checked entry point run.
  @inlinable
  init<Strategy: MatchingStrategy>(
    from old: Snapshot<SectionID, ItemID, Content>, to new: Snapshot<SectionID, ItemID, Content>,
    checkingMatchingOf strategy: Strategy
  ) throws(Matching.Error) {
    if let changeset = Self._filledOrEmptied(from: old, to: new) {
      self = changeset
      return
    }
    try self.init(from: old, to: new, checking: strategy.matching(from: old, to: new))
  }
}
