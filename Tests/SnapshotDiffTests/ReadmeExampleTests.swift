import SnapshotDiff
import Testing

/// The examples of the library's articles: GettingStarted's, as written there.
@Suite struct ReadmeExampleTests {
  @Test func usingTheLibrary() throws {
    var old = Snapshot<String, String, String>()
    try old.appendSections(["banner", "list"])
    try old.appendItems(["b1"], toSection: "banner")
    try old.appendItems([SnapshotItem("p1", content: "9.99"), SnapshotItem("p2", content: "5.00")], toSection: "list")

    var new = old
    try new.appendItems(["p3"], toSection: "list")

    let changeset = Hashmap().changeset(from: old, to: new)
    #expect(changeset.stages.count == 1)
    #expect(changeset.stages[0].itemInserts.map(\.path) == [ItemPath(section: 1, item: 2)])
    let result = try changeset.apply(to: old)
    #expect(result == new)

    // The duplicate the article quotes.
    #expect(throws: SnapshotEditError(.appendItems, .duplicateItem("p1"))) {
      try old.appendItems(["p1"], toSection: "list")
    }
  }

  /// The TestingScreens article's example, as written there.
  @Test func testingYourScreens() throws {
    enum Section: Hashable { case banner, products }

    let dataSource = DiffableDataSource<Section, String, String>()
    var snapshot = dataSource.snapshot()
    try snapshot.appendSections([.banner, .products])
    try snapshot.appendItems(["b1", "b2"], toSection: .banner)
    try snapshot.appendItems((1...20).map { "p\($0)" }, toSection: .products)
    try dataSource.apply(snapshot, animatingDifferences: true)

    snapshot = dataSource.snapshot()
    try snapshot.appendItems((21...40).map { "p\($0)" }, toSection: .products)
    try snapshot.moveItem("b1", afterItem: "b2")
    let updates = try dataSource.apply(snapshot)
    #expect(updates == [
      .batchUpdates([
        .insertItems((20..<40).map { ItemPath(section: 1, item: $0) }),
        .moveItem(at: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 0)),
      ], animated: true)
    ])
    let printed = updates[0].description.split(separator: "\n")
    #expect(printed.first == "collectionView.performBatchUpdates {")
    #expect(printed[1].hasPrefix("  collectionView.insertItems(at: [IndexPath(item: 20, section: 1), "))
    #expect(printed[2] == "  collectionView.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 0))")
  }
}
