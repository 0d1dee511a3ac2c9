import SnapshotDiff
import Testing

/// The data source's outline calls: a section snapshot applied, rows
/// expanded and collapsed as a tap would with the handlers in UIKit's
/// order, and rows reordered by drag with the transaction UIKit hands over.
@Suite struct OutlineDataSourceTests {
  typealias Source = ContentDiffableDataSource<String, String, String>
  typealias Outline = SectionSnapshot<String, String>

  func sidebar() throws -> Outline {
    var outline = Outline()
    outline.append(["Library", "Playlists"])
    outline.append(["Recently Added", "Artists"], to: "Library")
    outline.append(["A", "B"], to: "Artists")
    return outline
  }

  @Test(arguments: ["hashmap", "heckel", "myers", "naive", "stdlib"])
  func expandAndCollapseDiffTheVisibleRows(strategyName: String) throws {
    let strategy: any DiffStrategy = [Hashmap(), Heckel(), Myers(), Naive(), Stdlib()].first { $0.name == strategyName }!
    let source = Source(strategy: strategy)
    var header = Snap()
    header.appendSections(["header"])
    header.appendItems(["title"])
    source.apply(header)
    source.apply(try sidebar(), to: "sidebar")
    #expect(source.snapshot().sectionIdentifiers == ["header", "sidebar"])
    #expect(try source.snapshot().itemIdentifiers(inSection: "sidebar") == ["Library", "Playlists"])
    #expect(try source.snapshot(for: "sidebar") == sidebar())
    #expect(try source.expand("Library"))
    #expect(try source.snapshot().itemIdentifiers(inSection: "sidebar") == ["Library", "Recently Added", "Artists", "Playlists"])
    // Expanding shows the children: inserted below the parent, nothing else
    // touched (by the strategies that keep every kept item).
    if !strategy.traits.reinsertsKeptItems {
      #expect(source.updates.last == .batchUpdates([.insertItems([path(1, 1), path(1, 2)])], animated: true))
    }
    #expect(try source.expand("Artists"))
    #expect(try !source.expand("Artists"))  // expanded already: nothing to do
    #expect(try source.collapse("Library"))
    #expect(try source.snapshot().itemIdentifiers(inSection: "sidebar") == ["Library", "Playlists"])
    if !strategy.traits.reinsertsKeptItems {
      #expect(source.updates.last == .batchUpdates([.deleteItems([path(1, 1), path(1, 2), path(1, 3), path(1, 4)])], animated: true))
    }
    #expect(try source.snapshot(for: "sidebar").isExpanded("Artists"))
    // A section without a section snapshot reads as a flat one.
    #expect(try source.snapshot(for: "header").items == ["title"])
  }

