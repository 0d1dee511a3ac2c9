@testable import DiffBenchmarks
import DiffVerification
import Testing

/// `ChunkedArray` gives an array's results edit for edit, and the workload
/// generators built on it give the pairs they gave on a plain array: a
/// workload is defined by its pair, and reports before and after compare.
@Suite struct ChunkedArrayTests {
  /// Random inserts, removes and writes, against an array, with chunks of
  /// at most 2, 3 and 8 so that they split and empty often.
  @Test(arguments: [2, 3, 8])
  func editsGiveTheArraysResults(maximumChunk: Int) {
    for seed in 0..<20 as Range<UInt64> {
      var rng = SplitMix64(seed: seed)
      var array = Array(0..<rng.int(in: 0...12))
      var chunked = ChunkedArray(array, maximumChunk: maximumChunk)
      for step in 0..<300 {
        switch rng.int(below: 3) {
        case 0:
          let (i, value) = (rng.int(in: 0...array.count), 1_000 + step)
          array.insert(value, at: i)
          chunked.insert(value, at: i)
        case 1 where !array.isEmpty:
          let i = rng.int(below: array.count)
          #expect(chunked.remove(at: i) == array.remove(at: i))
        case 2 where !array.isEmpty:
          let i = rng.int(below: array.count)
          #expect(chunked[i] == array[i])
          array[i] = -step
          chunked[i] = -step
        default: break
        }
        #expect(chunked.count == array.count)
        #expect(chunked.chunks.allSatisfy { $0.count <= maximumChunk })
      }
      #expect(chunked.elements == array, "seed \(seed)")
    }
  }

  @Test func anEmptyArrayTakesInsertsAtItsEnd() {
    var chunked = ChunkedArray([Int](), maximumChunk: 2)
    for k in 0..<5 { chunked.insert(k, at: chunked.count) }
    chunked.insert(-1, at: 0)
    #expect(chunked.elements == [-1, 0, 1, 2, 3, 4])
    while chunked.count > 0 { chunked.remove(at: chunked.count - 1) }
    #expect(chunked.elements.isEmpty)
  }

  /// `random` and `scattered` as they were written on a plain array (the
  /// reference here), against the generators, up to several chunks.
  @Test func theGeneratorsGiveTheirPairsUnchanged() {
    for count in [100, 1_000, 20_000] {
      #expect(random(count: count) == Reference.random(count: count), "random(count: \(count))")
    }
    for (count, drop, insert, shuffle) in [(5_000, 1_000, 1_000, 200), (20_000, 2_000, 6_000, 400)] {
      #expect(
        scattered(count: count, drop: drop, insert: insert, shuffle: shuffle)
          == Reference.scattered(count: count, drop: drop, insert: insert, shuffle: shuffle), "scattered(count: \(count))")
    }
  }

  enum Reference {
    static func random(count: Int) -> (SnapshotDraft, SnapshotDraft) {
      var rng = SplitMix64(seed: Workload.seed &+ 2, iteration: UInt64(count))
      let old = ids("i", 0..<count)
      var new = old
      let percent = { (p: Int) in max(1, count * p / 100) }
      for _ in 0..<percent(3) { new.remove(at: rng.int(below: new.count)) }
      for _ in 0..<percent(2) {
        let item = new.remove(at: rng.int(below: new.count))
        new.insert(item, at: rng.int(in: 0...new.count))
      }
      for _ in 0..<percent(2) { new[rng.int(below: new.count)].content = "updated" }
      for k in 0..<percent(3) { new.insert(("n\(k)", ""), at: rng.int(in: 0...new.count)) }
      return (one(old), one(new))
    }

    static func scattered(count: Int, drop: Int, insert: Int, shuffle: Int) -> (SnapshotDraft, SnapshotDraft) {
      var rng = SplitMix64(seed: Workload.seed &+ 1, iteration: UInt64(count))
      let old = ids("i", 0..<count)
      var positions = Array(0..<count)
      rng.shuffle(&positions)
      let dropped = Set(positions[0..<drop])
      var new = old.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
      for k in 0..<insert { new.insert(("n\(k)", ""), at: rng.int(in: 0...new.count)) }
      var spots = Array(0..<new.count)
      rng.shuffle(&spots)
      let chosen = spots[0..<shuffle].sorted()
      var moved = chosen.map { new[$0] }
      rng.shuffle(&moved)
      for (k, p) in chosen.enumerated() { new[p] = moved[k] }
      return (one(old), one(new))
    }
  }
}
