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
    let old = (0..<12).map { Item<String, String>(id($0)) }
    // New: old 0..<12 reversed, with 9 and 4 gone and two fresh ids.
    let newIDs = [11, 10, 100, 8, 7, 6, 5, 3, 101, 2, 1, 0]
    let new = newIDs.map { Item<String, String>(id($0)) }
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

  /// Reversed lists leave nearly every item over: 16 a side is within
  /// the scan's limit, 40 a side past it (the table).
  @Test(arguments: [16, 40])
  func reversedListsEitherSideOfTheScanLimit(count: Int) {
    #expect((count * count <= _leftoverScanLimit) == (count == 16))
    for long in [false, true] {
      let ids = (0..<count).map { long ? longID($0) : "i\($0)" }
      var new = Array(ids.reversed())
      new.remove(at: 3)
      new.insert(long ? longID(1_000) : "fresh", at: 5)
      let old = list(ids), newSnap = list(new)
      let (oldIndex, _, _) = Snap._alignedOldPositions(of: newSnap, in: old, sectionOldIndex: [0])
      let expected = new.map { id in ids.firstIndex(of: id) ?? -1 }
      #expect(oldIndex == expected, "count \(count), long \(long)")
    }
  }
}
