import DiffVerification
import SnapshotDiff
import Testing

/// The skip estimate follows each strategy's cost model: naive's resumed
/// search is linear on identical and reversed lists, quadratic when no id is kept.
@Suite struct WorkEstimateTests {
  func list(_ ids: [String]) throws -> StringSnapshot {
    try StringSnapshot(sections: [.init("main", items: ids.map { .init($0) })])
  }

  @Test func naivesSearchIsLinearWhenItemsAreFoundAndQuadraticWhenNot() throws {
    let ids = (0..<1_000).map { "i\($0)" }
    let same = WorkEstimate(old: try list(ids), new: try list(ids))
    #expect(same.units(Naive().traits.cost) == 1_000)
    #expect(same.units(.productOfSizes) == 1_000_000)
    // Reversed: the first search passes all 1,000; each later one finds
    // nothing after the last kept item and passes what remains (none).
    let reversed = WorkEstimate(old: try list(ids), new: try list(ids.reversed()))
    #expect(reversed.units(Naive().traits.cost) == 1_000 + 999 * 1)
    // Every id replaced: each search passes the whole old list (and one step).
    let replaced = WorkEstimate(old: try list(ids), new: try list(ids.map { "n" + $0 }))
    #expect(replaced.units(Naive().traits.cost) == 1_000 * 1_001)
  }
}
