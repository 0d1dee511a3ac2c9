extension Changeset {
  /// This changeset with its item updates performed as `kind`: each stage
  /// kept where UIKit performs it as it is (``Stage/apply(to:updates:)``
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
  public func performed(as kind: UpdateKind, from old: Snapshot<SectionID, ItemID, Content>) -> Changeset {
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

extension Stage {
  /// Whether a reload of this stage can land elsewhere than in place: only
  /// moves shift what UIKit's placement ignores. Without section moves a
  /// section reload's shifted index is exact; without item or section moves,
  /// an item reload's.
  @inlinable
  internal func _mayMisplaceReloads(_ kind: UpdateKind) -> Bool {
    if !sectionUpdates.isEmpty && !sectionMoves.isEmpty { return true }
    return kind == .reload && !itemUpdates.isEmpty && (!itemMoves.isEmpty || !sectionMoves.isEmpty)
  }
}
