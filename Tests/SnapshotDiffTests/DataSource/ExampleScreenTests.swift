import DiffVerification
import Foundation
import SnapshotDiff
import Testing

// Three screens written as an app writes them against UIKit's API, each
// driven through a session. Each apply's recorded updates are asserted, and
// the session, recorded as a trace and read back the way `diffbench` reads
// it, must give what `diffbench diff --format uikit` prints for every pair.

/// An App Store home: features, a ranking, a seasonal theme.
enum HomeSection: Hashable { case feature, ranking, theme(String) }
struct App: Hashable, CustomStringConvertible {
  var id: String
  var description: String { id }
}

/// A product list below a rotating banner, loaded a page at a time.
enum ShopSection: Hashable { case banner, products }

/// A book list that shows an empty-state cell when there is nothing.
enum BookRow: Hashable { case empty, book(String) }

@Suite struct ExampleScreenTests {
  func batch(_ calls: BatchUpdate.Call...) -> BatchUpdate.CollectionViewUpdate { .batchUpdates(calls, animated: true) }
  func paths(_ section: Int, _ items: some Sequence<Int>) -> [ItemPath] { items.map { ItemPath(section: section, item: $0) } }

  @Test func appStoreHome() throws {
    let dataSource = ContentDiffableDataSource<HomeSection, App, String>()
    let session = try Session(recording: dataSource)

    var snapshot = NSDiffableDataSourceSnapshotLike<HomeSection, App, String>()
    snapshot.appendSections([.feature, .ranking, .theme("summer")])
    snapshot.appendItems([.init(App(id: "maps"), content: "free"), .init(App(id: "notes"), content: "free")], toSection: .feature)
    snapshot.appendItems((1...5).map { App(id: "rank\($0)") }, toSection: .ranking)
    snapshot.appendItems([App(id: "beach"), App(id: "surf")], toSection: .theme("summer"))
    #expect(try session.apply(snapshot) == [batch(.insertSections([0, 1, 2]))])

    // The fifth app climbs to the top of the ranking: one move.
    snapshot = dataSource.snapshot()
    snapshot.moveItem(App(id: "rank5"), beforeItem: App(id: "rank1"))
    #expect(try session.apply(snapshot) == [batch(.moveItem(at: ItemPath(section: 1, item: 4), to: ItemPath(section: 1, item: 0)))])

    // Summer's theme gives way to winter's.
    snapshot = dataSource.snapshot()
    snapshot.insertSections([.theme("winter")], afterSection: .theme("summer"))
    snapshot.deleteSections([.theme("summer")])
    snapshot.appendItems([App(id: "ski"), App(id: "sled"), App(id: "skate")], toSection: .theme("winter"))
    #expect(try session.apply(snapshot) == [batch(.deleteSections([2]), .insertSections([2]))])

    // A featured app goes on sale: its cell is reconfigured in place.
    snapshot = dataSource.snapshot()
    snapshot.deleteItems([App(id: "notes")])
    snapshot.appendItems([.init(App(id: "notes"), content: "0.99")], toSection: .feature)
    #expect(try session.apply(snapshot) == [batch(.reconfigureItems([ItemPath(section: 0, item: 1)]))])

    // The ranking's data changed behind its ids: reload its first cell.
    snapshot = dataSource.snapshot()
    snapshot.reloadItems([App(id: "rank5")])
    #expect(try session.apply(snapshot, marked: true) == [batch(.reloadItems([ItemPath(section: 1, item: 0)]))])

    try session.checkAgainstDiffbench()
  }

  @Test func bannerAndPagedProducts() throws {
    let dataSource = ContentDiffableDataSource<ShopSection, String, String>()
    let session = try Session(recording: dataSource)

    var snapshot = NSDiffableDataSourceSnapshotLike<ShopSection, String, String>()
    snapshot.appendSections([.banner, .products])
    snapshot.appendItems(["b1", "b2", "b3"], toSection: .banner)
    snapshot.appendItems((1...20).map { .init("p\($0)", content: "\($0).00") }, toSection: .products)
    #expect(try session.apply(snapshot) == [batch(.insertSections([0, 1]))])

    // The next page of twenty.
    snapshot = dataSource.snapshot()
    snapshot.appendItems((21...40).map { .init("p\($0)", content: "\($0).00") }, toSection: .products)
    #expect(try session.apply(snapshot) == [batch(.insertItems(paths(1, 20..<40)))])

    // The banner rotates: its first slide goes last.
    snapshot = dataSource.snapshot()
    snapshot.moveItem("b1", afterItem: "b3")
    #expect(try session.apply(snapshot) == [batch(.moveItem(at: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2)))])

    // p5 sells out and p7's price drops: one delete, one reconfigure.
    snapshot = dataSource.snapshot()
    snapshot.deleteItems(["p5", "p7"])
    snapshot.insertItems([.init("p7", content: "5.00")], afterItem: "p6")
    #expect(try session.apply(snapshot) == [batch(.deleteItems([ItemPath(section: 1, item: 4)]), .reconfigureItems([ItemPath(section: 1, item: 6)]))])

    // Pull to refresh on a new catalogue: reloaded without animation.
    snapshot = dataSource.snapshot()
    snapshot.deleteAllItems()
    snapshot.appendSections([.products])
    snapshot.appendItems(["q1", "q2"])
    dataSource.applySnapshotUsingReloadData(snapshot)
    #expect(dataSource.updates.last == .reloadData)
    #expect(try dataSource.snapshot().itemIdentifiers(inSection: .products) == ["q1", "q2"])
  }

