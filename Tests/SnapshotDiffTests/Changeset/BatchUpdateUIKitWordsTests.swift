@testable import SnapshotDiff
import Testing

/// UIKit's words for each rule broken, per operation pair and view, with
/// its numbers, as the public reports quote them (the Batch update rules
/// article's table); where UIKit raises none, no words are quoted.
@Suite struct BatchUpdateUIKitWordsTests {
  typealias E = BatchUpdate.Error
  static let p = ItemPath(section: 0, item: 1)

  /// Each quoted case: the error, the view, and the reason UIKit gives.
  static let quoted: [(E, BatchUpdate.View, String)] = [
    (.duplicateOldPosition(.item(p), .itemDelete, .itemReload), .collectionView, "attempt to delete and reload the same index path"),
    (.duplicateOldPosition(.item(p), .itemReload, .itemDelete), .tableView, "attempt to delete and reload the same index path"),
    (.duplicateOldPosition(.item(p), .itemDelete, .itemMove), .collectionView, "attempt to perform a delete and a move from the same index path"),
    (.duplicateOldPosition(.item(p), .itemMove, .itemReload), .collectionView, "attempt to perform a delete and a move from the same index path"),
    (.duplicateNewPosition(.item(p), .itemInsert, .itemMove), .collectionView, "attempt to perform an insert and a move to the same index path"),
    (.duplicateNewPosition(.item(p), .itemMove, .itemReload), .collectionView, "attempt to perform an insert and a move to the same index path"),
    (.duplicateNewPosition(.section(4), .sectionReload, .sectionMove), .collectionView, "attempt to perform an insert and a move to the same section (4)"),
    (.duplicateNewPosition(.section(2), .sectionInsert, .sectionMove), .collectionView, "attempt to perform an insert and a move to the same section (2)"),
    (.itemOperationInInsertedSection(.itemMove, ItemPath(section: 2, item: 0)), .tableView, "cannot move a row into a newly inserted section (2)"),
    (.itemOperationInChangedSection(.itemDelete, p, sectionChange: .sectionMove), .collectionView, "Attempt to create two animations for cell"),
    (
      .invalidItemCount(section: 0, countAfterUpdate: 8, .itemInsert, ItemPath(section: 0, item: 8)), .collectionView,
      "attempt to insert item 8 into section 0, but there are only 8 items in section 0 after the update"
    ),
    (
      .invalidItemCount(section: 0, countAfterUpdate: 8, .itemInsert, ItemPath(section: 0, item: 8)), .tableView,
      "attempt to insert row 8 into section 0, but there are only 8 rows in section 0 after the update"
    ),
  ]

  @Test func eachQuotedPairIsInUIKitsWordsWithItsNumbersAndSource() {
    for (error, view, reason) in Self.quoted {
      let reaction = error.reaction(in: view)
      #expect(reaction == .raises(reason, source: reaction.source ?? ""), "\(error) (\(view)): \(reaction)")
      #expect(reaction.description == "NSInternalInconsistencyException: \"\(reason)\"")
      #expect(reaction.source?.isEmpty == false)
    }
  }

  /// Where UIKit raised nothing, the verdict says so and quotes nothing.
  @Test func whereUIKitRaisedNothingNoWordsAreQuoted() {
    let twice = E.duplicateOldPosition(.item(Self.p), .itemDelete, .itemDelete).reaction()
    #expect(twice.description.hasPrefix("no exception: "))
    #expect(twice.source?.contains("IGListKit issue 689") == true)
    let intoMoved = E.itemOperationInChangedSection(.itemInsert, Self.p, sectionChange: .sectionMove).reaction()
    #expect(intoMoved.description.hasPrefix("no exception: "))
    #expect(intoMoved.source?.contains("IGListKit issue 691") == true)
  }

  /// A pair no report pins down names the exception and quotes nothing:
  /// the collection view's words for a move into an inserted section are
  /// not on record (the table view's are), nor a reconfigure beside a delete.
  @Test func anUnrecordedPairQuotesNothing() {
    for error in [
      E.itemOperationInInsertedSection(.itemMove, ItemPath(section: 2, item: 0)),
      .duplicateOldPosition(.item(Self.p), .itemDelete, .itemUpdate),
      .duplicateNewPosition(.item(Self.p), .itemInsert, .itemInsert),
      .positionOutOfRange(.itemDelete, .item(Self.p), isNew: false),
      .itemOperationInDeletedSection(.itemMove, Self.p),
    ] {
      let reaction = error.reaction(in: .collectionView)
      #expect(reaction.source == nil, "\(error): \(reaction)")
      #expect(reaction.description.hasPrefix("NSInternalInconsistencyException (") && !reaction.description.contains("\""))
    }
  }
}
