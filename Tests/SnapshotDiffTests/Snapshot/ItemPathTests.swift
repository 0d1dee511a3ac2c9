import SnapshotDiff
import Testing

/// `ItemPath` stores its indices in 32 bits each (a changeset holds one or
/// two per operation): the same values, order and equality as two `Int`s.
@Suite struct ItemPathTests {
  @Test func isEightBytes() {
    #expect(MemoryLayout<ItemPath>.size == 8)
    #expect(MemoryLayout<BatchUpdate.Move<ItemPath>>.stride == 16)
  }

  @Test(arguments: [(0, 0), (3, 7), (-1, 5), (Int(Int32.max) - 1, Int(Int32.min) + 1)])
  func keepsItsIndices(section: Int, item: Int) {
    var path = ItemPath(section: section, item: item)
    #expect(path.section == section && path.item == item)
    path.item += 1
    path.section = 2
    #expect(path == ItemPath(section: 2, item: item + 1))
    #expect(path.description == "[2, \(item + 1)]")
  }

  @Test func ordersSectionFirst() {
    let paths = [ItemPath(section: 1, item: 0), ItemPath(section: 0, item: 9), ItemPath(section: 0, item: -1), ItemPath(section: 1, item: 2)]
    #expect(paths.sorted().map { [$0.section, $0.item] } == [[0, -1], [0, 9], [1, 0], [1, 2]])
    #expect(Set(paths + paths).count == 4)
  }
}
