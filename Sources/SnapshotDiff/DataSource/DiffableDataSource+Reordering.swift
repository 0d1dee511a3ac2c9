// Reordering by drag: the handlers UIKit calls and the transaction it hands
// the app.
//
// Source: Apple's API reference for `UICollectionViewDiffableDataSource.ReorderingHandlers`
// and `NSDiffableDataSourceTransaction`, and WWDC 2020 session 10045
// ("Advances in diffable data sources"), whose sample applies each section
// transaction's `difference` to the app's own array of that section's items.
// Reordering is enabled only when `canReorderItem` is set.

extension ContentDiffableDataSource {
  /// What one reorder did (`NSDiffableDataSourceTransaction`): the snapshots
  /// before and after, and their difference.
  public struct Transaction {
    /// What the screen showed before the drag.
    public let initialSnapshot: Snapshot
    /// What it shows after.
    public let finalSnapshot: Snapshot
    /// `finalSnapshot.itemIdentifiers` as the difference from
    /// `initialSnapshot.itemIdentifiers`, moves inferred: applying it to the
    /// initial ids gives the final ones.
    public let difference: CollectionDifference<ItemID>
    /// One per section whose items changed.
    public let sectionTransactions: [SectionTransaction]
  }

  /// What one reorder did to one section (`NSDiffableDataSourceSectionTransaction`).
  public struct SectionTransaction {
    public let sectionIdentifier: SectionID
    public let initialSnapshot: SectionSnapshot<ItemID, Content>
    public let finalSnapshot: SectionSnapshot<ItemID, Content>
    /// `finalSnapshot.items` as the difference from `initialSnapshot.items`,
    /// moves inferred: what an app applies to its array of the section's items.
    public let difference: CollectionDifference<ItemID>
  }

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
  /// A drag the screen would not allow stops the program: a path it does
  /// not show, or reordering not enabled (UIKit enables it only where
  /// `canReorderItem` is set). A drag `canReorderItem` refuses does not
  /// happen: `nil`, and nothing runs.
  ///
  /// - Returns: the transaction, or `nil` where `canReorderItem` refused.
  /// - Complexity: O(*n*) expected.
  @discardableResult
  public func reorderItem(from source: IndexPath, to destination: IndexPath) -> Transaction? {
    guard let item = itemIdentifier(for: source) else {
      _misuse(SnapshotEditError(.reorder, .pathNotFound(ItemPath(source).description)))
    }
    guard let canReorder = reorderingHandlers.canReorderItem else {
      _misuse(SnapshotEditError(.reorder, .reorderingNotEnabled))
    }
    guard canReorder(item) else { return nil }
    let source = ItemPath(source), destination = ItemPath(destination)
    let initial = current
    let fromSection = initial.sectionIdentifiers[source.section]
    guard destination.section >= 0, destination.section < initial.numberOfSections else {
      _misuse(SnapshotEditError(.reorder, .pathNotFound(destination.description)))
    }
    let toSection = initial.sectionIdentifiers[destination.section]
    let initialFrom = snapshot(for: fromSection), initialTo = snapshot(for: toSection)
    var from = initialFrom
    let moved = from.snapshot(of: item, includingParent: true)  // it is on the screen
    from.delete([item])
    var to = fromSection == toSection ? from : initialTo
    let rows = to.visibleItems
    guard destination.item >= 0, destination.item <= rows.count else {
      _misuse(SnapshotEditError(.reorder, .pathNotFound(destination.description)))
    }
    // The moved ids are not in `to` any more: none of these stops.
    if destination.item < rows.count {
      to.insert(moved, before: rows[destination.item])
    } else if let last = rows.last {
      to.insert(moved, after: last)
    } else {
      to = moved  // no row: the section snapshot is empty
    }
    if fromSection == toSection { from = to }
    var final = initial
    for (section, sectionSnapshot) in [(fromSection, from), (toSection, to)] {
      final.deleteItems(final.itemIdentifiers(inSection: section))
      final.appendItems(sectionSnapshot.visibleItemsWithContent, toSection: section)
    }
    var sectionTransactions = [SectionTransaction(
      sectionIdentifier: fromSection, initialSnapshot: initialFrom, finalSnapshot: from,
      difference: from.items.difference(from: initialFrom.items).inferringMoves())]
    if toSection != fromSection {
      sectionTransactions.append(SectionTransaction(
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

extension ContentDiffableDataSource.Transaction: Sendable where SectionID: Sendable, ItemID: Sendable, Content: Sendable {}
extension ContentDiffableDataSource.SectionTransaction: Sendable where SectionID: Sendable, ItemID: Sendable, Content: Sendable {}
