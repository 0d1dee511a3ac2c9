import SnapshotDiff
import Testing

@Suite struct MinimumMovesTests {
  @Test func classicCases() {
    #expect(Snap.minimumMoves(from: list(["a", "b", "c"]), to: list(["b", "c", "a"])) == 1)
    #expect(Snap.minimumMoves(from: list(["1", "2", "3"]), to: list(["3", "2", "1"])) == 2)
    #expect(Snap.minimumMoves(from: list(["a", "b"]), to: list(["a", "b", "c"])) == 0)
  }

  @Test func sectionChangesCountAsMoves() {
    let old = snap([("A", ["a", "b"]), ("B", ["c"])])
    let new = snap([("A", ["b"]), ("B", ["a", "c"]), ("C", ["x"])])
    #expect(Snap.minimumMoves(from: old, to: new) == 1)
    // A renamed section: its items all change section id.
    #expect(Snap.minimumMoves(from: snap([("A", ["a", "b"])]), to: snap([("Z", ["a", "b"])])) == 2)
  }

  @Test func longestIncreasingSubsequence() {
    #expect(longestIncreasingSubsequenceLength([]) == 0)
    #expect(longestIncreasingSubsequenceLength([3, 1, 2, 5, 4, 6]) == 4)
    #expect(longestIncreasingSubsequenceLength([5, 4, 3]) == 1)
  }
}
