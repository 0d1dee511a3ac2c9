// Outlines on the data source: one section's snapshot applied, and rows
// expanded and collapsed as a tap on their disclosure would.
//
// Source: Apple's API reference for `UICollectionViewDiffableDataSource`
// (`apply(_:to:animatingDifferences:completion:)`, `snapshot(for:)`,
// `sectionSnapshotHandlers`) and WWDC 2020 session 10045, "Advances in
// diffable data sources".

extension ContentDiffableDataSource {
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
  /// Another section holding one of its items stops the program: UIKit
  /// raises (the ids of a snapshot are unique across sections).
  ///
  /// - Complexity: O(*n*) expected, plus the strategy's diff.
  @discardableResult @inlinable
  public func apply(
    _ sectionSnapshot: SectionSnapshot<ItemID, Content>, to section: SectionID,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) -> [CollectionViewUpdate] {
    var snapshot = current
    if let rows = snapshot._items(inSection: section) {
      snapshot.deleteItems(rows.map(\.id))
    } else {
      snapshot.appendSections([section])
    }
    // The append that refuses an id held elsewhere, not the public one,
    // which moves it into place (iOS 15): here UIKit raises.
    let visible = sectionSnapshot.visibleItemsWithContent
    do throws(SnapshotEditError) {
      try snapshot._appendItems(visible.map(\.id), items: visible, toSection: section)
    } catch {
      _misuse(SnapshotEditError(.applyToSection, error.problem))
    }
    let applied = apply(snapshot, animatingDifferences: animatingDifferences)
    _sectionSnapshots[section] = sectionSnapshot
    _liveSince[section] = _commits
    completion?()
    return applied
  }

  /// Applies as ``apply(_:to:animatingDifferences:completion:)`` does, then
  /// returns, as UIKit's async `apply(_:to:animatingDifferences:)` does.
  @discardableResult @inlinable
  public func apply(
    _ sectionSnapshot: SectionSnapshot<ItemID, Content>, to section: SectionID, animatingDifferences: Bool = true
  ) async -> [CollectionViewUpdate] {
    apply(sectionSnapshot, to: section, animatingDifferences: animatingDifferences, completion: nil)
  }

  /// The section snapshot last applied to the section, or one whose root
  /// items are the section's rows.
  ///
  /// A section the screen does not have stops the program.
  ///
  /// - Complexity: O(1) for an applied one, O(*k*) expected for *k* rows otherwise.
  @inlinable
  public func snapshot(for section: SectionID) -> SectionSnapshot<ItemID, Content> {
    if let sectionSnapshot = _liveSectionSnapshot(section) { return sectionSnapshot }
    guard let rows = current._items(inSection: section) else {
      _misuse(SnapshotEditError(.snapshotForSection, .sectionNotFound(String(describing: section))))
    }
    var flat = SectionSnapshot<ItemID, Content>()
    flat.append(Array(rows))  // a snapshot's ids are distinct
    return flat
  }

  /// Expands a row as a tap on its disclosure does: `shouldExpandItem`,
  /// then `willExpandItem`, then `snapshotForExpandingParent` (its result
  /// replaces the row's children), then the section's apply, animated.
  ///
  /// - Returns: whether the row expanded (`false` when `shouldExpandItem`
  ///   refused, or it was expanded already).
  /// A row no applied section snapshot shows stops the program: there is
  /// no such disclosure to tap.
  @discardableResult @inlinable
  public func expand(_ item: ItemID) -> Bool {
    let (section, sectionSnapshot) = _outline(holding: item, for: .expand)
    guard !sectionSnapshot.isExpanded(item), sectionSnapshotHandlers.shouldExpandItem?(item) ?? true else { return false }
    sectionSnapshotHandlers.willExpandItem?(item)
    var next = sectionSnapshot
    if let children = sectionSnapshotHandlers.snapshotForExpandingParent {
      next.replace(childrenOf: item, using: children(item, next.snapshot(of: item)))
    }
    next.expand([item])
    apply(next, to: section)
    return true
  }

  /// Collapses a row as a tap on its disclosure does: `shouldCollapseItem`,
  /// then `willCollapseItem`, then the section's apply, animated.
  ///
  /// - Returns: whether the row collapsed.
  /// A row no applied section snapshot shows stops the program, as in ``expand(_:)``.
  @discardableResult @inlinable
  public func collapse(_ item: ItemID) -> Bool {
    let (section, sectionSnapshot) = _outline(holding: item, for: .collapse)
    guard sectionSnapshot.isExpanded(item), sectionSnapshotHandlers.shouldCollapseItem?(item) ?? true else { return false }
    sectionSnapshotHandlers.willCollapseItem?(item)
    var next = sectionSnapshot
    next.collapse([item])
    apply(next, to: section)
    return true
  }

  /// The section snapshot applied to a section, while the section shows
  /// its visible items (an apply of a whole snapshot may have changed them).
  ///
  /// - Complexity: O(1) when nothing was applied since the section
  ///   snapshot was, or since its rows were last compared; otherwise
  ///   O(*k*) for the section's *k* rows (a tap on a large outline is then
  ///   no walk of its rows).
  @inlinable
  func _liveSectionSnapshot(_ section: SectionID) -> SectionSnapshot<ItemID, Content>? {
    guard let sectionSnapshot = _sectionSnapshots[section] else { return nil }
    if _liveSince[section] == _commits { return sectionSnapshot }
    guard let rows = current._items(inSection: section), rows.elementsEqual(sectionSnapshot.visibleItemsWithContent) else { return nil }
    _liveSince[section] = _commits
    return sectionSnapshot
  }

  /// The applied section snapshot that holds a visible row.
  @inlinable
  func _outline(holding item: ItemID, for operation: SnapshotEditError.Operation) -> (SectionID, SectionSnapshot<ItemID, Content>) {
    guard let section = current.sectionIdentifier(containingItem: item), let sectionSnapshot = _liveSectionSnapshot(section) else {
      _misuse(SnapshotEditError(operation, .itemNotFound(String(describing: item))))
    }
    return (section, sectionSnapshot)
  }
}
