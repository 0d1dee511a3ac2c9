@testable import SnapshotDiff
import Testing

/// `_alignedOldPositions` matches what its walk leaves over by comparing ids
/// when the leftovers are few (`_matchByScan`) and through a table
/// otherwise: both must give exactly the old position of the same id.
@Suite struct AlignedOldPositionsTests {
  /// A long id built at run time: equal ids, each in its own heap buffer,
  /// so that no two equal ones share their bits.
  func longID(_ k: Int) -> String { String(repeating: "x", count: 20) + String(k) }

  /// The scan directly: moved ids found, inserted ones -1, each old item
  /// taken once; ids equal but not bitwise equal found by `==`.
  @Test(arguments: [false, true])
  func scanFindsExactlyTheSameIds(long: Bool) {
    let id = long ? longID : { "i\($0)" }
    let old = (0..<12).map { SectionSnapshot<String, String>.Item(id($0)) }
    // New: old 0..<12 reversed, with 9 and 4 gone and two fresh ids.
    let newIDs = [11, 10, 100, 8, 7, 6, 5, 3, 101, 2, 1, 0]
    let new = newIDs.map { SectionSnapshot<String, String>.Item(id($0)) }
    var leftOld = _Leftovers(), leftNew = _Leftovers()
    leftOld.append(contentsOf: 0..<12)
    leftNew.append(contentsOf: 0..<12)
    var oldIndex = [Int](repeating: -2, count: new.count)
    old.withUnsafeBufferPointer { o in
      new.withUnsafeBufferPointer { n in
        oldIndex.withUnsafeMutableBufferPointer { _matchByScan(leftOld, leftNew, old: o, new: n, oldIndex: $0) }
      }
    }
    #expect(oldIndex == newIDs.map { $0 < 12 ? $0 : -1 })
  }

  /// Two sections that trade all their items: nothing is found in its own
  /// section, so every item is a leftover, 2k a side: 8 a section is within
  /// the leftovers' scan limit, 9 past it (the table).
  @Test(arguments: [8, 9])
  func tradedSectionsEitherSideOfTheLeftoverScanLimit(count: Int) {
    #expect(((2 * count) * (2 * count) <= _Tuning.leftoverScanPairs) == (count == 8))
    for long in [false, true] {
      func id(_ k: Int) -> String { long ? longID(k) : "i\(k)" }
      let a = (0..<count).map(id), b = (count..<(2 * count)).map(id)
      let old = snap([("A", a), ("B", b)])
      // B's items in A, reversed, one new; A's in B, one gone.
      let new = snap([("A", b.reversed() + [id(1_000)]), ("B", Array(a.dropFirst()))])
      let (oldIndex, _, _) = Snap._alignedOldPositions(of: new, in: old, sectionOldIndex: [0, 1])
      let expected = new.itemIdentifiers.map { old.itemIdentifiers.firstIndex(of: $0) ?? -1 }
      #expect(oldIndex == expected, "\(count) a section, long \(long)")
    }
  }

