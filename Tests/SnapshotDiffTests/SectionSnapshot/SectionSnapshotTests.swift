import DiffVerification
@testable import SnapshotDiff
import Testing

/// `SectionSnapshot` held to Apple's documented semantics, and random edit
/// sequences held to a model of another shape: the outline as one flat
/// list of (id, level, expanded) rows, depth first, edited by index.
@Suite struct SectionSnapshotTests {
  typealias Outline = SectionSnapshot<String, String>

  /// Library › (Recently Added, Artists › (A, B)), Playlists › (Mix).
  static func sidebar() throws -> Outline {
    var outline = Outline()
    outline.append(["Library", "Playlists"])
    outline.append(["Recently Added", "Artists"], to: "Library")
    outline.append(["A", "B"], to: "Artists")
    outline.append(["Mix"], to: "Playlists")
    return outline
  }

  @Test func itemsAreDepthFirstAndCollapsedUntilExpanded() throws {
    var outline = try Self.sidebar()
    #expect(outline.items == ["Library", "Recently Added", "Artists", "A", "B", "Playlists", "Mix"])
    #expect(outline.rootItems == ["Library", "Playlists"])
    #expect(outline.visibleItems == ["Library", "Playlists"])
    #expect(try outline.level(of: "Library") == 0 && outline.level(of: "Artists") == 1 && outline.level(of: "B") == 2)
    #expect(try outline.parent(of: "B") == "Artists" && outline.parent(of: "Library") == nil)
    #expect(!outline.isVisible("Artists") && outline.isVisible("Playlists"))
    outline.expand(["Library"])
    #expect(outline.visibleItems == ["Library", "Recently Added", "Artists", "Playlists"])
    #expect(outline.isVisible("Artists") && !outline.isVisible("A"))
    outline.expand(["Artists"])
    #expect(outline.visibleItems == ["Library", "Recently Added", "Artists", "A", "B", "Playlists"])
    // Collapsing an ancestor hides the expanded descendants; they stay expanded.
    outline.collapse(["Library"])
    #expect(outline.visibleItems == ["Library", "Playlists"] && outline.isExpanded("Artists"))
    #expect(outline.index(of: "A") == 3 && outline.index(of: "nope") == nil)
    #expect(outline.contains("Mix") && !outline.contains("nope"))
  }

