extension Changeset {
  /// This changeset with its item updates performed as `kind`: each stage
  /// kept where UIKit performs it as it is (``Changeset/Stage/apply(to:updates:)``
  /// gives what applying it in place gives), else split in two: the stage
  /// without its updates, then its updates alone at their new positions.
  /// That second batch is WWDC 2018 session 225's fix ("reloads belong in a
  /// batch of their own"): there a reload shifts by nothing and lands where
  /// it was. A stage that breaks a rule in place is kept as it is, for the
  /// rules to report.
  ///
  /// - Complexity: O(*s* · *n*) for *s* stages with updates, nothing for
  ///   the others.
  @inlinable
  public func performed(as kind: BatchUpdate.UpdateKind, from old: Snapshot<SectionID, ItemID, Content>) -> Changeset {
    guard stages.contains(where: { $0._mayMisplaceReloads(kind) }) else {
      var same = self
      same.updates = kind
      return same
    }
    var result = Changeset(stages: [], updates: kind)
    result.stages.reserveCapacity(stages.count)
    var state = old
    for (k, stage) in stages.enumerated() {
      let reloads = stage._mayMisplaceReloads(kind)
      guard let inPlace = try? stage.apply(to: state) else {
        result.stages += stages[k...]
        return result
      }
      defer { state = inPlace }
      guard reloads, (try? stage.apply(to: state, updates: kind)) != inPlace else {
        result.stages.append(stage)
        continue
      }
      var moving = stage
      moving.itemUpdates = []
      moving.sectionUpdates = []
      // Without its updates the stage keeps every rule it kept.
      guard let between = try? moving.apply(to: state) else {
        result.stages.append(stage)
        continue
      }
      var updating = Stage()
      var newPath: [ItemID: ItemPath] = [:]
      if !stage.itemUpdates.isEmpty {
        newPath.reserveCapacity(between.numberOfItems)
        for s in 0..<between.numberOfSections {
          for (i, item) in between.section(at: s).items.enumerated() { newPath[item.id] = ItemPath(section: s, item: i) }
        }
      }
      // An updated item or section is neither deleted nor moved (rule 2):
      // it is in `between`, found by id.
      for update in stage.itemUpdates {
        guard let path = newPath[state.item(at: update.path).id] else { break }
        updating.itemUpdates.append(.init(path: path, content: update.content))
      }
      for update in stage.sectionUpdates {
        guard let index = between.indexOfSection(state.sectionIdentifiers[update.index]) else { break }
        updating.sectionUpdates.append(.init(index: index, content: update.content))
      }
      guard updating.itemUpdates.count == stage.itemUpdates.count && updating.sectionUpdates.count == stage.sectionUpdates.count else {
        result.stages.append(stage)
        continue
      }
      result.stages.append(moving)
      result.stages.append(updating)
    }
    return result
  }
}

extension Changeset.Stage {
  /// Whether a reload of this stage can land elsewhere than in place: only
  /// moves shift what UIKit's placement ignores. Without section moves a
  /// section reload's shifted index is exact; without item or section moves,
  /// an item reload's.
  @inlinable
  internal func _mayMisplaceReloads(_ kind: BatchUpdate.UpdateKind) -> Bool {
    if !sectionUpdates.isEmpty && !sectionMoves.isEmpty { return true }
    return kind == .reload && !itemUpdates.isEmpty && (!itemMoves.isEmpty || !sectionMoves.isEmpty)
  }
}