  /// A kept section pair of at most `_Tuning.sectionSearchPairs` items × items is
  /// matched by searching each id (64 × 64), a larger one by the walk
  /// (65 × 65): the same result, whatever the change.
  @Test(arguments: [64, 65])
  func sectionsEitherSideOfTheSearchLimit(count: Int) {
    #expect((count * count <= _Tuning.sectionSearchPairs) == (count == 64))
    for long in [false, true] {
      func id(_ k: Int) -> String { long ? longID(k) : "i\(k)" }
      let ids = (0..<count).map(id)
      // Reversed; one moved, one deleted, one inserted; unchanged.
      var shuffled = ids
      shuffled.swapAt(3, 40)
      shuffled.remove(at: 10)
      shuffled.insert(id(1_000), at: 20)
      for order in [Array(ids.reversed()), shuffled, ids] {
        // Long ids copied into buffers of their own: equal, not bitwise equal.
        let new = long ? order.map { String(decoding: Array($0.utf8), as: UTF8.self) } : order
        let (oldIndex, walked, _) = Snap._alignedOldPositions(of: list(new), in: list(ids), sectionOldIndex: [0])
        #expect(oldIndex == new.map { ids.firstIndex(of: $0) ?? -1 }, "\(count) items, long \(long)")
        // Only an unchanged list is matched in order throughout (an
        // equal id with other bits is set aside and found as a leftover).
        if !long { #expect(walked == [order == ids]) }
      }
    }
  }

  /// One or two leftover ids on a side are compared with every leftover of
  /// the other side, however many (up to `leftoverScanPerID` comparisons an
  /// id); three against 300 go through the table. A placeholder that
  /// gives way to a list, and back, cross sections either way: the same
  /// positions as the definition gives.
  @Test(arguments: [1, 2, 3])
  func fewLeftoversAgainstManyEitherSideOfTheScanRule(few: Int) {
    let many = 300
    let pairs = few * many
    #expect((pairs <= _Tuning.leftoverScanPerID * (few + many)) == (few < 3))
    for long in [false, true] {
      func id(_ k: Int) -> String { long ? longID(k) : "i\(k)" }
      let list = (0..<many).map(id)
      // The section renamed (so nothing lines up in it), `few` ids kept
      // across: the new section holds them and new ones.
      let old = snap([("all", list)])
      let kept = (0..<few).map { list[$0 * 7] }
      for new in [snap([("empty", kept)]), snap([("empty", kept.reversed() + [id(5_000)])])] {
        let (oldIndex, _, _) = Snap._alignedOldPositions(of: new, in: old, sectionOldIndex: [-1])
        #expect(oldIndex == new.itemIdentifiers.map { old.itemIdentifiers.firstIndex(of: $0) ?? -1 }, "\(few), long \(long)")
        // And the other way: many new ids against few old ones.
        let (back, _, _) = Snap._alignedOldPositions(of: old, in: new, sectionOldIndex: [-1])
        #expect(back == old.itemIdentifiers.map { new.itemIdentifiers.firstIndex(of: $0) ?? -1 })
      }
    }
  }

  /// A snapshot as an apply makes it: no id table until its first edit.
  func unindexed(_ snapshot: Snap) -> Snap {
    var copy = snapshot
    copy._index = nil
    return copy
  }

  /// Where one side's leftovers are at most a quarter of the other's
  /// (`leftoverLookUpRatio`), they are looked up in the other snapshot's id
  /// table; more, and both go through a table of their own (75 and 76
  /// against 300). Every way, with or without the snapshots' tables, gives
  /// the positions the definition gives.
  @Test(arguments: [1, 75, 76])
  func fewerLeftoversLookedUpInTheOtherSnapshotsTable(few: Int) {
    let many = 300
    #expect((few * _Tuning.leftoverLookUpRatio <= many) == (few <= 75))
    for long in [false, true] {
      func id(_ k: Int) -> String { long ? longID(k) : "i\(k)" }
      let list = (0..<many).map(id)
      let old = snap([("all", list)])
      // A renamed section: nothing lines up; `few` ids, some kept, some new.
      let kept = (0..<few).map { $0 % 2 == 0 ? list[$0 * 3] : id(10_000 + $0) }
      let new = snap([("other", kept.reversed())])
      for (o, n) in [(old, new), (unindexed(old), new), (old, unindexed(new)), (unindexed(old), unindexed(new))] {
        let (oldIndex, _, _) = Snap._alignedOldPositions(of: n, in: o, sectionOldIndex: [-1])
        #expect(oldIndex == n.itemIdentifiers.map { o.itemIdentifiers.firstIndex(of: $0) ?? -1 }, "\(few), long \(long)")
        let (back, _, _) = Snap._alignedOldPositions(of: o, in: n, sectionOldIndex: [-1])
        #expect(back == o.itemIdentifiers.map { n.itemIdentifiers.firstIndex(of: $0) ?? -1 }, "\(few) back, long \(long)")
      }
    }
  }

  /// The Kelvin sign is "K" (`==` is canonical equivalence), but a table
  /// of ASCII ids cannot hash it: looked up there it is not found, so the
  /// leftovers are matched the other ways, which find it either side.
  @Test func anIDTheOtherTableCannotHashIsStillFound() throws {
    let list = ["K"] + (0..<40).map { "i\($0)" }
    let old = snap([("placeholder", ["\u{212A}"])]), new = snap([("list", list)])
    let (oldIndex, _, _) = Snap._alignedOldPositions(of: new, in: old, sectionOldIndex: [-1])
    #expect(oldIndex == [0] + Array(repeating: -1, count: 40))
    let (back, _, _) = Snap._alignedOldPositions(of: old, in: new, sectionOldIndex: [-1])
    #expect(back == [0])
    // The whole diff: one item moved across sections, none deleted.
    let changeset = Hashmap().changeset(from: old, to: new)
    #expect(changeset.counts.moves == 1 && changeset.counts.deletes == 0)
    #expect(try changeset.apply(to: old) == new)
  }

  /// A section emptied sets its old items aside as one range: each one
  /// deleted, and the walk of the section counts as in order.
  @Test func anEmptiedSectionDeletesEveryOldItem() throws {
    let old = snap([("list", (0..<50).map { "i\($0)" }), ("other", ["o"])])
    let new = snap([("list", []), ("other", ["o", "i3"])])
    let (oldIndex, walked, _) = Snap._alignedOldPositions(of: new, in: old, sectionOldIndex: [0, 1])
    #expect(oldIndex == [50, 3] && walked[0])
    let changeset = Hashmap().changeset(from: old, to: new)
    #expect(changeset.counts.deletes == 49 && changeset.counts.moves == 1)
    #expect(try changeset.apply(to: old) == new)
  }

  /// No section kept (a screen replaced by sections of other ids): where
  /// one side is far fewer it is looked up in the other snapshot's id table
  /// with no leftovers listed; without a table (a snapshot an apply made),
  /// the leftovers' ways. The same positions either way, an id carried
  /// across found, ids the fast hash cannot take included.
  @Test(arguments: [false, true])
  func noSectionKeptFindsTheIdsCarriedAcross(long: Bool) throws {
    func id(_ k: Int) -> String { long ? longID(k) : "i\(k)" }
    let books = (0..<40).map(id)
    let tables = (snap([("all", books)]), snap([("empty", ["placeholder", id(7)])]))
    var shapes = [tables, (tables.1, tables.0)]
    // The same pairs as an apply makes them: no id table on either side.
    for (old, new) in [tables, (tables.1, tables.0)] {
      shapes.append((try Hashmap().changeset(from: Snap(), to: old).apply(to: Snap()), try Hashmap().changeset(from: Snap(), to: new).apply(to: Snap())))
    }
    for (old, new) in shapes {
      let (oldIndex, _, _) = Snap._alignedOldPositions(of: new, in: old, sectionOldIndex: new.sectionIdentifiers.map { _ in -1 })
      #expect(oldIndex == new.itemIdentifiers.map { old.itemIdentifiers.firstIndex(of: $0) ?? -1 })
      let changeset = Hashmap().changeset(from: old, to: new)
      #expect(changeset.counts.moves == 1)
      #expect(try changeset.apply(to: old) == new)
    }
  }

  /// A list cleared (its sections kept, no item left): nothing matched,
  /// every section walked, and the changeset deletes each row.
  @Test func aClearedListMatchesNothing() throws {
    let old = snap([("a", ["1", "2", "3"]), ("b", ["4"])]), new = snap([("a", []), ("b", [])])
    let (oldIndex, walked, runs) = Snap._alignedOldPositions(of: new, in: old, sectionOldIndex: [0, 1])
    #expect(oldIndex.isEmpty && walked == [true, true] && runs.isEmpty)
    let changeset = Hashmap().changeset(from: old, to: new)
    #expect(changeset.counts.deletes == 4)
    #expect(try changeset.apply(to: old) == new)
  }
}