  /// A misuse's message names the call and the id (MisuseTests stops on each).
  @Test func misuseMessagesNameTheCallAndTheID() {
    #expect("\(SnapshotEditError(.append, .itemNotFound("p")))" == "append(_:to:): item \"p\" not found")
    #expect("\(SnapshotEditError(.append, .duplicateItem("A")))"
      == "append(_:to:): Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(A)}")
  }

  @Test func deleteTakesTheDescendantsAndSnapshotsKeepExpansion() throws {
    var outline = try Self.sidebar()
    outline.expand(["Library", "Artists"])
    let artists = outline.snapshot(of: "Artists", includingParent: true)
    #expect(artists.items == ["Artists", "A", "B"] && artists.visibleItems == ["Artists", "A", "B"] && artists.rootItems == ["Artists"])
    #expect(try artists.parent(of: "Artists") == nil)
    #expect(try outline.snapshot(of: "Artists").rootItems == ["A", "B"])
    outline.delete(["Artists"])
    #expect(outline.items == ["Library", "Recently Added", "Playlists", "Mix"] && !outline.contains("A"))
    // Its trees put back elsewhere, with their expansion.
    outline.insert(artists, after: "Mix")
    #expect(try outline.parent(of: "Artists") == "Playlists" && outline.isExpanded("Artists"))
    outline.expand(["Playlists"])
    #expect(outline.visibleItems == ["Library", "Recently Added", "Playlists", "Mix", "Artists", "A", "B"])
    // Replacing children: the old ones leave, an id among them may come back.
    var children = Outline()
    children.append(["B", "C"])
    outline.replace(childrenOf: "Artists", using: children)
    #expect(try outline.snapshot(of: "Artists").items == ["B", "C"] && !outline.contains("A"))
    outline.deleteAll()
    #expect(outline.items.isEmpty && outline == Outline())
  }

  @Test func visualDescriptionMarksVisibleExpandedAndCollapsedRows() throws {
    var outline = try Self.sidebar()
    outline.expand(["Library"])
    #expect(outline.visualDescription() == """
      SectionSnapshot: 7 items, 4 visible
      *+ Library
          *  Recently Added
          *- Artists
                 A
                 B
      *- Playlists
             Mix
      """)
  }

  // MARK: - Random edits against a flat model

  struct Row: Equatable { var id: String; var level: Int; var expanded: Bool }

  /// The end of `i`'s subtree: the first row after it at its level or above.
  static func subtreeEnd(_ rows: [Row], _ i: Int) -> Int {
    var j = i + 1
    while j < rows.count && rows[j].level > rows[i].level { j += 1 }
    return j
  }

  static func visible(_ rows: [Row]) -> [String] {
    var result: [String] = []
    var hiddenBelow = Int.max  // rows deeper than this are hidden
    for row in rows {
      if row.level > hiddenBelow { continue }
      hiddenBelow = Int.max
      result.append(row.id)
      if !row.expanded { hiddenBelow = row.level }
    }
    return result
  }

  /// Ids the table's fast hash cannot take (not ASCII) switch it to
  /// `hashValue`; an id equal to a held one (the Kelvin sign is "K") is found.
  @Test func idsNotASCIIAreFoundAsAnyOther() {
    var outline = Outline()
    outline.append(["a", "K"])
    outline.append(["é", "ü"], to: "a")
    #expect(outline.items == ["a", "é", "ü", "K"])
    #expect(outline.contains("é") && outline.contains("\u{212A}") && outline.parent(of: "ü") == "a")
    outline.delete(["é"])
    #expect(outline.items == ["a", "ü", "K"] && !outline.contains("é") && outline.contains("ü") && outline.index(of: "K") == 2)
  }

  /// `replace(childrenOf:using:)` may bring back an id among those it removes.
  @Test func replacingChildrenMayReuseTheIDsItRemoves() throws {
    var outline = try Self.sidebar()
    var subtree = Outline()
    subtree.append(["A", "New"])  // "A" was under "Artists", which leaves
    subtree.append(["x"], to: "New")
    subtree.expand(["New"])
    outline.replace(childrenOf: "Library", using: subtree)
    #expect(outline.items == ["Library", "A", "New", "x", "Playlists", "Mix"])
    #expect(outline.parent(of: "A") == "Library" && outline.isExpanded("New") && !outline.contains("Artists") && !outline.contains("B"))
    var expected = Outline()
    expected.append(["Library", "Playlists"])
    expected.append(["A", "New"], to: "Library")
    expected.append(["x"], to: "New")
    expected.append(["Mix"], to: "Playlists")
    expected.expand(["New"])
    #expect(outline == expected)
    expected.collapse(["New"])
    #expect(outline != expected)
  }

  @Test(arguments: 0..<40)
  func randomEditsMatchTheFlatModel(seed: Int) throws {
    var rng = SplitMix64(seed: UInt64(seed))
    var outline = Outline()
    var rows: [Row] = []
    var next = 0
    func fresh() -> String { next += 1; return "n\(next)" }
    for _ in 0..<60 {
      let held = rows.map(\.id)
      let some = held.isEmpty || rng.chance(0.1) ? "missing" : held[rng.int(below: held.count)]
      let i = rows.firstIndex { $0.id == some }
      let before = outline
      var refused = false
      switch rng.int(below: 6) {
      case 0:  // append to a parent, or to the root
        let new = (0..<rng.int(in: 1...3)).map { _ in fresh() }
        let toRoot = rng.chance(0.3)
        if toRoot {
          outline.append(new)
          rows += new.map { Row(id: $0, level: 0, expanded: false) }
        } else if let i {
          outline.append(new, to: some)
          rows.insert(contentsOf: new.map { Row(id: $0, level: rows[i].level + 1, expanded: false) }, at: Self.subtreeEnd(rows, i))
        } else {
          refused = true
        }
      case 1:  // insert before or after, or a duplicate refused
        let duplicate = rng.chance(0.2) && !held.isEmpty
        let new = duplicate ? [held[rng.int(below: held.count)]] : [fresh()]
        let after = rng.chance(0.5)
        if let i, !duplicate {
          if after { outline.insert(new, after: some) } else { outline.insert(new, before: some) }
          rows.insert(Row(id: new[0], level: rows[i].level, expanded: false), at: after ? Self.subtreeEnd(rows, i) : i)
        } else {
          refused = true
        }
      case 2:  // delete with descendants
        if let i {
          outline.delete([some])
          rows.removeSubrange(i..<Self.subtreeEnd(rows, i))
        } else {
          refused = true
        }
      case 3, 4:  // expand or collapse
        let expand = rng.chance(0.6)
        if let i {
          if expand { outline.expand([some]) } else { outline.collapse([some]) }
          rows[i].expanded = expand
        } else {
          refused = true
        }
      default:  // move a subtree under the root's end through snapshot(of:)
        if let i {
          let tree = outline.snapshot(of: some, includingParent: true)
          outline.delete([some])
          let end = Self.subtreeEnd(rows, i)
          var moved = Array(rows[i..<end])
          rows.removeSubrange(i..<end)
          let shift = moved[0].level
          for k in moved.indices { moved[k].level -= shift }
          if let last = outline.rootItems.last {
            outline.insert(tree, after: last)
          } else {
            #expect(outline.items.isEmpty)
            outline = tree
          }
          rows += moved
        }
      }
      if refused { #expect(outline == before, "a refused edit changed the outline") }
      #expect(outline.items == rows.map(\.id), "seed \(seed)")
      #expect(outline.visibleItems == Self.visible(rows), "seed \(seed)")
      // Every query, against the rows: a row is visible when every
      // ancestor is expanded; its parent is the nearest row above it at a
      // lower level; its descendants are the rows below it at a deeper one.
      let shown = Set(Self.visible(rows))
      for (k, row) in rows.enumerated() {
        #expect(outline.level(of: row.id) == row.level)
        #expect(outline.isExpanded(row.id) == row.expanded)
        #expect(outline.index(of: row.id) == k)
        #expect(outline.contains(row.id))
        #expect(outline.isVisible(row.id) == shown.contains(row.id), "seed \(seed): \(row.id)")
        let parent = row.level == 0 ? nil : rows[..<k].last { $0.level < row.level }?.id
        #expect(outline.parent(of: row.id) == parent, "seed \(seed): \(row.id)")
        let descendants = rows[(k + 1)..<Self.subtreeEnd(rows, k)].map(\.id)
        #expect(outline.snapshot(of: row.id).items == descendants, "seed \(seed): \(row.id)")
        #expect(outline.snapshot(of: row.id, includingParent: true).items == [row.id] + descendants)
      }
      #expect(outline.expandedItems == rows.filter(\.expanded).map(\.id), "seed \(seed)")
      #expect(!outline.contains("missing") && !outline.isVisible("missing") && outline.index(of: "missing") == nil)
    }
  }
}
