extension Changeset.Stage {
  /// Applies this stage as UIKit performs it: item updates as `kind` says,
  /// section updates always as reloads (sections have no reconfigure).
  ///
  /// A reload is a delete at its old position plus an insert at the
  /// position UIKit computes for it: the old position shifted by the
  /// stage's other deletes and inserts, but not by its moves (the batch
  /// update rules article gives the sources). So a reload can land on a
  /// move's destination (rule 3) or beside where its item belongs (the
  /// result differs from the in-place one). The old side is checked first
  /// as ``apply(to:)`` checks it, with updates named reloads.
  ///
  /// - Throws: ``Error`` as ``apply(to:)`` does; an error that a reload
  ///   causes names an ``BatchUpdate/Error/Operation/itemReload`` or
  ///   ``BatchUpdate/Error/Operation/sectionReload``.
  /// - Complexity: O(*n* + *k* log *k*), twice ``apply(to:)`` where it reloads.
  @inlinable
  public func apply(
    to old: Snapshot<SectionID, ItemID, Content>, updates kind: BatchUpdate.UpdateKind
  ) throws -> Snapshot<SectionID, ItemID, Content> {
    let reloadsItems = kind == .reload && !itemUpdates.isEmpty
    guard reloadsItems || !sectionUpdates.isEmpty else { return try apply(to: old) }
    // The old side, and everything but where reloads land, as in place.
    do {
      _ = try apply(to: old)
    } catch let error as Error {
      throw error._namingReloads(items: reloadsItems, itemPaths: [], sections: [])
    }
    let (stage, itemPaths, sections) = _reloadsAsDeletesAndInserts(on: old, items: reloadsItems)
    do {
      return try stage.apply(to: old)
    } catch let error as Error {
      throw error._namingReloads(items: reloadsItems, itemPaths: Set(itemPaths), sections: Set(sections))
    }
  }

  /// This stage with its reloads written as deletes and inserts (item
  /// updates only where `items`), and the new positions the reloads' inserts
  /// take. Call it on a stage whose old side keeps the rules.
  @inlinable
  internal func _reloadsAsDeletesAndInserts(
    on old: Snapshot<SectionID, ItemID, Content>, items: Bool
  ) -> (Self, itemPaths: [ItemPath], sections: [Int]) {
    var stage = self
    // Sections: shifted by section deletes and inserts, never by moves.
    let deletedSections = sectionDeletes.sorted()
    let insertedSections = sectionInserts.map(\.index).sorted()
    func newSection(_ s: Int) -> Int {
      var index = s - deletedSections.prefix { $0 < s }.count
      for inserted in insertedSections where inserted <= index { index += 1 }
      return index
    }
    var reloadedSections: [Int] = []
    for update in sectionUpdates {
      let section = old.section(at: update.index)
      let target = newSection(update.index)
      stage.sectionDeletes.append(update.index)
      stage.sectionInserts.append(
        SectionInsert(index: target, section: Section(section.id, content: update.content, items: section.items)))
      reloadedSections.append(target)
    }
    stage.sectionUpdates = []
    guard items else { return (stage, [], reloadedSections) }
    // Items: within their section, shifted by the section's item deletes and
    // inserts, never by moves. Reloads shift each other by one out and one in.
    var deletedItems: [Int: [Int]] = [:], insertedItems: [Int: [Int]] = [:]
    for path in itemDeletes { deletedItems[path.section, default: []].append(path.item) }
    itemInserts._forEachPath { insertedItems[$0.section, default: []].append($0.item) }
    for key in insertedItems.keys { insertedItems[key]!.sort() }
    var reloadedItems: [ItemPath] = []
    for update in itemUpdates {
      let section = newSection(update.path.section)
      var index = update.path.item - (deletedItems[update.path.section]?.count(where: { $0 < update.path.item }) ?? 0)
      for inserted in insertedItems[section] ?? [] where inserted <= index { index += 1 }
      let target = ItemPath(section: section, item: index)
      stage.itemDeletes.append(update.path)
      stage.itemInserts.append(ItemInsert(path: target, item: Item(old.item(at: update.path).id, content: update.content)))
      reloadedItems.append(target)
    }
    stage.itemUpdates = []
    return (stage, reloadedItems, reloadedSections)
  }
}

extension Changeset.Stage.Error {
  /// The error with the updates it names called reloads, and an insert at
  /// a reload's new position called the reload.
  @usableFromInline
  internal func _namingReloads(items: Bool, itemPaths: Set<ItemPath>, sections: Set<Int>) -> Self {
    guard case .brokenRule(let error) = self else { return self }
    typealias Operation = BatchUpdate.Error.Operation
    func name(_ op: Operation, at position: BatchUpdate.Error.Position?) -> Operation {
      switch (op, position) {
      case (.itemUpdate, _) where items: return .itemReload
      case (.sectionUpdate, _): return .sectionReload
      case (.itemInsert, .item(let p)?) where itemPaths.contains(p): return .itemReload
      case (.sectionInsert, .section(let s)?) where sections.contains(s): return .sectionReload
      default: return op
      }
    }
    switch error {
    case let .positionOutOfRange(op, position, isNew):
      return .brokenRule(.positionOutOfRange(name(op, at: position), position, isNew: isNew))
    case let .duplicateOldPosition(position, a, b):
      return .brokenRule(.duplicateOldPosition(position, name(a, at: position), name(b, at: position)))
    case let .duplicateNewPosition(position, a, b):
      // Two inserts at one position: one of them is the reload's.
      let first = name(a, at: position)
      return .brokenRule(.duplicateNewPosition(position, first, first != a ? b : name(b, at: position)))
    case let .itemOperationInDeletedSection(op, path):
      return .brokenRule(.itemOperationInDeletedSection(name(op, at: .item(path)), path))
    case let .itemOperationInInsertedSection(op, path):
      return .brokenRule(.itemOperationInInsertedSection(name(op, at: .item(path)), path))
    case let .itemOperationInChangedSection(op, path, change):
      return .brokenRule(.itemOperationInChangedSection(name(op, at: .item(path)), path, sectionChange: name(change, at: nil)))
    case let .invalidItemCount(section, count, op, path):
      return .brokenRule(.invalidItemCount(section: section, countAfterUpdate: count, name(op, at: .item(path)), path))
    }
  }
}