  @Test func emptyStateAndBookList() throws {
    let dataSource = ContentDiffableDataSource<String, BookRow, String>()
    let session = try Session(recording: dataSource)

    var snapshot = NSDiffableDataSourceSnapshotLike<String, BookRow, String>()
    snapshot.appendSections(["books"])
    snapshot.appendItems([.empty])
    #expect(try session.apply(snapshot) == [batch(.insertSections([0]))])

    // Books arrive: the empty-state cell leaves.
    snapshot = dataSource.snapshot()
    snapshot.insertItems([.book("Dune"), .book("Emma")], beforeItem: .empty)
    snapshot.deleteItems([.empty])
    #expect(try session.apply(snapshot) == [batch(.deleteItems([ItemPath(section: 0, item: 0)]), .insertItems(paths(0, 0..<2)))])
    #expect(dataSource.itemIdentifier(for: IndexPath(item: 1, section: 0)) == .book("Emma"))

    // Both are returned: the empty state comes back.
    snapshot = dataSource.snapshot()
    snapshot.deleteItems([.book("Dune"), .book("Emma")])
    snapshot.appendItems([.empty])
    #expect(try session.apply(snapshot) == [batch(.deleteItems(paths(0, 0..<2)), .insertItems(paths(0, 0..<1)))])
    #expect(dataSource.indexPath(for: .book("Dune")) == nil)

    try session.checkAgainstDiffbench()
  }
}

/// UIKit's snapshot type has this name; here it is ``Snapshot``.
typealias NSDiffableDataSourceSnapshotLike = Snapshot

/// A data source's session recorded as a trace, with each apply's updates
/// kept to compare with `diffbench diff --format uikit`.
final class Session<S: Hashable, I: Hashable, C: Equatable> {
  let dataSource: ContentDiffableDataSource<S, I, C>
  let recorder: ContentDiffableDataSource<S, I, C>.TraceRecorder
  /// Each apply's updates, and whether its snapshot held reload marks (a
  /// trace does not carry them, so `diff` cannot see them).
  var applies: [(updates: [ContentDiffableDataSource<S, I, C>.CollectionViewUpdate], marked: Bool)] = []

  init(recording dataSource: ContentDiffableDataSource<S, I, C>) throws {
    self.dataSource = dataSource
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("screen-\(UUID().uuidString).jsonl").path
    recorder = try .init(path: path)
    try dataSource.startRecording(to: recorder)
  }

  deinit { try? FileManager.default.removeItem(atPath: recorder.path) }

  func apply(_ snapshot: Snapshot<S, I, C>, marked: Bool = false) throws -> [ContentDiffableDataSource<S, I, C>.CollectionViewUpdate] {
    let updates = dataSource.apply(snapshot)
    applies.append((updates, marked))
    return updates
  }

  /// Reads the recorded trace back as `diffbench` does and checks that every
  /// unmarked apply recorded exactly what `diff --format uikit` prints for
  /// the same pair.
  func checkAgainstDiffbench() throws {
    recorder.close()
    let trace = try TraceReader.parse(Array(try Data(contentsOf: URL(fileURLWithPath: recorder.path))), file: recorder.path)
    #expect(trace.count == applies.count + 1)
    for (k, apply) in applies.enumerated() where !apply.marked {
      let changeset = Hashmap().changeset(from: trace[k].snapshot, to: trace[k + 1].snapshot)
      #expect(ChangesetPrinter.uikit(apply.updates) == ChangesetPrinter.uikit(changeset), "apply \(k + 1)")
    }
  }
}