extension Changeset {
  /// This changeset with each section reload that UIKit would misplace
  /// (beside a section move: a reload is placed ignoring moves, the rules
  /// article) moved into another of its stages where it lands in place,
  /// nearest first. Where no stage takes it, a schedule of a stage per
  /// operation with no section reload beside a section move
  /// (`StagePlan+Schedule.swift`) is searched for in fewer stages than
  /// the reload's own batch (``performed(as:from:)``) would make, which is
  /// the last resort.
  ///
  /// Each try is judged by applying its stages as UIKit performs them: no
  /// rule broken, and the same snapshot after each as in place.
  ///
  /// - Complexity: O(*s*² · *n*) for *s* stages, where a reload is misplaced,
  ///   plus the schedule's bounded search where that does not place it.
  @inlinable
  internal func _placingSectionReloads(
    from old: Snapshot<SectionID, ItemID, Content>, to new: Snapshot<SectionID, ItemID, Content>, matching: Matching
  ) -> Changeset {
    var states = [old]
    for stage in stages {
      guard let next = try? stage.apply(to: states[states.count - 1]) else { return performed(as: .reconfigure, from: old) }
      states.append(next)
    }
    /// Whether each stage of `candidate` performs as it does in place,
    /// to this changeset's end.
    func performsInPlace(_ candidate: Changeset) -> Bool {
      var state = old
      for stage in candidate.stages {
        guard let next = try? stage.apply(to: state), (try? stage.apply(to: state, updates: .reconfigure)) == next else { return false }
        state = next
      }
      return state == states[states.count - 1]
    }
    /// Whether `stage` performs on `state` as it does in place.
    func landsInPlace(_ stage: Stage, on state: Snapshot<SectionID, ItemID, Content>) -> Bool {
      guard let placed = try? stage.apply(to: state) else { return false }
      return (try? stage.apply(to: state, updates: .reconfigure)) == placed
    }
    var result = self
    for k in stages.indices where stages[k]._mayMisplaceReloads(.reconfigure) {
      guard !landsInPlace(stages[k], on: states[k]) else { continue }
      let reloads = stages[k].sectionUpdates.map { (id: states[k].sectionIdentifiers[$0.index], content: $0.content) }
      let others = stages.indices.filter { $0 != k }.sorted { (abs($0 - k), $0) < (abs($1 - k), $1) }
      var moved = false
      for j in others {
        var trial = result
        trial.stages[k].sectionUpdates = []
        var placed = true
        for reload in reloads {
          guard let index = states[j].indexOfSection(reload.id) else { placed = false; break }
          trial.stages[j].sectionUpdates.append(Stage.SectionUpdate(index: index, content: reload.content))
        }
        guard placed else { continue }
        trial.stages[j].sectionUpdates.sort { $0.index < $1.index }
        if performsInPlace(trial) { result = trial; moved = true; break }
      }
      guard !moved else { continue }
      // Reload by reload: one that lands in place alone stays; each other
      // goes to the nearest stage where it lands in place. Where a reload
      // lands depends on its stage's deletes, inserts and moves only, not
      // on the other reloads, so each is placed on its own (found by fuzz:
      // two reloads beside a section move, one landing in place in the
      // stage before, the other only where it was).
      var trial = result
      var placedAll = true
      for update in result.stages[k].sectionUpdates {
        var alone = result.stages[k]
        alone.sectionUpdates = [update]
        if landsInPlace(alone, on: states[k]) { continue }
        trial.stages[k].sectionUpdates.removeAll { $0.index == update.index }
        let id = states[k].sectionIdentifiers[update.index]
        let home = others.first { j in
          guard let index = states[j].indexOfSection(id) else { return false }
          var there = trial.stages[j]
          there.sectionUpdates.append(Stage.SectionUpdate(index: index, content: update.content))
          there.sectionUpdates.sort { $0.index < $1.index }
          guard landsInPlace(there, on: states[j]) else { return false }
          trial.stages[j] = there
          return true
        }
        if home == nil { placedAll = false; break }
      }
      if placedAll && performsInPlace(trial) { result = trial }
    }
    let apart = result.performed(as: .reconfigure, from: old)
    guard apart.stages.count > result.stages.count else { return apart }
    var itemChanged = Self._itemChanged(matching, from: old, to: new)
    var sectionChanged = Self._sectionChanged(matching, from: old, to: new)
    if new._hasMarks { Self._forceMarkedUpdates(of: new, matching, &itemChanged, &sectionChanged) }
    var plan = _StagePlan(
      oldStarts: old._sectionStarts, newStarts: new._sectionStarts, matching: matching,
      itemChanged: itemChanged, sectionChanged: sectionChanged, keepPending: true)
    plan.reschedule(below: apart.stages.count, reloadsApart: true) { Self._reusesIDs(from: old, to: new, matching) }
    let scheduled = Changeset(plan, to: new)
    return scheduled.stages.count < apart.stages.count && performsInPlace(scheduled) ? scheduled : apart
  }
}
