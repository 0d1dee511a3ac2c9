import Sidebar
import SnapshotDiff
import Testing

/// The sidebar as its app would test it: each check is what Apple's
/// documentation says the member returns.
@Suite struct SidebarScreenTests {
  @Test func loadShowsTheExpandedLibraryAndCollapsedPlaylists() throws {
    let screen = SidebarScreen()
    try screen.load()
    let sidebar = try screen.dataSource.snapshot(for: .main)
    // visibleItems: the items whose parents are all expanded.
    #expect(sidebar.visibleItems == ["Library", "Recently Added", "Artists", "Playlists", "Devices"])
    // items: every item, each parent before its children.
    #expect(sidebar.items == ["Library", "Recently Added", "Artists", "Radiohead", "Björk", "Playlists", "Playlist A", "Playlist B", "Playlist C", "Devices"])
    // Root items are at level 0.
    #expect(try sidebar.level(of: "Library") == 0)
    #expect(try sidebar.level(of: "Artists") == 1)
    #expect(try sidebar.level(of: "Björk") == 2)
    #expect(try sidebar.parent(of: "Björk") == "Artists")
    #expect(try sidebar.parent(of: "Devices") == nil)
    #expect(!sidebar.isVisible("Radiohead") && sidebar.isVisible("Artists"))
    #expect(screen.dataSource.snapshot().itemIdentifiers == sidebar.visibleItems)
  }

  @Test func tappingDisclosuresInsertsAndDeletesRows() throws {
    let screen = SidebarScreen()
    try screen.load()
    #expect(try screen.dataSource.expand("Artists"))
    #expect(screen.dataSource.updates.last == .batchUpdates([
      .insertItems([ItemPath(section: 0, item: 3), ItemPath(section: 0, item: 4)]),
    ], animated: true))
    #expect(try screen.dataSource.expand("Playlists"))
    #expect(try screen.dataSource.snapshot(for: .main).visibleItems
      == ["Library", "Recently Added", "Artists", "Radiohead", "Björk", "Playlists", "Playlist A", "Playlist B", "Playlist C", "Devices"])
    // Library may not collapse: shouldCollapseItem says no, nothing happens.
    #expect(try !screen.dataSource.collapse("Library"))
    #expect(try screen.dataSource.collapse("Artists"))
    #expect(screen.events == ["will expand Artists", "will expand Playlists", "will collapse Artists"])
    #expect(screen.dataSource.updates.last == .batchUpdates([
      .deleteItems([ItemPath(section: 0, item: 3), ItemPath(section: 0, item: 4)]),
    ], animated: true))
  }

  @Test func draggingAPlaylistHandsOverATransactionTheAppApplies() throws {
    let screen = SidebarScreen()
    try screen.load()
    try screen.dataSource.expand("Playlists")
    // Rows: Library, Recently Added, Artists, Playlists, A, B, C, Devices.
    let transaction = try screen.dataSource.reorderItem(
      from: ItemPath(section: 0, item: 6), to: ItemPath(section: 0, item: 4))
    // difference: what turns the initial snapshot's ids into the final's.
    #expect(transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
      == transaction.finalSnapshot.itemIdentifiers)
    #expect(try transaction.finalSnapshot.itemIdentifiers(inSection: .main)
      == ["Library", "Recently Added", "Artists", "Playlists", "Playlist C", "Playlist A", "Playlist B", "Devices"])
    #expect(screen.backingStore[.main]
      == ["Library", "Recently Added", "Artists", "Radiohead", "Björk", "Playlists", "Playlist C", "Playlist A", "Playlist B", "Devices"])
    #expect(try screen.dataSource.snapshot(for: .main).parent(of: "Playlist C") == "Playlists")
    // Only playlists move.
    #expect(throws: DataSourceError.self) {
      try screen.dataSource.reorderItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1))
    }
  }
}
