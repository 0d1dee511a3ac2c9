import DiffBenchCLI

/// One `performBatchUpdates` call as a peer's UIKit glue makes it: what
/// UIKit would receive, in its coordinates (deletes, reloads and move
/// sources in the state before the call; inserts and move destinations in
/// the state after it).
struct UIKitBatch {
  var deleteSections: [Int] = []
  var insertSections: [Int] = []
  var reloadSections: [Int] = []
  var moveSections: [(from: Int, to: Int)] = []
  var deleteItems: [ItemPath] = []
  var insertItems: [ItemPath] = []
  var reloadItems: [ItemPath] = []
  var moveItems: [(from: ItemPath, to: ItemPath)] = []

  var isEmpty: Bool {
    deleteSections.isEmpty && insertSections.isEmpty && reloadSections.isEmpty && moveSections.isEmpty
      && deleteItems.isEmpty && insertItems.isEmpty && reloadItems.isEmpty && moveItems.isEmpty
  }
}

extension Changeset {
  /// The changeset UIKit would be given by a peer's glue, and the first
  /// batch whose data disagrees with it: one stage per batch, each taken
  /// from what the screen shows before it, with `after` the data the glue
  /// sets inside it, as the peer handed it (an id twice, a count off:
  /// never replaced). Old positions name what the screen shows; inserted
  /// items and sections are read from `after` at their new positions, as
  /// UIKit asks the data source for them; an update's content is its id's
  /// in `after`. Indexes are kept exactly as the peer gave them, out of
  /// range or not, so that the rules judge what UIKit would; an empty batch
  /// is no stage.
  ///
  /// UIKit counts the data source's sections and items after each batch
  /// against what the batch leaves (`NSInternalInconsistencyException`,
  /// "invalid number of items in section …"): the first stage where they
  /// differ is the error. Data with an id twice and every count right is
  /// shown as it is: the error too, the screen showing an item twice.
  static func glued(
    _ batches: [(batch: UIKitBatch, after: [Snapshot<SectionID, ItemID, Content>.Section])], from old: Snapshot<SectionID, ItemID, Content>, by traits: StrategyTraits
  ) -> (Changeset, GlueDataError?) {
    let updates = traits.updates ?? .reconfigure  // what its glue calls
    var stages: [Stage] = []
    var screen = old
    var mismatch: GlueDataError?
    var judged = true  // until a stage breaks a rule or disagrees with its data
    for (batch, after) in batches {
      guard !batch.isEmpty else { continue }
      var contentOfItem: [ItemID: Content?] = [:]
      for section in after { for item in section.items { contentOfItem[item.id] = item.content } }
      func content(atOld path: ItemPath) -> Content? {
        guard screen.contains(path) else { return nil }
        let item = screen.item(at: path)
        return contentOfItem[item.id] ?? item.content
      }
      func afterItem(_ path: ItemPath) -> SectionSnapshot<ItemID, Content>.Item? {
        guard path.section >= 0 && path.section < after.count, path.item >= 0 && path.item < after[path.section].items.count else { return nil }
        return after[path.section].items[path.item]
      }
      // Where a peer names a place that does not exist, any item stands in:
      // the rules reject the place, whatever the item.
      let stand = after.lazy.flatMap(\.items).first ?? screen.allItems.first
      var stage = Stage()
      stage.sectionDeletes = batch.deleteSections
      stage.sectionInserts = batch.insertSections.compactMap { index in
        if index >= 0 && index < after.count { return .init(index: index, section: after[index]) }
        return screen.sections.first.map { .init(index: index, section: $0) }
      }
      stage.sectionMoves = batch.moveSections.map { BatchUpdate.Move(from: $0.from, to: $0.to) }
      stage.sectionUpdates = batch.reloadSections.map { index in
        guard index >= 0 && index < screen.numberOfSections else { return .init(index: index, content: nil) }
        let id = screen.sectionIdentifiers[index]
        return .init(index: index, content: after.first { $0.id == id }?.content ?? screen.sectionContent(at: index))
      }
      stage.itemDeletes = batch.deleteItems
      stage.itemInserts = .init(batch.insertItems.compactMap { path -> Stage.ItemInsert? in
        if let item = afterItem(path) { return .init(path: path, item: item) }
        return stand.map { .init(path: path, item: $0) }
      })
      stage.itemMoves = batch.moveItems.map { BatchUpdate.Move(from: $0.from, to: $0.to) }
      stage.itemUpdates = batch.reloadItems.map { .init(path: $0, content: content(atOld: $0)) }
      stages.append(stage)
      // The first broken rule or mismatch is the verdict: what follows is
      // never reached on a device.
      guard judged, let shown = try? stage.apply(to: screen, updates: updates) else {
        judged = false  // the rule is the verdict (the replay finds it)
        continue
      }
      if let problem = Self.disagreement(shown, after) {
        mismatch = GlueDataError(stage: stages.count - 1, problem: problem)
        judged = false
        continue
      }
      screen = shown
    }
    return (Changeset(stages: stages, updates: updates), mismatch)
  }

  /// How the data after a batch disagrees with the screen the batch leaves,
  /// in UIKit's words, or `nil`.
  static func disagreement(_ shown: Snapshot<SectionID, ItemID, Content>, _ data: [Snapshot<SectionID, ItemID, Content>.Section]) -> GlueDataError.Problem? {
    if shown.numberOfSections != data.count {
      return .count("invalid number of sections: the batch leaves \(shown.numberOfSections), the data source holds \(data.count)")
    }
    for (s, section) in data.enumerated() where shown.numberOfItems(inSectionAt: s) != section.items.count {
      return .count("invalid number of items in section \(s): the batch leaves \(shown.numberOfItems(inSectionAt: s)), the data source holds \(section.items.count)")
    }
    do { _ = try Snapshot(sections: data) } catch { return .ids("the data source's data is no snapshot: \(error)") }
    return nil
  }
}

extension Snapshot {
  /// Whether `path` names an item of this snapshot.
  func contains(_ path: ItemPath) -> Bool {
    path.section >= 0 && path.section < numberOfSections && path.item >= 0 && path.item < numberOfItems(inSectionAt: path.section)
  }
}
