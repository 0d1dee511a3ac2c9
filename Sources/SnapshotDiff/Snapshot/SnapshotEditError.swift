/// Why an edit of a snapshot was refused: where `NSDiffableDataSourceSnapshot`
/// raises an exception, ``Snapshot`` throws this and stays as it was.
///
/// It names the operation, with UIKit's signature, and the identifier:
/// `insertItems(_:beforeItem:): item "p9" not found`.
public struct SnapshotEditError: Error, Hashable, Sendable {
  /// The snapshot member that refused, by its UIKit signature.
  public enum Operation: String, Hashable, Sendable {
    case appendSections = "appendSections(_:)"
    case insertSectionsBefore = "insertSections(_:beforeSection:)"
    case insertSectionsAfter = "insertSections(_:afterSection:)"
    case deleteSections = "deleteSections(_:)"
    case moveSectionBefore = "moveSection(_:beforeSection:)"
    case moveSectionAfter = "moveSection(_:afterSection:)"
    case reloadSections = "reloadSections(_:)"
    case appendItems = "appendItems(_:toSection:)"
    case insertItemsBefore = "insertItems(_:beforeItem:)"
    case insertItemsAfter = "insertItems(_:afterItem:)"
    case deleteItems = "deleteItems(_:)"
    case moveItemBefore = "moveItem(_:beforeItem:)"
    case moveItemAfter = "moveItem(_:afterItem:)"
    case reloadItems = "reloadItems(_:)"
    case reconfigureItems = "reconfigureItems(_:)"
    case numberOfItemsInSection = "numberOfItems(inSection:)"
    case itemIdentifiersInSection = "itemIdentifiers(inSection:)"
    // A section snapshot's (``SectionSnapshot``), by UIKit's signatures.
    case append = "append(_:to:)"
    case insertBefore = "insert(_:before:)"
    case insertAfter = "insert(_:after:)"
    case delete = "delete(_:)"
    case expand = "expand(_:)"
    case collapse = "collapse(_:)"
    case replaceChildren = "replace(childrenOf:using:)"
    case snapshotOfParent = "snapshot(of:includingParent:)"
    case level = "level(of:)"
    case parent = "parent(of:)"
    case updateContent = "updateContent(_:of:)"
    // The data source's section snapshot and reordering calls.
    case applyToSection = "apply(_:to:animatingDifferences:)"
    case snapshotForSection = "snapshot(for:)"
    case reorder = "reorderItem(from:to:)"
  }

  /// What was wrong, with the identifier's description.
  public enum Problem: Hashable, Sendable {
    /// The operation named an item the snapshot does not hold.
    case itemNotFound(String)
    /// The operation named a section the snapshot does not hold.
    case sectionNotFound(String)
    /// The item would be there twice (already present, or listed twice).
    case duplicateItem(String)
    /// The section would be there twice (already present, or listed twice).
    case duplicateSection(String)
    /// An item moved before or after itself.
    case itemRelativeToItself(String)
    /// A section moved before or after itself.
    case sectionRelativeToItself(String)
    /// Items appended with no section named, to a snapshot with no section.
    case noSection
    /// An item placed among its own descendants.
    case itemInsideItself(String)
    /// An index path the screen does not show.
    case pathNotFound(String)
    /// The app's handler refused (`canReorderItem`).
    case refusedByHandler(String)
  }

  public var operation: Operation
  public var problem: Problem

  @inlinable
  public init(_ operation: Operation, _ problem: Problem) {
    self.operation = operation
    self.problem = problem
  }
}

extension SnapshotEditError: CustomStringConvertible {
  public var description: String {
    let what: String
    switch problem {
    case .itemNotFound(let id): what = "item \"\(id)\" not found"
    case .sectionNotFound(let id): what = "section \"\(id)\" not found"
    case .duplicateItem(let id): what = "item \"\(id)\" would be in the snapshot twice"
    case .duplicateSection(let id): what = "section \"\(id)\" would be in the snapshot twice"
    case .itemRelativeToItself(let id): what = "item \"\(id)\" cannot move relative to itself"
    case .sectionRelativeToItself(let id): what = "section \"\(id)\" cannot move relative to itself"
    case .noSection: what = "the snapshot has no section to append to"
    case .itemInsideItself(let id): what = "item \"\(id)\" cannot be placed among its own descendants"
    case .pathNotFound(let path): what = "no item at \(path)"
    case .refusedByHandler(let id): what = "canReorderItem refused item \"\(id)\""
    }
    return "\(operation.rawValue): \(what)"
  }
}