  @Test func handlersRunInUIKitsOrderAndCanRefuseOrSupplyChildren() throws {
    let source = Source()
    source.apply(try sidebar(), to: "sidebar")
    var calls: [String] = []
    source.sectionSnapshotHandlers.shouldExpandItem = { calls.append("shouldExpand \($0)"); return $0 != "Playlists" }
    source.sectionSnapshotHandlers.willExpandItem = { calls.append("willExpand \($0)") }
    source.sectionSnapshotHandlers.shouldCollapseItem = { calls.append("shouldCollapse \($0)"); return true }
    source.sectionSnapshotHandlers.willCollapseItem = { calls.append("willCollapse \($0)") }
    source.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
      calls.append("snapshotFor \(parent) \(children.items)")
      var loaded = children
      loaded.append(["\(parent) loaded"])
      return loaded
    }
    #expect(try !source.expand("Playlists"))
    #expect(calls == ["shouldExpand Playlists"])
    #expect(try source.expand("Library"))
    #expect(calls.dropFirst() == ["shouldExpand Library", "willExpand Library", "snapshotFor Library [\"Recently Added\", \"Artists\", \"A\", \"B\"]"])
    #expect(try source.snapshot().itemIdentifiers(inSection: "sidebar") == ["Library", "Recently Added", "Artists", "Library loaded", "Playlists"])
    calls = []
    #expect(try source.collapse("Library"))
    #expect(calls == ["shouldCollapse Library", "willCollapse Library"])
  }

  @Test func reorderHandsOverATransactionWhoseDifferencesApply() throws {
    let source = Source()
    source.apply(snap([("favorites", ["a", "b", "c", "d"]), ("others", ["e", "f"])]))
    var calls: [String] = []
    source.reorderingHandlers.canReorderItem = { $0 != "f" }
    source.reorderingHandlers.willReorder = { calls.append("will \($0.finalSnapshot.itemIdentifiers)") }
    source.reorderingHandlers.didReorder = { _ in calls.append("did") }
    let updates = source.updates
    let transaction = source.reorderItem(from: indexPath(0, 0), to: indexPath(0, 2))!
    #expect(try source.snapshot().itemIdentifiers(inSection: "favorites") == ["b", "c", "a", "d"])
    #expect(calls == ["will [\"b\", \"c\", \"a\", \"d\", \"e\", \"f\"]", "did"])
    #expect(source.updates == updates, "the collection view moved the cell itself")
    #expect(transaction.initialSnapshot.itemIdentifiers == ["a", "b", "c", "d", "e", "f"])
    #expect(transaction.finalSnapshot == source.snapshot())
    // Apple's sample applies each difference to the app's own arrays.
    #expect(transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference) == transaction.finalSnapshot.itemIdentifiers)
    #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == ["favorites"])
    let favorites = transaction.sectionTransactions[0]
    #expect(["a", "b", "c", "d"].applying(favorites.difference) == ["b", "c", "a", "d"])
    #expect(favorites.initialSnapshot.items == ["a", "b", "c", "d"] && favorites.finalSnapshot.items == ["b", "c", "a", "d"])
    // Across sections: one transaction per section, each applying.
    let across = source.reorderItem(from: indexPath(0, 3), to: indexPath(1, 2))!
    #expect(try source.snapshot().itemIdentifiers(inSection: "others") == ["e", "f", "d"])
    #expect(across.sectionTransactions.map(\.sectionIdentifier) == ["favorites", "others"])
    for section in across.sectionTransactions {
      #expect(section.initialSnapshot.items.applying(section.difference) == section.finalSnapshot.items)
    }
    // A row canReorderItem refuses is not dragged: nothing runs, nothing changes.
    let (shown, callsBefore) = (source.snapshot(), calls)
    #expect(source.reorderItem(from: indexPath(1, 1), to: indexPath(1, 0)) == nil)
    #expect(source.snapshot() == shown && calls == callsBefore)
  }

  /// On a screen whose rows are all one section's (empty or not), a
  /// section snapshot applied again replaces them: the path that builds
  /// the sections anew rather than copying the rows it drops. The screen
  /// after it is edited and looked up as any other.
  @Test func aSectionSnapshotReplacesTheRowsOfAScreensOnlySection() throws {
    let source = Source()
    source.apply(Outline(), to: "sidebar")
    #expect(source.snapshot().sectionIdentifiers == ["sidebar"] && source.snapshot().numberOfItems == 0)
    var outline = try sidebar()
    source.apply(outline, to: "sidebar")
    #expect(try source.snapshot().itemIdentifiers(inSection: "sidebar") == ["Library", "Playlists"])
    outline.expand(["Library"])
    source.apply(outline, to: "sidebar")
    var byHand = Snap()
    byHand.appendSections(["sidebar"])
    byHand.appendItems(outline.visibleItems, toSection: "sidebar")
    #expect(source.snapshot() == byHand)
    #expect(source.updates.last == .batchUpdates([.insertItems([path(0, 1), path(0, 2)])], animated: true))
    var edited = source.snapshot()
    edited.appendItems(["Settings"], toSection: "sidebar")
    #expect(edited.indexOfItem("Settings") == 4 && edited.sectionIdentifier(containingItem: "Artists") == "sidebar")
  }

  @Test func reorderInAnOutlineMovesTheRowWithItsChildren() throws {
    let source = Source()
    source.reorderingHandlers.canReorderItem = { _ in true }
    var outline = try sidebar()
    outline.expand(["Library"])
    source.apply(outline, to: "sidebar")
    // Library, Recently Added, Artists, Playlists: Artists dragged to the top.
    let transaction = source.reorderItem(from: indexPath(0, 2), to: indexPath(0, 0))!
    #expect(try source.snapshot().itemIdentifiers(inSection: "sidebar") == ["Artists", "Library", "Recently Added", "Playlists"])
    let final = source.snapshot(for: "sidebar")
    #expect(try final.snapshot(of: "Artists").items == ["A", "B"] && final.rootItems == ["Artists", "Library", "Playlists"])
    #expect(transaction.sectionTransactions[0].finalSnapshot == final)
  }

  /// A tap changes the screen's rows where the row is (what it shows
  /// inserted after it, or what it hid deleted): the same snapshot and the
  /// same batch as applying the tapped section snapshot whole, on random
  /// outlines in a section between two others, every strategy.
  @Test(arguments: ["hashmap", "heckel", "myers", "naive", "stdlib"])
  func aTapIsTheSectionSnapshotAppliedWhole(strategyName: String) throws {
    let strategy: any DiffStrategy = [Hashmap(), Heckel(), Myers(), Naive(), Stdlib()].first { $0.name == strategyName }!
    var seed: UInt64 = 71
    var rng = SeededGenerator(&seed)
    for round in 0..<20 {
      var outline = Outline()
      var parents: [String] = []
      for r in 0..<Int.random(in: 1...4, using: &rng) {
        outline.append(["r\(r)"])
        parents.append("r\(r)")
        for f in 0..<Int.random(in: 0...3, using: &rng) {
          outline.append(["r\(r)f\(f)"], to: "r\(r)")
          parents.append("r\(r)f\(f)")
          outline.append((0..<Int.random(in: 0...3, using: &rng)).map { Outline.Item("r\(r)f\(f)x\($0)", content: "c\(round)") }, to: "r\(r)f\(f)")
        }
      }
      outline.expand(parents.filter { _ in Bool.random(using: &rng) })
      var screen = Snap()
      screen.appendSections(["above", "outline", "below"])
      screen.appendItems(["a0", "a1"], toSection: "above")
      screen.appendItems(["b0"], toSection: "below")
      let (tapped, whole) = (Source(strategy: strategy), Source(strategy: strategy))
      for source in [tapped, whole] {
        source.apply(screen)
        source.apply(outline, to: "outline")
      }
      for _ in 0..<8 {
        let rows = try tapped.snapshot().itemIdentifiers(inSection: "outline")
        let row = rows.randomElement(using: &rng)!
        var next = tapped.snapshot(for: "outline")
        if next.isExpanded(row) {
          #expect(tapped.collapse(row))
          next.collapse([row])
        } else {
          #expect(tapped.expand(row))
          next.expand([row])
        }
        whole.apply(next, to: "outline")
        #expect(tapped.snapshot() == whole.snapshot(), "round \(round), \(row)")
        #expect(try tapped.snapshot().itemIdentifiers(inSection: "outline") == next.visibleItems)
        #expect(tapped.updates.last == whole.updates.last, "round \(round), \(row)")
        #expect(tapped.snapshot(for: "outline") == next)
      }
    }
  }
}
