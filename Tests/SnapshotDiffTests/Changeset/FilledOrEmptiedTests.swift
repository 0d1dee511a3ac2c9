import DiffVerification
import PropertyBased
@testable import SnapshotDiff
import Testing

/// A list filled from empty or emptied, its sections as they were, takes no
/// matching: its changeset is the one each strategy's matching gives there.
@Suite struct FilledOrEmptiedTests {
  static let matchers = StagePlanTests.matchers

  /// `snapshot`'s sections, ids and contents, with no items.
  func sectionsOnly(_ snapshot: Snap) throws -> Snap {
    try Snap(sections: snapshot.sections.map { Snap.Section($0.id, content: $0.content) })
  }

  @Test func theShortcutIsEachStrategysChangesetOnRandomLists() async {
    await propertyCheck(count: 300, input: Gen.uint64(), Gen.int(in: 0...60)) { seed, size in
      let full = try PairGenerator(maxItems: size, maxSections: 5).pair(seed: seed, iteration: 0).new.snapshot()
      let empty = try sectionsOnly(full)
      for (old, new) in [(empty, full), (full, empty)] {
        let shortcut = try #require(Changeset._filledOrEmptied(from: old, to: new))
        #expect(try shortcut.apply(to: old) == new, "seed \(seed), size \(size)")
        #expect(shortcut.stages.count == (full.numberOfItems == 0 ? 0 : 1))
        for strategy in Self.matchers {
          let matched = try Changeset(from: old, to: new, checking: strategy.matching(from: old, to: new))
          #expect(shortcut == matched, "\(strategy.name), seed \(seed), size \(size)")
          #expect(strategy.changeset(from: old, to: new) == matched)
        }
      }
    }
  }

  /// Items on both sides, or sections that differ in id, order or content,
  /// or a mark: a matching is asked for.
  @Test func anyOtherPairTakesTheMatching() throws {
    let empty = try Snap(sections: [.init("A", content: "a"), .init("B")])
    let full = try Snap(sections: [.init("A", content: "a", items: [.init("1")]), .init("B", items: [.init("2", content: "x")])])
    #expect(Changeset._filledOrEmptied(from: empty, to: full) != nil)
    #expect(Changeset._filledOrEmptied(from: full, to: empty) != nil)
    #expect(Changeset._filledOrEmptied(from: full, to: full) == nil)
    let others = [
      try Snap(sections: [.init("B"), .init("A", content: "a")]),  // order
      try Snap(sections: [.init("A", content: "b"), .init("B")]),  // a content
      try Snap(sections: [.init("A", content: "a"), .init("C")]),  // an id
      try Snap(sections: [.init("A", content: "a")]),  // a section fewer
    ]
    for other in others {
      #expect(Changeset._filledOrEmptied(from: other, to: full) == nil)
      #expect(Changeset._filledOrEmptied(from: full, to: other) == nil)
    }
    var marked = empty
    marked.reloadSections(["B"])
    #expect(Changeset._filledOrEmptied(from: full, to: marked) == nil)
    var reconfigured = full
    reconfigured.reconfigureItems(["2"])
    #expect(Changeset._filledOrEmptied(from: empty, to: reconfigured) == nil)
  }

  /// The data source's apply takes it: a first load and a clear recorded as
  /// one batch of item inserts, then deletes.
  @Test func theDataSourceLoadsAndClearsThroughIt() throws {
    let empty = try Snap(sections: [.init("A"), .init("B")])
    let full = try Snap(sections: [.init("A", items: [.init("1"), .init("2")]), .init("B", items: [.init("3")])])
    let dataSource = ContentDiffableDataSource<String, String, String>()
    dataSource.apply(empty)
    let load = dataSource.apply(full)
    #expect(dataSource.snapshot() == full)
    #expect(load.map(\.description) == ["collectionView.performBatchUpdates {\n  collectionView.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0), IndexPath(item: 0, section: 1)])\n}"])
    let clear = dataSource.apply(empty)
    #expect(dataSource.snapshot() == empty)
    #expect(clear.map(\.description) == ["collectionView.performBatchUpdates {\n  collectionView.deleteItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0), IndexPath(item: 0, section: 1)])\n}"])
  }
}
