// Reordering by drag: the handlers UIKit calls and the transaction it hands
// the app.
//
// Source: Apple's API reference for `UICollectionViewDiffableDataSource.ReorderingHandlers`
// and `NSDiffableDataSourceTransaction`, and WWDC 2020 session 10045
// ("Advances in diffable data sources"), whose sample applies each section
// transaction's `difference` to the app's own array of that section's items.
// Reordering is enabled only when `canReorderItem` is set.

/// What one reorder did (`NSDiffableDataSourceTransaction`): the snapshots
/// before and after, and their difference.
public struct DiffableDataSourceTransaction<SectionID: Hashable, ItemID: Hashable, Content: Equatable> {
  /// What the screen showed before the drag.
  public let initialSnapshot: Snapshot<SectionID, ItemID, Content>
  /// What it shows after.
  public let finalSnapshot: Snapshot<SectionID, ItemID, Content>
  /// `finalSnapshot.itemIdentifiers` as the difference from
  /// `initialSnapshot.itemIdentifiers`, moves inferred: applying it to the
  /// initial ids gives the final ones.
  public let difference: CollectionDifference<ItemID>
  /// One per section whose items changed.
  public let sectionTransactions: [DiffableDataSourceSectionTransaction<SectionID, ItemID, Content>]
}

/// What one reorder did to one section (`NSDiffableDataSourceSectionTransaction`).
public struct DiffableDataSourceSectionTransaction<SectionID: Hashable, ItemID: Hashable, Content: Equatable> {
  public let sectionIdentifier: SectionID
  public let initialSnapshot: SectionSnapshot<ItemID, Content>
  public let finalSnapshot: SectionSnapshot<ItemID, Content>
  /// `finalSnapshot.items` as the difference from `initialSnapshot.items`,
  /// moves inferred: what an app applies to its array of the section's items.
  public let difference: CollectionDifference<ItemID>
}

extension DiffableDataSource {
  public typealias Transaction = DiffableDataSourceTransaction<SectionID, ItemID, Content>

  /// The closures UIKit calls as the user drags a row
  /// (`UICollectionViewDiffableDataSource.ReorderingHandlers`).
  public struct ReorderingHandlers {
    /// Whether the row may be dragged. Reordering is off while it is `nil`.
    public var canReorderItem: ((ItemID) -> Bool)?
    /// Called with the transaction just before the data source takes the new order.
    public var willReorder: ((Transaction) -> Void)?
    /// Called with the transaction just after.
    public var didReorder: ((Transaction) -> Void)?

    public init() {}
  }

  /// Drags the row at `source` to `destination` as the user would: the
  /// row ends at `destination` (a path in the screen after the drag).
  /// In an outline section the row moves with its descendants, as a
  /// sibling of the row it lands before (or after the last row).
  ///
  /// `canReorderItem`, then `willReorder`, then the new order taken, then
  /// `didReorder`. The collection view moved the cell itself, so no batch
  /// update is recorded.
  ///
  /// - Returns: the transaction.
  /// - Throws: ``DataSourceError/invalidEdit(_:)`` when a path is not on
  ///   the screen or `canReorderItem` is unset or refuses.
  /// - Complexity: O(*n*) expected.
  @discardableResult
  public func reorderItem(from source: ItemPath, to destination: ItemPath) throws(DataSourceError) -> Transaction {
    guard let item = itemIdentifier(for: source) else {
      throw .invalidEdit(SnapshotEditError(.reorder, .pathNotFound(source.description)))
    }
    guard let canReorder = reorderingHandlers.canReorderItem, canReorder(item) else {
      throw .invalidEdit(SnapshotEditError(.reorder, .refusedByHandler(String(describing: item))))
    }
    let initial = current
    let fromSection = initial.sectionIdentifiers[source.section]
    guard destination.section >= 0, destination.section < initial.numberOfSections else {
      throw .invalidEdit(SnapshotEditError(.reorder, .pathNotFound(destination.description)))
    }
    let toSection = initial.sectionIdentifiers[destination.section]
    let initialFrom = try snapshot(for: fromSection), initialTo = try snapshot(for: toSection)
    var from = initialFrom
    let moved = try! from.snapshot(of: item, includingParent: true)  // it is on the screen
    try! from.delete([item])
    var to = fromSection == toSection ? from : initialTo
    let rows = to.visibleItems
    guard destination.item >= 0, destination.item <= rows.count else {
      throw .invalidEdit(SnapshotEditError(.reorder, .pathNotFound(destination.description)))
    }
    // The moved ids are not in `to` any more: none of these throws.
    if destination.item < rows.count {
      try! to.insert(moved, before: rows[destination.item])
    } else if let last = rows.last {
      try! to.insert(moved, after: last)
    } else {
      to._graft(moved, under: nil)
      to._roots = moved._roots
    }
    if fromSection == toSection { from = to }
    var final = initial
    for (section, sectionSnapshot) in [(fromSection, from), (toSection, to)] {
      try! final.deleteItems(final.itemIdentifiers(inSection: section))
      try! final.appendItems(sectionSnapshot.visibleItemsWithContent, toSection: section)
    }
    var sectionTransactions = [DiffableDataSourceSectionTransaction(
      sectionIdentifier: fromSection, initialSnapshot: initialFrom, finalSnapshot: from,
      difference: from.items.difference(from: initialFrom.items).inferringMoves())]
    if toSection != fromSection {
      sectionTransactions.append(DiffableDataSourceSectionTransaction(
        sectionIdentifier: toSection, initialSnapshot: initialTo, finalSnapshot: to,
        difference: to.items.difference(from: initialTo.items).inferringMoves()))
    }
    let transaction = Transaction(
      initialSnapshot: initial, finalSnapshot: final,
      difference: final.itemIdentifiers.difference(from: initial.itemIdentifiers).inferringMoves(),
      sectionTransactions: sectionTransactions)
    reorderingHandlers.willReorder?(transaction)
    let outlines = [fromSection, toSection].filter { _liveSectionSnapshot($0) != nil }
    commit(final, [])
    for (section, sectionSnapshot) in [(fromSection, from), (toSection, to)] where outlines.contains(section) {
      _sectionSnapshots[section] = sectionSnapshot
    }
    reorderingHandlers.didReorder?(transaction)
    return transaction
  }
}

extension DiffableDataSourceTransaction: Sendable where SectionID: Sendable, ItemID: Sendable, Content: Sendable {}
extension DiffableDataSourceSectionTransaction: Sendable where SectionID: Sendable, ItemID: Sendable, Content: Sendable {}
