import SnapshotDiff
import Testing

// A screen's code as it is written against UIKit's diffable API. Against
// the library, two lines differ from the app's: the import (`import UIKit`
// there) and the data source's construction (there, with a collection view
// and a cell provider). Everything else is UIKit's spelling: the types'
// names, `IndexPath(item:section:)`, no `try`, the handlers, async apply.

final class LibraryScreen {
  enum Section: Hashable { case recents, library }

  var dataSource: DiffableDataSource<Section, String>!
  var expanded: [String] = []
  var order: [String] = []

  func configureDataSource() {
    dataSource = DiffableDataSource<Section, String>()  // UIKit: (collectionView: collectionView) { … }
    dataSource.reorderingHandlers.canReorderItem = { item in item != "Downloads" }
    dataSource.reorderingHandlers.didReorder = { [weak self] transaction in
      guard let self else { return }
      for sectionTransaction in transaction.sectionTransactions where sectionTransaction.sectionIdentifier == .recents {
        self.order = self.order.applying(sectionTransaction.difference) ?? self.order
      }
    }
    dataSource.sectionSnapshotHandlers.willExpandItem = { [weak self] item in self?.expanded.append(item) }
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = { item in item != "Albums" }
  }

  func applyInitialSnapshots() {
    order = ["Song 1", "Song 2", "Song 3", "Downloads"]
    var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
    snapshot.appendSections([.recents, .library])
    snapshot.appendItems(order, toSection: .recents)
    dataSource.apply(snapshot, animatingDifferences: false)

    var outline = NSDiffableDataSourceSectionSnapshot<String>()
    outline.append(["Albums", "Artists"])
    outline.append(["Abbey Road", "Revolver"], to: "Albums")
    outline.append(["The Beatles"], to: "Artists")
    outline.expand(["Albums"])
    dataSource.apply(outline, to: .library, animatingDifferences: false)
  }

  func songRenamed(_ song: String) {
    var snapshot = dataSource.snapshot()
    snapshot.reconfigureItems([song])
    dataSource.apply(snapshot)
  }

  func songRemoved(_ song: String) async {
    var snapshot = dataSource.snapshot()
    snapshot.deleteItems([song])
    order.removeAll { $0 == song }
    await dataSource.apply(snapshot, animatingDifferences: true)
  }

  func songPlayed(_ song: String) {
    var snapshot = dataSource.snapshot()
    if let first = snapshot.itemIdentifiers(inSection: .recents).first, first != song {
      snapshot.moveItem(song, beforeItem: first)
    }
    snapshot.reloadSections([.recents])
    dataSource.apply(snapshot)
    order = snapshot.itemIdentifiers(inSection: .recents)
  }

  func title(at indexPath: IndexPath) -> String? { dataSource.itemIdentifier(for: indexPath) }

  func visibleLibrary() -> [String] { dataSource.snapshot(for: .library).visibleItems }
}

@Suite struct UIKitScreenTests {
  @Test func aScreenWrittenAgainstUIKitRunsAsOnADevice() async {
    let screen = LibraryScreen()
    screen.configureDataSource()
    screen.applyInitialSnapshots()
    let source = screen.dataSource!
    #expect(source.updates == [
      .batchUpdates([.insertSections([0, 1])], animated: false),
      .batchUpdates([.insertItems((0..<4).map { ItemPath(section: 1, item: $0) })], animated: false),
    ])
    #expect(screen.visibleLibrary() == ["Albums", "Abbey Road", "Revolver", "Artists"])
    #expect(screen.title(at: IndexPath(item: 1, section: 0)) == "Song 2")
    #expect(source.indexPath(for: "Revolver") == IndexPath(item: 2, section: 1))
    #expect(source.indexPath(for: "Revolver")?.item == 2 && source.indexPath(for: "Revolver")?.row == 2)

    source.updates.removeAll()
    screen.songRenamed("Song 2")
    #expect(source.updates == [.batchUpdates([.reconfigureItems([ItemPath(section: 0, item: 1)])], animated: true)])

    source.updates.removeAll()
    await screen.songRemoved("Song 1")
    #expect(source.updates == [.batchUpdates([.deleteItems([ItemPath(section: 0, item: 0)])], animated: true)])

    // A move and the section's reload: UIKit places a reload ignoring the
    // move, so they go in two batches (the batch update rules).
    source.updates.removeAll()
    screen.songPlayed("Song 3")
    #expect(source.snapshot().itemIdentifiers(inSection: .recents) == ["Song 3", "Song 2", "Downloads"])
    #expect(source.updates.count == 2)

    // Tapping a disclosure runs the handlers, as UIKit does.
    #expect(source.expand("Artists"))
    #expect(screen.expanded == ["Artists"])
    #expect(screen.visibleLibrary() == ["Albums", "Abbey Road", "Revolver", "Artists", "The Beatles"])
    #expect(!source.collapse("Albums"), "shouldCollapseItem refused")
    #expect(source.snapshot(for: .library).expandedItems == ["Albums", "Artists"])

    // A drag: the app's own array follows the transaction's difference.
    let transaction = source.reorderItem(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 0))
    #expect(transaction != nil)
    #expect(screen.order == ["Song 2", "Song 3", "Downloads"])
    #expect(source.snapshot().itemIdentifiers(inSection: .recents) == screen.order)
    #expect(source.reorderItem(from: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 0)) == nil, "canReorderItem refused")
  }

  @Test func aSnapshotPrintsItsSectionsAndIDs() {
    var snapshot = NSDiffableDataSourceSnapshot<String, String>()
    snapshot.appendSections(["banner", "list"])
    snapshot.appendItems(["b1"], toSection: "banner")
    snapshot.appendItems(["p1", "p2"], toSection: "list")
    #expect("\(snapshot)" == "Snapshot(2 sections, 3 items)\n  banner: [b1]\n  list: [p1, p2]")
    var priced = Snapshot<String, String, Double>()
    priced.appendSections(["list"])
    priced.appendItems([.init("p1", content: 9.99)])
    priced.updateContent(5, of: "p1")
    #expect("\(priced)" == "Snapshot(1 section, 1 item)\n  list: [p1: 5.0]")
  }
}
