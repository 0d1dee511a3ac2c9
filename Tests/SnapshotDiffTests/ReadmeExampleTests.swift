import SnapshotDiff
import Testing

/// The README's "Using the library" example, as written there.
@Suite struct ReadmeExampleTests {
  @Test func usingTheLibrary() throws {
    var old = Snapshot<String, String, String>()
    try old.appendSections(["banner", "list"])
    try old.appendItems(["b1"], toSection: "banner")
    try old.appendItems([Item("p1", content: "9.99"), Item("p2", content: "5.00")], toSection: "list")

    var new = old
    try new.appendItems(["p3"], toSection: "list")

    let changeset = Hashmap().changeset(from: old, to: new)
    #expect(changeset.stages.count == 1)
    #expect(changeset.stages[0].itemInserts.map(\.path) == [ItemPath(section: 1, item: 2)])
    let result = try changeset.apply(to: old)
    #expect(result == new)

    // The duplicate the README quotes.
    #expect(throws: SnapshotError.duplicateItem("p1", first: ItemPath(section: 1, item: 0), second: ItemPath(section: 1, item: 2))) {
      try old.appendItems(["p1"], toSection: "list")
    }
  }
}
