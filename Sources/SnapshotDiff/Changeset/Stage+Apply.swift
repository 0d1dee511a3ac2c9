extension Changeset.Stage {
  /// Applies this stage to a state, checking the seven rules first.
  ///
  /// Removes (item deletes and move sources, section deletes and move
  /// sources, in old coordinates), then places (section inserts and move
  /// destinations, then item inserts and move destinations, in new
  /// coordinates); updates replace content at their old position. Never traps,
  /// whatever the stage holds.
  ///
  /// - Throws: ``Error/brokenRule(_:)`` with the lowest-numbered rule
  ///   broken, or ``Error/invalidResult(_:)`` when the stage inserts an
  ///   identifier that is already there.
  /// - Complexity: O(*n* + *k* log *k*) for *n* items and *k* item operations.
  @inlinable
  public func apply(
    to old: Snapshot<SectionID, ItemID, Content>
  ) throws -> Snapshot<SectionID, ItemID, Content> {
    // Never nil: nothing is expected.
    try _apply(to: old, expecting: nil)!
  }

  /// ``apply(to:)`` where the result should be `expected`: `nil` when it
  /// is, found by comparing in place, with no state built (the data
  /// source's last stage: placing the state, checking its inserted ids and
  /// comparing it were a tenth of a 30-item apply, counted); otherwise the
  /// state the stage gives, checked as ``apply(to:)`` checks it.
  @inlinable
  internal func _apply(
    to old: Snapshot<SectionID, ItemID, Content>, expecting expected: Snapshot<SectionID, ItemID, Content>?
  ) throws -> Snapshot<SectionID, ItemID, Content>? {
    let placed: Snapshot<SectionID, ItemID, Content>?
    do {
      placed = try _StageLayout.checking(self, on: old, expecting: expected)
    } catch {
      throw Error.brokenRule(error)
    }
    // It gave `expected`, a snapshot: its ids are unique.
    guard let result = placed else { return nil }
    // Without inserts the result holds old ids only, each at most once (the
    // rules give every old position at most one removal or move), so it is
    // unique as the old snapshot was: only an insert can repeat an id.
    if itemInserts.isEmpty && sectionInserts.isEmpty { return result }
    if !_insertedIDsMayRepeat(in: result) { return result }
    var checked = result
    if let error = _repeatedID(indexing: &checked) { throw Error.invalidResult(error) }
    return checked
  }

  /// `result`'s ids checked as a snapshot built is, by its id table,
  /// which it then keeps; the repeated id, if any. The full check's two
  /// hash tables cost 470 instructions an id where the table costs 110
  /// (3,500 ids, counted). Out of line: inlined, it kept
  /// ``_apply(to:expecting:)`` out of the data source's apply, a call that
  /// copies both snapshots (258 instructions more a stage, counted).
  @inlinable @inline(never)
  internal func _repeatedID(indexing result: inout Snapshot<SectionID, ItemID, Content>) -> Snapshot<SectionID, ItemID, Content>.Error? {
    do {
      try result._buildIndexChecking()
      return nil
    } catch {
      return error as? Snapshot<SectionID, ItemID, Content>.Error
    }
  }

  /// Whether an id this stage inserts may be in `result` twice; `false` only
  /// when each is there once. Few inserts into a small result are counted
  /// by comparing ids, no hashing (``_Tuning/insertedIDComparisons``);
  /// otherwise `true`, and the caller's full check decides.
  @inlinable
  internal func _insertedIDsMayRepeat(in result: Snapshot<SectionID, ItemID, Content>) -> Bool {
    let insertedItems = itemInserts.count + sectionInserts.reduce(0) { $0 + $1.section.items.count }
    guard insertedItems * result._items.count + sectionInserts.count * result._sectionIDs.count <= _Tuning.insertedIDComparisons else { return true }
    func once<ID: Equatable>(_ id: ID, among ids: some Sequence<ID>) -> Bool {
      var seen = 0
      for other in ids where other == id {
        seen += 1
        if seen > 1 { return false }
      }
      return seen == 1
    }
    let itemIDs = result._items.lazy.map { $0.id }  // (a key path here cost a lookup per id, counted)
    for insert in itemInserts where !once(insert.item.id, among: itemIDs) { return true }
    for insert in sectionInserts {
      if !once(insert.section.id, among: result._sectionIDs) { return true }
      for item in insert.section.items where !once(item.id, among: itemIDs) { return true }
    }
    return false
  }
}

extension Changeset.Stage {
  /// Why one stage could not be applied.
  public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
    /// The stage breaks one of the rules of a batch update.
    case brokenRule(BatchUpdate.Error)
    /// The stage keeps the rules but its result is no snapshot: it inserts an
    /// item or section whose identifier is already there.
    case invalidResult(Snapshot<SectionID, ItemID, Content>.Error)

    /// The rule broken, or `nil` for an invalid result.
    public var rule: Int? {
      if case .brokenRule(let error) = self { return error.rule }
      return nil
    }

    public var description: String {
      switch self {
      case .brokenRule(let error): return error.description
      case .invalidResult(let error): return "result is not a valid snapshot: \(error)"
      }
    }
  }
}
