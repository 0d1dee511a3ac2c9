import Sidebar
import SnapshotDiff
import Testing

/// The sidebar as its app would test it: each check is what Apple's
/// documentation says the member returns.
@Suite struct SidebarScreenTests {
  @Test func loadShowsTheExpandedLibraryAndCollapsedPlaylists() {
    let screen = SidebarScreen()
    screen.load()
    let sidebar = screen.dataSource.snapshot(for: .main)
    // visibleItems: the items whose parents are all expanded.
    #expect(sidebar.visibleItems == ["Library", "Recently Added", "Artists", "Playlists", "Devices"])
    // items: every item, each parent before its children.
    #expect(sidebar.items == ["Library", "Recently Added", "Artists", "Radiohead", "Björk", "Playlists", "Playlist A", "Playlist B", "Playlist C", "Devices"])
    // Root items are at level 0.
    #expect(sidebar.level(of: "Library") == 0)
    #expect(sidebar.level(of: "Artists") == 1)
    #expect(sidebar.level(of: "Björk") == 2)
    #expect(sidebar.parent(of: "Björk") == "Artists")
    #expect(sidebar.parent(of: "Devices") == nil)
    #expect(!sidebar.isVisible("Radiohead") && sidebar.isVisible("Artists"))
    #expect(screen.dataSource.snapshot().itemIdentifiers == sidebar.visibleItems)
  }

  @Test func tappingDisclosuresInsertsAndDeletesRows() {
    let screen = SidebarScreen()
    screen.load()
    #expect(screen.dataSource.expand("Artists"))
    #expect(screen.dataSource.updates.last == .batchUpdates([
      .insertItems([ItemPath(section: 0, item: 3), ItemPath(section: 0, item: 4)]),
    ], animated: true))
    #expect(screen.dataSource.expand("Playlists"))
    #expect(screen.dataSource.snapshot(for: .main).visibleItems
      == ["Library", "Recently Added", "Artists", "Radiohead", "Björk", "Playlists", "Playlist A", "Playlist B", "Playlist C", "Devices"])
    // Library may not collapse: shouldCollapseItem says no, nothing happens.
    #expect(!screen.dataSource.collapse("Library"))
    #expect(screen.dataSource.collapse("Artists"))
    #expect(screen.events == ["will expand Artists", "will expand Playlists", "will collapse Artists"])
    #expect(screen.dataSource.updates.last == .batchUpdates([
      .deleteItems([ItemPath(section: 0, item: 3), ItemPath(section: 0, item: 4)]),
    ], animated: true))
  }

  @Test func draggingAPlaylistHandsOverATransactionTheAppApplies() {
    let screen = SidebarScreen()
    screen.load()
    screen.dataSource.expand("Playlists")
    // Rows: Library, Recently Added, Artists, Playlists, A, B, C, Devices.
    let transaction = screen.dataSource.reorderItem(
      from: IndexPath(item: 6, section: 0), to: IndexPath(item: 4, section: 0))!
    // difference: what turns the initial snapshot's ids into the final's.
    #expect(transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
      == transaction.finalSnapshot.itemIdentifiers)
    #expect(transaction.finalSnapshot.itemIdentifiers(inSection: .main)
      == ["Library", "Recently Added", "Artists", "Playlists", "Playlist C", "Playlist A", "Playlist B", "Devices"])
    #expect(screen.backingStore[.main]
      == ["Library", "Recently Added", "Artists", "Radiohead", "Björk", "Playlists", "Playlist C", "Playlist A", "Playlist B", "Devices"])
    #expect(screen.dataSource.snapshot(for: .main).parent(of: "Playlist C") == "Playlists")
    // Only playlists move: canReorderItem says no, the drag never starts.
    #expect(screen.dataSource.reorderItem(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 0)) == nil)
  }
}
