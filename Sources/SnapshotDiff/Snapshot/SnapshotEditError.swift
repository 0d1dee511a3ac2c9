#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an edit of a snapshot is a programmer's misuse: where
/// `NSDiffableDataSourceSnapshot` raises an exception, the edit stops the
/// program with this as its message (``_misuse(_:)``).
///
/// It names the operation, with UIKit's signature, and the identifier:
/// `insertItems(_:beforeItem:): item "p9" not found`; where UIKit's own
/// words are on record, they are the message.
@usableFromInline
internal struct SnapshotEditError: Error, Hashable, Sendable {
  /// The snapshot member that refused, by its UIKit signature.
  @usableFromInline
  internal enum Operation: String, Hashable, Sendable {
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
    case updateSectionContent = "updateContent(_:ofSection:)"
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
  @usableFromInline
  internal enum Problem: Hashable, Sendable {
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
    /// A drag where reordering is not enabled (`canReorderItem` unset).
    case reorderingNotEnabled
  }

  @usableFromInline internal var operation: Operation
  @usableFromInline internal var problem: Problem

  @inlinable
  internal init(_ operation: Operation, _ problem: Problem) {
    self.operation = operation
    self.problem = problem
  }
}

extension SnapshotEditError: CustomStringConvertible {
  /// The operations of a section snapshot, whose duplicate ids UIKit words
  /// apart from a snapshot's.
  var isSectionSnapshotOperation: Bool {
    switch operation {
    case .append, .insertBefore, .insertAfter, .replaceChildren, .delete, .expand, .collapse, .snapshotOfParent, .level,
      .parent, .updateContent:
      return true
    default:
      return false
    }
  }

  @usableFromInline
  var description: String {
    let what: String
    switch problem {
    case .itemNotFound(let id): what = "item \"\(id)\" not found"
    case .sectionNotFound(let id): what = "section \"\(id)\" not found"
    // UIKit's words: IQListKit#3 (a section snapshot), owncloud/ios-app#1585
    // and ASCollectionView#80 (a snapshot).
    case .duplicateItem(let id) where isSectionSnapshotOperation:
      what = "Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\(id))}"
    case .duplicateItem(let id): what = "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\(id))}"
    case .duplicateSection(let id): what = "section \"\(id)\" would be in the snapshot twice"
    case .itemRelativeToItself(let id): what = "item \"\(id)\" cannot move relative to itself"
    case .sectionRelativeToItself(let id): what = "section \"\(id)\" cannot move relative to itself"
    case .noSection: what = "the snapshot has no section to append to"
    case .itemInsideItself(let id): what = "item \"\(id)\" cannot be placed among its own descendants"
    case .pathNotFound(let path): what = "no item at \(path)"
    case .reorderingNotEnabled: what = "reordering is not enabled: set reorderingHandlers.canReorderItem"
    }
    return "\(operation.rawValue): \(what)"
  }
}

/// Stops the program on a misuse of the UIKit-shaped API, as UIKit raises
/// `NSInternalInconsistencyException`: the message names the call and the
/// id. Out of line, so that the callers' fast paths stay small.
@usableFromInline @inline(never)
internal func _misuse(_ error: SnapshotEditError) -> Never {
  fatalError(error.description)
}

/// UIKit's warning for ids appended or inserted that the snapshot holds
/// already (iOS 15 on: they are moved into place), on standard error.
@usableFromInline @inline(never)
internal func _warnItemsAlreadyExist(_ ids: [String]) {
  let n = ids.count
  let one = n == 1
  let message = "Diffable data source detected an attempt to insert or append \(n) item identifier\(one ? "" : "s") that "
    + "\(one ? "already exists" : "already exist") in the snapshot. The existing item identifier\(one ? "" : "s") will be moved "
    + "into place instead, but this operation will be more expensive. For best performance, inserted item identifiers "
    + "should always be unique. Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS "
    + "to catch this in the debugger. Item identifiers that already exist: (\n    " + ids.joined(separator: ",\n    ") + "\n)\n"
  _ = message.withCString { write(2, $0, strlen($0)) }
}
