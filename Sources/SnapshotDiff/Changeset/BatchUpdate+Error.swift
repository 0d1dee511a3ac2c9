extension BatchUpdate {
  /// The rules of one `performBatchUpdates` block, modelled on
  /// `UICollectionView`: one case per rule broken.
  ///
  /// A stage that breaks one of these is invalid; UIKit would throw or corrupt
  /// its state. ``Changeset/Stage/apply(to:)`` checks them in rule order and
  /// throws the first one broken.
  public enum Error: Swift.Error, Hashable, Sendable {
    /// Rule 1: every old coordinate exists in the old state, and every new
    /// coordinate in the new state. `isNew` tells which side.
    case positionOutOfRange(Operation, Position, isNew: Bool)
    /// Rule 2: an old position appears at most once among deletes, move sources
    /// and updates ("attempt to delete and reload the same index path").
    case duplicateOldPosition(Position, Operation, Operation)
    /// Rule 3: a new position appears at most once among inserts and move
    /// destinations ("an insert and a move to the same index path").
    case duplicateNewPosition(Position, Operation, Operation)
    /// Rule 4: an item delete, move source or update inside a section this stage
    /// deletes ("cannot move an item from a deleted section").
    case itemOperationInDeletedSection(Operation, ItemPath)
    /// Rule 5: an item insert or move destination inside a section this stage
    /// inserts: an inserted section arrives with its items.
    case itemOperationInInsertedSection(Operation, ItemPath)
    /// Rule 6: an item operation inside a section this stage moves or updates.
    case itemOperationInChangedSection(Operation, ItemPath, sectionChange: Operation)
    /// Rule 7: the counts do not add up: a destination lies beyond the section's
    /// count after the update (old − deletes − moves out + inserts + moves in).
    case invalidItemCount(section: Int, countAfterUpdate: Int, Operation, ItemPath)

    /// The number of the rule (1–7), as in the Changesets and batch update rules article.
    public var rule: Int {
      switch self {
      case .positionOutOfRange: return 1
      case .duplicateOldPosition: return 2
      case .duplicateNewPosition: return 3
      case .itemOperationInDeletedSection: return 4
      case .itemOperationInInsertedSection: return 5
      case .itemOperationInChangedSection: return 6
      case .invalidItemCount: return 7
      }
    }
  }
}

extension BatchUpdate.Error: CustomStringConvertible {
  public var description: String {
    let text: String
    switch self {
    case let .positionOutOfRange(op, position, isNew):
      text = "\(op) at \(position) does not exist in the \(isNew ? "new" : "old") state"
    case let .duplicateOldPosition(position, first, second):
      text = "\(position) is the old position of both \(first.withArticle) and \(second.withArticle)"
    case let .duplicateNewPosition(position, first, second):
      text = "\(position) is the new position of both \(first.withArticle) and \(second.withArticle)"
    case let .itemOperationInDeletedSection(op, path):
      text = "\(op) at \(path) is inside a section this stage deletes"
    case let .itemOperationInInsertedSection(op, path):
      text = "\(op) to \(path) is inside a section this stage inserts"
    case let .itemOperationInChangedSection(op, path, change):
      text = "\(op) at \(path) is inside a section this stage also has \(change.withArticle) for"
    case let .invalidItemCount(section, count, op, path):
      text = "invalid number of items in section \(section): \(count) after the update, but \(op.withArticle) targets \(path)"
    }
    return "rule \(rule): \(text)"
  }
}

extension BatchUpdate.Error {
  /// A kind of operation in a stage, as named in error messages.
  public enum Operation: String, Hashable, Sendable, CustomStringConvertible {
    case sectionDelete = "section delete"
    case sectionInsert = "section insert"
    case sectionMove = "section move"
    case sectionUpdate = "section update"
    case itemDelete = "item delete"
    case itemInsert = "item insert"
    case itemMove = "item move"
    case itemUpdate = "item update"
    /// An item update performed as `reloadItems`: a delete and an insert.
    case itemReload = "item reload"
    /// A section update: always `reloadSections`, a delete and an insert.
    case sectionReload = "section reload"
    public var description: String { rawValue }

    /// "an item move", "a section delete".
    var withArticle: String { (rawValue.hasPrefix("item") ? "an " : "a ") + rawValue }
  }

  /// A coordinate in a stage: a section index or an item index path.
  public enum Position: Hashable, Sendable, CustomStringConvertible {
    case section(Int)
    case item(ItemPath)
    public var description: String {
      switch self {
      case .section(let s): return "section \(s)"
      case .item(let p): return "item \(p)"
      }
    }
  }
}
