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
    if let s = snapshot._lookUp(section: section) {
      if current.itemRange(ofSection: s).count == current.numberOfItems {
        snapshot = current._sectionsWithoutItems()
      } else {
        snapshot._deleteItems(ofSection: s)
      }
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
  ///
  /// - Complexity: O(*d*) expected for the *d* rows it shows, plus the
  ///   apply of the screen's snapshot with them inserted after its row.
  @discardableResult @inlinable
  public func expand(_ item: ItemID) -> Bool {
    let section = _outline(holding: item, for: .expand)
    guard !_sectionSnapshots[section]!.isExpanded(item), sectionSnapshotHandlers.shouldExpandItem?(item) ?? true else { return false }
    sectionSnapshotHandlers.willExpandItem?(item)
    let children = sectionSnapshotHandlers.snapshotForExpandingParent.map { $0(item, _sectionSnapshots[section]!.snapshot(of: item)) }
    // Taken out, so that it changes in place rather than as a copy of every node.
    var next = _sectionSnapshots.removeValue(forKey: section)!
    // Collapsed, its children show nowhere: replacing them changes no row.
    if let children { next.replace(childrenOf: item, using: children) }
    next.expand([item])
    _tap(item, showing: next._rowsShown(below: item), hiding: [], in: section, next)
    return true
  }

  /// Collapses a row as a tap on its disclosure does: `shouldCollapseItem`,
  /// then `willCollapseItem`, then the section's apply, animated.
  ///
  /// - Returns: whether the row collapsed.
  /// A row no applied section snapshot shows stops the program, as in ``expand(_:)``.
  ///
  /// - Complexity: as ``expand(_:)``, for the rows it hides.
  @discardableResult @inlinable
  public func collapse(_ item: ItemID) -> Bool {
    let section = _outline(holding: item, for: .collapse)
    guard _sectionSnapshots[section]!.isExpanded(item), sectionSnapshotHandlers.shouldCollapseItem?(item) ?? true else { return false }
    sectionSnapshotHandlers.willCollapseItem?(item)
    var next = _sectionSnapshots.removeValue(forKey: section)!
    let hidden = next._rowsShown(below: item)
    next.collapse([item])
    _tap(item, showing: [], hiding: hidden, in: section, next)
    return true
  }

  /// A tap's apply: the screen's rows with what the row now shows inserted
  /// just after it, or what it hid deleted, which is the section
  /// snapshot's visible items (the section showed them before the tap).
  /// Diffed and checked as every apply is, without rebuilding the
  /// section's rows (a tap on 10,020 rows walked and rebuilt them all:
  /// 17 M instructions, counted).
  @inlinable
  func _tap(_ item: ItemID, showing shown: [SectionSnapshot<ItemID, Content>.Item], hiding hidden: [SectionSnapshot<ItemID, Content>.Item], in section: SectionID, _ next: SectionSnapshot<ItemID, Content>) {
    var snapshot = current
    if !hidden.isEmpty { snapshot.deleteItems(hidden.map(\.id)) }
    if !shown.isEmpty {
      // The insert that refuses an id held elsewhere, as the section's apply does.
      do throws(SnapshotEditError) {
        try snapshot._insertItems(shown.map(\.id), items: shown, relativeTo: item, after: true, for: .applyToSection)
      } catch {
        _misuse(SnapshotEditError(.applyToSection, error.problem))
      }
    }
    apply(snapshot, animatingDifferences: true)
    _sectionSnapshots[section] = next
    _liveSince[section] = _commits
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

  /// The section whose applied section snapshot shows a row (it is live:
  /// the section's rows are its visible items).
  @inlinable
  func _outline(holding item: ItemID, for operation: SnapshotEditError.Operation) -> SectionID {
    guard let section = current.sectionIdentifier(containingItem: item), _liveSectionSnapshot(section) != nil else {
      _misuse(SnapshotEditError(operation, .itemNotFound(String(describing: item))))
    }
    return section
  }
}
