import SnapshotDiff
import Testing

/// The weighted LIS that `hashmap` runs over sections of a few long runs:
/// held to a quadratic dynamic programme on random sequences.
@Suite struct HeaviestIncreasingSubsequenceTests {
  /// The heaviest increasing subsequence's weight, the slow, obvious way.
  func heaviest(_ values: [Int], _ weights: [Int]) -> Int {
    var best = [Int](repeating: 0, count: values.count)
    for p in values.indices {
      best[p] = weights[p] + (values.indices.prefix(p).filter { values[$0] < values[p] }.map { best[$0] }.max() ?? 0)
    }
    return best.max() ?? 0
  }

  @Test(arguments: 0..<40)
  func matchesTheQuadraticProgramme(seed: Int) {
    var seed = UInt64(seed) &+ 11
    var rng = SeededGenerator(&seed)
    let count = Int.random(in: 0...60, using: &rng)
    let values = Array((0..<200).shuffled(using: &rng).prefix(count))
    let weights = values.map { _ in Bool.random(using: &rng) ? 1 : Int.random(in: 1...40, using: &rng) }
    let (weight, members) = markHeaviestIncreasingSubsequence(values, weights: weights)
    #expect(weight == heaviest(values, weights), "seed \(seed)")
    let chosen = values.indices.filter { members[$0] }
    #expect(chosen.map { weights[$0] }.reduce(0, +) == weight, "seed \(seed)")
    #expect(zip(chosen, chosen.dropFirst()).allSatisfy { values[$0] < values[$1] }, "seed \(seed)")
  }

  /// From 256 values the ranks come from a radix sort, in one to three
  /// passes by the values' range: held to the same programme.
  @Test(arguments: [(0, 300, 1_000), (1, 400, 100_000), (2, 600, 1 << 20), (3, 256, 1 << 30), (4, 500, 600)])
  func radixRanksMatchTheQuadraticProgramme(seed: Int, count: Int, range: Int) {
    var seed = UInt64(seed) &+ 101
    var rng = SeededGenerator(&seed)
    // Distinct values from 0..<range, offset so that the least is not 0.
    var chosen = Set<Int>()
    while chosen.count < count { chosen.insert(Int.random(in: 0..<range, using: &rng) + 7) }
    var values = Array(chosen).shuffled(using: &rng)
    // Mostly increasing runs with shuffled parts, as hashmap's sections are.
    values[..<(count / 2)].sort()
    let weights = values.map { _ in Int.random(in: 1...40, using: &rng) }
    let (weight, members) = markHeaviestIncreasingSubsequence(values, weights: weights)
    #expect(weight == heaviest(values, weights), "seed \(seed)")
    let picked = values.indices.filter { members[$0] }
    #expect(picked.map { weights[$0] }.reduce(0, +) == weight, "seed \(seed)")
    #expect(zip(picked, picked.dropFirst()).allSatisfy { values[$0] < values[$1] }, "seed \(seed)")
  }

  @Test func withUnitWeightsItIsTheLongest() {
    let values = [3, 1, 2, 5, 4, 6, 0]
    #expect(markHeaviestIncreasingSubsequence(values, weights: values.map { _ in 1 }).weight
      == longestIncreasingSubsequenceLength(values))
    // One heavy element outweighs a longer subsequence.
    #expect(markHeaviestIncreasingSubsequence([1, 2, 3, 0], weights: [1, 1, 1, 10]) == (10, [false, false, false, true]))
  }
}
