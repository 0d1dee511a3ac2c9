// Generated from the articles' examples by ArticleExamplesTests
// (`make article-examples`): edit the article, not this file.
// swift-format-ignore-file
import SnapshotDiff
import Testing

/// Sources/SnapshotDiff/SnapshotDiff.docc/GettingStarted.md, example 1.
enum GettingStartedExample1 {
  static func run() throws {
    var old = Snapshot<String, String, String>()
    old.appendSections(["banner", "list"])
    old.appendItems(["b1"], toSection: "banner")
    old.appendItems([.init("p1", content: "9.99"), .init("p2", content: "5.00")], toSection: "list")

    var new = old
    new.appendItems(["p3"], toSection: "list")

    let changeset = Hashmap().changeset(from: old, to: new)
    for stage in changeset.stages {
      // Also itemDeletes, itemMoves, itemUpdates, sectionDeletes, sectionInserts, …
      print(stage.itemInserts.map(\.path))   // [[1, 2]]
    }
    let result = try changeset.apply(to: old)   // throws naming the rule if a stage is invalid
    assert(result == new)
  }
}

/// Sources/SnapshotDiff/SnapshotDiff.docc/TestingScreens.md, example 1.
enum TestingScreensExample1 {
  enum Section: Hashable { case banner, products }

  static func run() throws {
    let dataSource = DiffableDataSource<Section, String>()   // or (strategy: Heckel())
    var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
    snapshot.appendSections([.banner, .products])
    snapshot.appendItems(["b1", "b2"], toSection: .banner)
    snapshot.appendItems((1...20).map { "p\($0)" }, toSection: .products)
    dataSource.apply(snapshot, animatingDifferences: true)

    snapshot = dataSource.snapshot()
    snapshot.appendItems((21...40).map { "p\($0)" }, toSection: .products)
    snapshot.moveItem("b1", afterItem: "b2")
    let updates = dataSource.apply(snapshot)
    print(updates[0])
    // collectionView.performBatchUpdates {
    //   collectionView.insertItems(at: [IndexPath(item: 20, section: 1), …])
    //   collectionView.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 0))
    // }                            (b1 and b2 swap: hashmap moves b2, one move either way)
    assert(updates == [
      .batchUpdates([
        .insertItems((20..<40).map { ItemPath(section: 1, item: $0) }),
        .moveItem(at: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 0)),
      ], animated: true)
    ])
  }
}

/// Sources/SnapshotDiff/SnapshotDiff.docc/TestingScreens.md, example 2.
enum TestingScreensExample2 {
  static func run() throws {
    let dataSource = DiffableDataSource<String, String>()
    var sidebar = NSDiffableDataSourceSectionSnapshot<String>()
    sidebar.append(["Library", "Playlists"])
    sidebar.append(["Recently Added", "Artists"], to: "Library")
    sidebar.append(["Favourites", "Local"], to: "Artists")
    dataSource.apply(sidebar, to: "sidebar")
    let rows = dataSource.snapshot().itemIdentifiers(inSection: "sidebar")
    assert(rows == ["Library", "Playlists"])

    var taps: [String] = []
    dataSource.sectionSnapshotHandlers.willExpandItem = { taps.append("expand \($0)") }
    dataSource.expand("Library")   // the rows below it are inserted
    assert(taps == ["expand Library"])
    assert(dataSource.updates.last == .batchUpdates([
      .insertItems([ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 2)]),
    ], animated: true))
    let shown = dataSource.snapshot(for: "sidebar")
    assert(shown.visibleItems == ["Library", "Recently Added", "Artists", "Playlists"])
    let level = shown.level(of: "Artists"), parent = shown.parent(of: "Local")
    assert(level == 1 && parent == "Artists")

    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    let transaction = dataSource.reorderItem(
      from: IndexPath(item: 3, section: 0), to: IndexPath(item: 0, section: 0))!
    assert(transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
      == transaction.finalSnapshot.itemIdentifiers)
    let roots = dataSource.snapshot(for: "sidebar").rootItems
    assert(roots == ["Playlists", "Library"])
  }
}

@Suite struct ArticleExamples {
  @Test func gettingStartedExample1() throws { try GettingStartedExample1.run() }
  @Test func testingScreensExample1() throws { try TestingScreensExample1.run() }
  @Test func testingScreensExample2() throws { try TestingScreensExample2.run() }
}
