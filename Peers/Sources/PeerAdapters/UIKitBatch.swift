import SnapshotDiff

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
  /// The changeset UIKit would be given by a peer's glue: one stage per
  /// batch, each taken from the data source's state before it to `after`,
  /// the data the glue sets inside it. Inserted items and sections are read
  /// from `after`; an update's content is the content its id has in
  /// `after`. Indexes are kept exactly as the peer gave them, out of range or
  /// not, so that the rules judge what UIKit would; an empty batch is no stage.
  init(batches: [(batch: UIKitBatch, after: Snapshot<SectionID, ItemID, Content>)], from old: Snapshot<SectionID, ItemID, Content>) {
    var stages: [Stage] = []
    var before = old
    for (batch, after) in batches {
      defer { before = after }
      guard !batch.isEmpty else { continue }
      var contentOfItem: [ItemID: Content?] = [:]
      for item in after.allItems { contentOfItem[item.id] = item.content }
      func content(atOld path: ItemPath) -> Content? {
        guard before.contains(path) else { return nil }
        let item = before.item(at: path)
        return contentOfItem[item.id] ?? item.content
      }
      // Where a peer names a place that does not exist, any item stands in:
      // the rules reject the place, whatever the item.
      let stand = after.allItems.first ?? before.allItems.first
      var stage = Stage()
      stage.sectionDeletes = batch.deleteSections
      stage.sectionInserts = batch.insertSections.compactMap { index in
        if after.numberOfSections > index && index >= 0 { return .init(index: index, section: after.section(at: index)) }
        return before.sections.first.map { .init(index: index, section: $0) }
      }
      stage.sectionMoves = batch.moveSections.map { Move(from: $0.from, to: $0.to) }
      stage.sectionUpdates = batch.reloadSections.map { index in
        guard index >= 0 && index < before.numberOfSections else { return .init(index: index, content: nil) }
        let id = before.sectionIdentifiers[index]
        return .init(index: index, content: after.indexOfSection(id).map(after.sectionContent(at:)) ?? before.sectionContent(at: index))
      }
      stage.itemDeletes = batch.deleteItems
      stage.itemInserts = batch.insertItems.compactMap { path in
        if after.contains(path) { return .init(path: path, item: after.item(at: path)) }
        return stand.map { .init(path: path, item: $0) }
      }
      stage.itemMoves = batch.moveItems.map { Move(from: $0.from, to: $0.to) }
      stage.itemUpdates = batch.reloadItems.map { .init(path: $0, content: content(atOld: $0)) }
      stages.append(stage)
    }
    self.init(stages: stages)
  }
}

extension Snapshot {
  /// Whether `path` names an item of this snapshot.
  func contains(_ path: ItemPath) -> Bool {
    path.section >= 0 && path.section < numberOfSections && path.item >= 0 && path.item < numberOfItems(inSectionAt: path.section)
  }

  /// A snapshot of sections the peer handed back; `fallback` where they do
  /// not form one (an id twice): the final check then says what is wrong.
  static func rebuilt(_ sections: [Section], or fallback: Self) -> Self {
    (try? Snapshot(sections: sections)) ?? fallback
  }
}
