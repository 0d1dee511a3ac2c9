// What UIKit does with a batch that breaks a rule, in UIKit's words: the
// reason of the `NSInternalInconsistencyException` it raises, per operation
// pair and with its numbers, as public crash reports quote it, or that it
// raises none. One place for the words: the data source's errors and every
// verdict of the harness quote these, and the Batch update rules article's
// table lists them with their sources.

extension BatchUpdate {
  /// The view whose words a message takes: `UITableView` says "row" and
  /// "table view" where `UICollectionView` says "item" and "collection
  /// view". The referee models `UICollectionView`, whose words it quotes
  /// unless told otherwise.
  @usableFromInline
  package enum View: String, Sendable, CaseIterable {
    case collectionView = "collection"
    case tableView = "table"

    package var item: String { self == .tableView ? "row" : "item" }
    package var name: String { self == .tableView ? "table view" : "collection view" }
  }

  /// What UIKit does with a batch that breaks a rule.
  @usableFromInline
  package enum Reaction: Equatable, Sendable, CustomStringConvertible {
    /// It raises `NSInternalInconsistencyException` with this reason, as the
    /// source quotes it (UIKit appends the index path's object description,
    /// `(<NSIndexPath: 0x…> {length = 2, path = 0 - 1})`, to some reasons).
    case raises(String, source: String)
    /// It raises `NSInternalInconsistencyException`, whose reason for this
    /// operation no public report here pins down: what it is about.
    case raisesUnquoted(String)
    /// It raises nothing: what happens instead, and the report that says so.
    case noException(String, source: String)

    @usableFromInline package var description: String {
      switch self {
      case .raises(let reason, _): return "NSInternalInconsistencyException: \"\(reason)\""
      case .raisesUnquoted(let what): return "NSInternalInconsistencyException (\(what); its reason for this operation is not on record)"
      case .noException(let what, _): return "no exception: \(what)"
      }
    }

    /// Where the words are on record, or `nil` for an unquoted exception.
    package var source: String? {
      switch self {
      case .raises(_, let source), .noException(_, let source): return source
      case .raisesUnquoted: return nil
      }
    }
  }
}

extension BatchUpdate.Error {
  /// What UIKit does with a batch that breaks this rule, in `view`'s words.
  @usableFromInline
  package func reaction(in view: BatchUpdate.View = .collectionView) -> BatchUpdate.Reaction {
    let item = view.item
    switch self {
    case .positionOutOfRange(_, let position, let isNew):
      return .raisesUnquoted("\(position.isSection ? "a section" : "an index path") out of range \(isNew ? "after" : "before") the update")
    case .duplicateOldPosition(let position, let a, let b):
      let pair: Set = [a, b]
      if position.isSection { return .raisesUnquoted("one section used twice before the update") }
      if pair == [.itemDelete] {
        return .noException(
          "UIKit accepts a batch that deletes one index path twice, corrupts its state, and a later layout crashes (EXC_BAD_ACCESS)",
          source: "Instagram/IGListKit issue 689 and radar 31786176, iOS 10.3")
      }
      // A reload's words; a reconfigure beside a delete is not on record.
      if pair == [.itemDelete, .itemReload] {
        return .raises(
          "attempt to delete and reload the same index path",
          source: "mcudich/HeckelDiff issue 9; inloop/image-picker issue 21 (iOS 10.3.3)")
      }
      // A reload is a delete and an insert: moved and reloaded is deleted and moved.
      if pair == [.itemDelete, .itemMove] || pair == [.itemReload, .itemMove] {
        return .raises(
          "attempt to perform a delete and a move from the same index path",
          source: "lxcid/ListDiff issue 6 (0.1.0: an updated item moved and reloaded); TextureGroup/Texture pull request 507; Apple Developer Forums thread 751732 (a reload is a delete and an insert)")
      }
      return .raisesUnquoted("one index path used twice before the update")
    case .duplicateNewPosition(let position, let a, let b):
      let pair: Set = [a, b]
      switch position {
      case .section(let section):
        if pair == [.sectionInsert, .sectionMove] || pair == [.sectionReload, .sectionMove] {
          return .raises(
            "attempt to perform an insert and a move to the same section (\(section))",
            source: "Instagram/IGListKit issue 690 (a reloaded section displaced onto a move's destination)")
        }
        return .raisesUnquoted("one section used twice after the update")
      case .item:
        if pair == [.itemInsert, .itemMove] || pair == [.itemReload, .itemMove] {
          return .raises(
            "attempt to perform an insert and a move to the same index path",
            source: "osteslag/Changeset issue 11; Apple Developer Forums thread 751732 (a reload is a delete and an insert)")
        }
        return .raisesUnquoted("one index path used twice after the update")
      }
    case .itemOperationInDeletedSection:
      return .raisesUnquoted("an \(item) operation in a section the same update deletes")
    case .itemOperationInInsertedSection(let op, let path):
      if op == .itemMove && view == .tableView {
        return .raises(
          "cannot move a row into a newly inserted section (\(path.section))",
          source: "SwiftKickMobile/TLIndexPathTools issue 13 (UITableView)")
      }
      return .raisesUnquoted("an \(item) \(op == .itemMove ? "moved" : "inserted") into a section the same update inserts")
    case .itemOperationInChangedSection(let op, _, let change):
      if change == .sectionMove && op == .itemInsert {
        return .noException(
          "an item inserted into a moved section corrupts the heap in -[UICollectionViewUpdate _computeItemUpdates]; the app crashes later",
          source: "Instagram/IGListKit issue 691 (a radar, iOS 9.3)")
      }
      if change == .sectionMove && op == .itemDelete {
        return .raises("Attempt to create two animations for cell", source: "tonyarnold/Differ pull request 14")
      }
      return .raisesUnquoted("an \(item) operation in a section the same update \(change == .sectionMove ? "moves" : "reloads")")
    case .invalidItemCount(let section, let count, let op, let path):
      if op == .itemInsert {
        return .raises(
          "attempt to insert \(item) \(path.item) into section \(section), but there are only \(count) \(item)s in section \(section) after the update",
          source: "voxeet/voxeet-uxkit-reactnative issue 61 (UICollectionView, iOS 15.2); 5calls/ios issue 57 (UITableView)")
      }
      return .raisesUnquoted("an \(item) moved past the end of its section after the update")
    }
  }
}

extension BatchUpdate.Error.Position {
  var isSection: Bool {
    if case .section = self { return true }
    return false
  }
}
