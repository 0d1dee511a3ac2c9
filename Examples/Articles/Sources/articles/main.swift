// Generated from the docs' examples by ArticleExamplesTests
// (`make article-examples`): edit the article, not this file.
// swift-format-ignore-file
import DiffBenchCLI
import Foundation
import SnapshotDiff

/// README.md, example 1.
enum READMEExample1 {
  struct AppendAware: MatchingStrategy {
    var name: String { "append-aware" }
    func matching<S: Hashable, I: Hashable, C: Equatable>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Matching {
      Hashmap().matching(from: old, to: new)  // yours here
    }
  }

  static func run() throws {
    DiffBench.main(extraStrategies: [Contender(AppendAware())])  // verify, fuzz, bench, compare: all of them know it
  }
}

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
      try printed(stage.itemInserts.map(\.path), shows: "[[1, 2]]", at: "Sources/SnapshotDiff/SnapshotDiff.docc/GettingStarted.md:20")
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
    snapshot.appendItems(["p21", "p22"], toSection: .products)
    snapshot.moveItem("b1", afterItem: "b2")   // b1 and b2 swap: hashmap moves b2
    let updates = dataSource.apply(snapshot)
    try printed(updates[0], shows: "collectionView.performBatchUpdates {\n  collectionView.insertItems(at: [IndexPath(item: 20, section: 1), IndexPath(item: 21, section: 1)])\n  collectionView.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 0))\n}", at: "Sources/SnapshotDiff/SnapshotDiff.docc/TestingScreens.md:32")
    // collectionView.performBatchUpdates {
    //   collectionView.insertItems(at: [IndexPath(item: 20, section: 1), IndexPath(item: 21, section: 1)])
    //   collectionView.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 0))
    // }
    assert(updates == [
      .batchUpdates([
        .insertItems([ItemPath(section: 1, item: 20), ItemPath(section: 1, item: 21)]),
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

/// Harness/Sources/DiffBenchCLI/DiffBenchCLI.docc/RacingYourStrategy.md, example 1.
enum RacingYourStrategyExample1 {
  struct MyDiff: MatchingStrategy, RefereedStrategy {
    var name: String { "my-diff" }
    // What the harness holds it to (without RefereedStrategy: valid changesets only).
    var traits: StrategyTraits { StrategyTraits(moveRule: .minimal, cost: .linear) }
    @inlinable
    func matching<S: Hashable, I: Hashable, C: Equatable>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Matching {
      Hashmap().matching(from: old, to: new)  // yours here
    }
  }

  static func run() throws {
    // Package.swift: .product(name: "DiffBenchCLI", package: "SnapshotDiff")


    DiffBench.main(extraStrategies: [Contender(MyDiff())])
  }
}

/// Guides/Hashmap.md, example 1.
enum HashmapExample1 {
  static func run() throws {
    var old = NSDiffableDataSourceSnapshot<String, String>()
    old.appendSections(["main"])
    old.appendItems(["a", "b", "c"])
    var new = old
    new.moveItem("a", afterItem: "c")   // [b, c, a]

    // "a" moves; "b" and "c" stay: no changeset has fewer moves.
    try printed(Hashmap().changeset(from: old, to: new).stages.flatMap(\.itemMoves).count, shows: "1", at: "Guides/Hashmap.md:19")
  }
}

/// Guides/Heckel.md, example 1.
enum HeckelExample1 {
  static func run() throws {
    var old = NSDiffableDataSourceSnapshot<String, String>()
    old.appendSections(["main"])
    old.appendItems(["a", "b", "c"])
    var new = old
    new.moveItem("a", afterItem: "c")   // [b, c, a]

    // Every kept item's rank changes, so all three move (the fewest is 1).
    try printed(Heckel().changeset(from: old, to: new).stages.flatMap(\.itemMoves).count, shows: "3", at: "Guides/Heckel.md:24")
  }
}

/// Guides/Myers.md, example 1.
enum MyersExample1 {
  static func run() throws {
    var old = NSDiffableDataSourceSnapshot<String, String>()
    old.appendSections(["main"])
    old.appendItems(["a", "b", "c"])
    var new = old
    new.moveItem("a", afterItem: "c")   // [b, c, a]

    // The longest common subsequence is [b, c]: "a" is deleted and inserted,
    // and the pair is reported as one move.
    try printed(Myers().changeset(from: old, to: new).stages.flatMap(\.itemMoves).count, shows: "1", at: "Guides/Myers.md:20")
  }
}

/// What an example printed differs from what its article shows.
struct Mismatch: Error, CustomStringConvertible {
  var description: String
}

/// Prints `value` as `print` does, and throws when the article shows other output.
func printed<T>(_ value: T, shows expected: String, at place: String) throws {
  let text = "\(value)"
  print(text)
  if text != expected { throw Mismatch(description: "\(place): printed\n\(text)\nwhere the article shows\n\(expected)") }
}

var failed = 0
for example in [GettingStartedExample1.run, TestingScreensExample1.run, TestingScreensExample2.run, HashmapExample1.run, HeckelExample1.run, MyersExample1.run] as [() throws -> Void] {
  do { try example() } catch {
    print("error: \(error)")
    failed += 1
  }
}
print("\(failed == 0 ? "ok" : "FAILED"): 6 examples run, \(failed) failed")
exit(failed == 0 ? 0 : 1)
