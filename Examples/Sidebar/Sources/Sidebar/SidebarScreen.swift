import SnapshotDiff

/// A music app's sidebar: Library, Playlists and Devices, three levels
/// deep, as its view controller would drive a diffable data source.
public final class SidebarScreen {
  public enum Section: Hashable, Sendable { case main }

  public let dataSource = DiffableDataSource<Section, String>()
  /// What the app keeps in step with drags: each section's rows, in order.
  public private(set) var backingStore: [Section: [String]] = [:]
  public private(set) var events: [String] = []

  public init() {
    dataSource.sectionSnapshotHandlers.willExpandItem = { [unowned self] in events.append("will expand \($0)") }
    dataSource.sectionSnapshotHandlers.willCollapseItem = { [unowned self] in events.append("will collapse \($0)") }
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = { $0 != "Library" }  // Library stays open
    dataSource.reorderingHandlers.canReorderItem = { $0.hasPrefix("Playlist ") }
    // As Apple's sample (WWDC 2020, session 10045) keeps its store in step.
    dataSource.reorderingHandlers.didReorder = { [unowned self] transaction in
      for sectionTransaction in transaction.sectionTransactions {
        let section = sectionTransaction.sectionIdentifier
        if let previous = backingStore[section], let updated = previous.applying(sectionTransaction.difference) {
          backingStore[section] = updated
        }
      }
    }
  }

  /// Library › (Recently Added, Artists › (Radiohead, Björk)), Playlists ›
  /// (Playlist A, Playlist B, Playlist C), Devices.
  public func load() {
    var sidebar = NSDiffableDataSourceSectionSnapshot<String>()
    sidebar.append(["Library", "Playlists", "Devices"])
    sidebar.append(["Recently Added", "Artists"], to: "Library")
    sidebar.append(["Radiohead", "Björk"], to: "Artists")
    sidebar.append(["Playlist A", "Playlist B", "Playlist C"], to: "Playlists")
    sidebar.expand(["Library"])
    dataSource.apply(sidebar, to: .main, animatingDifferences: false)
    backingStore[.main] = sidebar.items
  }
}
