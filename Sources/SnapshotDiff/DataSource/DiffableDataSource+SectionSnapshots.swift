// Outlines on the data source: one section's snapshot applied, and rows
// expanded and collapsed as a tap on their disclosure would.
//
// Source: Apple's API reference for `UICollectionViewDiffableDataSource`
// (`apply(_:to:animatingDifferences:completion:)`, `snapshot(for:)`,
// `sectionSnapshotHandlers`) and WWDC 2020 session 10045, "Advances in
// diffable data sources".

extension DiffableDataSource {
  /// The closures UIKit calls as the user expands or collapses a row
  /// (`UICollectionViewDiffableDataSource.SectionSnapshotHandlers`).
  public struct SectionSnapshotHandlers {
    /// Whether the row may expand (`nil`: it may).
    public var shouldExpandItem: ((ItemID) -> Bool)?
    /// Called just before the row expands.
    public var willExpandItem: ((ItemID) -> Void)?
    /// Whether the row may collapse (`nil`: it may).
    public var shouldCollapseItem: ((ItemID) -> Bool)?
    /// Called just before the row collapses.
    public var willCollapseItem: ((ItemID) -> Void)?
    /// The children to show as the row expands, given the parent and a
    /// section snapshot of its present children (for loading them lazily).
    public var snapshotForExpandingParent: ((ItemID, SectionSnapshot<ItemID, Content>) -> SectionSnapshot<ItemID, Content>)?

    public init() {}
  }

  /// Replaces one section's rows with the section snapshot's visible items,
  /// diffed by the strategy and checked as every apply is; the section is
  /// appended if the screen has none by that id. Other sections keep theirs.
  ///
  /// - Throws: ``DataSourceError/invalidEdit(_:)`` when another section
  ///   holds one of its items (UIKit raises), or what
  ///   ``apply(_:animatingDifferences:completion:)`` throws. The data
  ///   source is then left as it was.
  /// - Complexity: O(*n*) expected, plus the strategy's diff.
  @discardableResult
  public func apply(
    _ sectionSnapshot: SectionSnapshot<ItemID, Content>, to section: SectionID,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) throws(DataSourceError) -> [CollectionViewUpdate] {
    var snapshot = current
    do {
      if let rows = snapshot._items(inSection: section) {
        try snapshot.deleteItems(rows.map(\.id))
      } else {
        try snapshot.appendSections([section])
      }
      try snapshot.appendItems(sectionSnapshot.visibleItemsWithContent, toSection: section)
    } catch {
      throw .invalidEdit(SnapshotEditError(.applyToSection, error.problem))
    }
    let applied = try apply(snapshot, animatingDifferences: animatingDifferences)
    _sectionSnapshots[section] = sectionSnapshot
    completion?()
    return applied
  }

  /// The section snapshot last applied to the section, or one whose root
  /// items are the section's rows.
  ///
  /// - Throws: ``DataSourceError/invalidEdit(_:)`` when the screen has no
  ///   such section.
  /// - Complexity: O(1) for an applied one, O(*k*) expected for *k* rows otherwise.
  public func snapshot(for section: SectionID) throws(DataSourceError) -> SectionSnapshot<ItemID, Content> {
    if let sectionSnapshot = _liveSectionSnapshot(section) { return sectionSnapshot }
    guard let rows = current._items(inSection: section) else {
      throw .invalidEdit(SnapshotEditError(.snapshotForSection, .sectionNotFound(String(describing: section))))
    }
    var flat = SectionSnapshot<ItemID, Content>()
    try! flat.append(Array(rows))  // a snapshot's ids are distinct
    return flat
  }

  /// Expands a row as a tap on its disclosure does: `shouldExpandItem`,
  /// then `willExpandItem`, then `snapshotForExpandingParent` (its result
  /// replaces the row's children), then the section's apply, animated.
  ///
  /// - Returns: whether the row expanded (`false` when `shouldExpandItem`
  ///   refused, or it was expanded already).
  /// - Throws: ``DataSourceError/invalidEdit(_:)`` when no applied section
  ///   snapshot holds the item, or what the apply throws.
  @discardableResult
  public func expand(_ item: ItemID) throws(DataSourceError) -> Bool {
    let (section, sectionSnapshot) = try _outline(holding: item, for: .expand)
    guard !sectionSnapshot.isExpanded(item), sectionSnapshotHandlers.shouldExpandItem?(item) ?? true else { return false }
    sectionSnapshotHandlers.willExpandItem?(item)
    var next = sectionSnapshot
    do {
      if let children = sectionSnapshotHandlers.snapshotForExpandingParent {
        try next.replace(childrenOf: item, using: children(item, try next.snapshot(of: item)))
      }
      try next.expand([item])
    } catch {
      throw .invalidEdit(error)
    }
    try apply(next, to: section)
    return true
  }

  /// Collapses a row as a tap on its disclosure does: `shouldCollapseItem`,
  /// then `willCollapseItem`, then the section's apply, animated.
  ///
  /// - Returns: whether the row collapsed.
  /// - Throws: as ``expand(_:)``.
  @discardableResult
  public func collapse(_ item: ItemID) throws(DataSourceError) -> Bool {
    let (section, sectionSnapshot) = try _outline(holding: item, for: .collapse)
    guard sectionSnapshot.isExpanded(item), sectionSnapshotHandlers.shouldCollapseItem?(item) ?? true else { return false }
    sectionSnapshotHandlers.willCollapseItem?(item)
    var next = sectionSnapshot
    do { try next.collapse([item]) } catch { throw .invalidEdit(error) }
    try apply(next, to: section)
    return true
  }

  /// The section snapshot applied to a section, while the section shows
  /// its visible items (an apply of a whole snapshot may have changed them).
  ///
  /// - Complexity: O(*k*) for the section's *k* rows.
  func _liveSectionSnapshot(_ section: SectionID) -> SectionSnapshot<ItemID, Content>? {
    guard let sectionSnapshot = _sectionSnapshots[section],
      let rows = current._items(inSection: section), rows.elementsEqual(sectionSnapshot.visibleItemsWithContent)
    else { return nil }
    return sectionSnapshot
  }

  /// The applied section snapshot that holds a visible row.
  func _outline(holding item: ItemID, for operation: SnapshotEditError.Operation) throws(DataSourceError) -> (SectionID, SectionSnapshot<ItemID, Content>) {
    guard let section = current.sectionIdentifier(containingItem: item), let sectionSnapshot = _liveSectionSnapshot(section) else {
      throw .invalidEdit(SnapshotEditError(operation, .itemNotFound(String(describing: item))))
    }
    return (section, sectionSnapshot)
  }
}
