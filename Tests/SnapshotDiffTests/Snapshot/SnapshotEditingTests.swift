import DiffVerification
@testable import SnapshotDiff
import Testing

/// Every `NSDiffableDataSourceSnapshot` member the README's table lists: what
/// it does, and the typed error where UIKit raises (the snapshot unchanged).
@Suite struct SnapshotEditingTests {
  /// `top: a b` · `list: c d e`
  func screen() -> Snap { snap([("top", ["a", "b"]), ("list", ["c", "d", "e"])]) }

  func layout(_ s: Snap) -> [String] {
    s.sections.map { "\($0.id): " + $0.items.map(\.id).joined(separator: " ") }
  }

  /// Runs an edit that must throw `expected`, and checks it left `s` as it was.
  func refuses(_ expected: SnapshotEditError, _ s: Snap, _ edit: (inout Snap) throws -> Void) {
    var copy = s
    #expect(throws: expected) { try edit(&copy) }
    #expect(copy == s && copy.reloadedItemIdentifiers == s.reloadedItemIdentifiers)
  }

  // MARK: Sections

  @Test func insertSectionsBeforeAndAfter() throws {
    var s = screen()
    s.insertSections(["x", "y"], beforeSection: "list")
    s.insertSections(["z"], afterSection: "list")
    #expect(layout(s) == ["top: a b", "x: ", "y: ", "list: c d e", "z: "])
    s.appendItems(["f"], toSection: "y")
    #expect(try s.itemIdentifiers(inSection: "y") == ["f"])
    #expect(try s.itemIdentifiers(inSection: "list") == ["c", "d", "e"])
  }

  @Test func appendSections() throws {
    var s = screen()
    s.appendSections(["more"])
    #expect(layout(s) == ["top: a b", "list: c d e", "more: "])
  }

  @Test func deleteSectionsTakesTheirItems() throws {
    var s = screen()
    s.appendSections(["tail"])
    s.appendItems(["f"])
    s.deleteSections(["list", "list"])
    #expect(layout(s) == ["top: a b", "tail: f"])
    #expect(s.indexPath(of: "f") == path(1, 0))
  }

  @Test func moveSectionBeforeAndAfter() throws {
    var s = screen()
    s.appendSections(["tail"])
    s.appendItems(["f"])
    s.moveSection("tail", beforeSection: "top")
    #expect(layout(s) == ["tail: f", "top: a b", "list: c d e"])
    s.moveSection("tail", afterSection: "list")
    s.moveSection("top", afterSection: "list")
    #expect(layout(s) == ["list: c d e", "top: a b", "tail: f"])
  }

  @Test func reloadSectionsMarksOnce() throws {
    var s = screen()
    s.reloadSections(["list", "top", "list"])
    #expect(s.reloadedSectionIdentifiers == ["list", "top"])
    s.deleteSections(["top"])
    #expect(s.reloadedSectionIdentifiers == ["list"])
  }

  // MARK: Items

  @Test func appendItemsToNamedOrLastSection() throws {
    var s = screen()
    s.appendItems(["f"], toSection: "top")
    s.appendItems([.init("g", content: "9.99")])
    #expect(layout(s) == ["top: a b f", "list: c d e g"])
    #expect(s.item(at: path(1, 3)).content == "9.99")
  }

  @Test func insertItemsBeforeAndAfter() throws {
    var s = screen()
    s.insertItems(["x"], beforeItem: "c")
    s.insertItems(["y", "z"], afterItem: "b")
    s.insertItems([.init("w", content: "new")], afterItem: "e")
    #expect(layout(s) == ["top: a b y z", "list: x c d e w"])
    #expect(s.item(at: path(1, 4)).content == "new")
  }

  @Test func deleteItemsAndDeleteAllItems() throws {
    var s = screen()
    s.deleteItems(["b", "d", "d"])
    #expect(layout(s) == ["top: a", "list: c e"])
    s.deleteItems(["a"])
    #expect(layout(s) == ["top: ", "list: c e"])
    s.deleteAllItems()
    #expect(s.numberOfSections == 0 && s.numberOfItems == 0)
  }

  @Test func moveItemBeforeAndAfterAcrossSections() throws {
    var s = screen()
    s.moveItem("e", beforeItem: "a")
    #expect(layout(s) == ["e a b", "c d"].enumerated().map { ["top: ", "list: "][$0.offset] + $0.element })
    s.moveItem("e", afterItem: "d")
    s.moveItem("a", afterItem: "b")
    #expect(layout(s) == ["top: b a", "list: c d e"])
    s.moveItem("c", beforeItem: "e")
    #expect(layout(s) == ["top: b a", "list: d c e"])
  }

  @Test func reloadAndReconfigureMarkItemsUntilTheyLeave() throws {
    var s = screen()
    s.reloadItems(["a", "c", "a"])
    s.reconfigureItems(["d"])
    #expect(s.reloadedItemIdentifiers == ["a", "c"])
    #expect(s.reconfiguredItemIdentifiers == ["d"])
    // A mark follows its item, and leaves with it.
    s.moveItem("a", afterItem: "e")
    #expect(s.reloadedItemIdentifiers == ["a", "c"])
    s.deleteItems(["c"])
    s.deleteSections(["list"])
    #expect(s.reloadedItemIdentifiers == [] && s.reconfiguredItemIdentifiers == [])
    // Marks are a request, not content: equality ignores them.
    var marked = screen()
    marked.reloadItems(["a"])
    #expect(marked == screen())
  }

  // MARK: Queries

  @Test func queries() throws {
    let s = screen()
    #expect(s.numberOfSections == 2 && s.numberOfItems == 5)
    #expect(s.sectionIdentifiers == ["top", "list"])
    #expect(s.itemIdentifiers == ["a", "b", "c", "d", "e"])
    #expect(s.indexOfSection("list") == 1 && s.indexOfSection("nope") == nil)
    #expect(s.indexOfItem("d") == 3 && s.indexOfItem("nope") == nil)
    #expect(s.sectionIdentifier(containingItem: "d") == "list" && s.sectionIdentifier(containingItem: "nope") == nil)
    #expect(try s.numberOfItems(inSection: "list") == 3)
    #expect(try s.itemIdentifiers(inSection: "top") == ["a", "b"])
  }

  @Test func errorsReadAsOneLineNamingOperationAndID() {
    #expect(SnapshotEditError(.insertItemsBefore, .itemNotFound("p9")).description == "insertItems(_:beforeItem:): item \"p9\" not found")
    #expect(SnapshotEditError(.moveSectionAfter, .sectionRelativeToItself("top")).description
      == "moveSection(_:afterSection:): section \"top\" cannot move relative to itself")
  }

  /// Edits compose with diffing: whatever a chain of edits builds, every
  /// strategy's changeset reaches it.
  @Test func editedSnapshotsDiffToThemselves() throws {
    let old = screen()
    var new = old
    new.moveSection("list", beforeSection: "top")
    new.moveItem("a", afterItem: "e")
    new.insertItems(["n"], beforeItem: "b")
    new.deleteItems(["d"])
    new.insertSections(["extra"], afterSection: "top")
    new.appendItems(["x"], toSection: "extra")
    for strategy in Contenders.library.map(\.strategy) {
      #expect(try strategy.changeset(from: old, to: new).apply(to: old) == new, "\(strategy.name)")
    }
  }
}
