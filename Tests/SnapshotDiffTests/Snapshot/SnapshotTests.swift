import SnapshotDiff
import Testing

@Suite struct SnapshotTests {
  @Test func duplicateItemNamesIdAndBothPositions() {
    #expect(throws: Snap.Error.duplicateItem("x", first: path(0, 1), second: path(2, 0))) {
      try Snap(sections: [.init("A", items: [.init("a"), .init("x")]), .init("B"), .init("C", items: [.init("x")])])
    }
  }

  @Test func duplicateSectionNamesIdAndBothIndices() {
    #expect(throws: Snap.Error.duplicateSection("A", first: 0, second: 2)) {
      try Snap(sections: [.init("A"), .init("B"), .init("A")])
    }
    #expect(Snap.Error.duplicateSection("A", first: 0, second: 2).description
      == "duplicate section id \"A\" at sections 0 and 2")
  }

  @Test func buildingLikeUIKit() throws {
    var s = Snap()
    s.appendSections(["top", "list"])
    s.appendItems(["a", "b"], toSection: "top")
    s.appendItems(["c"])  // the last section
    s.appendItems(["d"], toSection: "top")
    #expect(s.sectionIdentifiers == ["top", "list"])
    #expect(try s.itemIdentifiers(inSection: "top") == ["a", "b", "d"])
    #expect(try s.itemIdentifiers(inSection: "list") == ["c"])
    #expect(s.indexPath(of: "c") == path(1, 0))
    #expect(s.indexPath(of: "zz") == nil)
    #expect(s.numberOfItems == 4)
    #expect(s.numberOfItems(inSectionAt: 0) == 3)
  }

  /// Since iOS 15 UIKit moves an appended id it holds into place.
  @Test func appendingAnIDHeldMovesItToTheEnd() throws {
    var s = list(["a", "b"])
    s.appendItems(["a"], toSection: "main")
    #expect(s == list(["b", "a"]))
  }

  @Test func pathOfFlatIndexSkipsEmptySections() {
    let s = snap([("A", []), ("B", ["b"]), ("C", []), ("D", ["d1", "d2"])])
    #expect(s.path(ofFlatIndex: 0) == path(1, 0))
    #expect(s.path(ofFlatIndex: 2) == path(3, 1))
  }

  @Test func equalityIncludesContent() throws {
    let a = try Snap(section: "s", items: [.init("a", content: "1")])
    let b = try Snap(section: "s", items: [.init("a", content: "2")])
    #expect(a != b)
  }
}
