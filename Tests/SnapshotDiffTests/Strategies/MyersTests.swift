import PropertyBased
import SnapshotDiff
import Testing

@Suite struct MyersTests {
  /// The LCS length by dynamic programming: the brute-force optimum.
  func lcsLength(_ a: [Int], _ b: [Int]) -> Int {
    var row = [Int](repeating: 0, count: b.count + 1)
    for x in a {
      var diagonal = 0
      for j in 0..<b.count {
        let up = row[j + 1]
        row[j + 1] = x == b[j] ? diagonal + 1 : max(row[j + 1], row[j])
        diagonal = up
      }
    }
    return row[b.count]
  }

  @Test func deletesAndInsertsAreOptimal() async {
    let sequence = Gen.int(in: 0...5).array(of: 0...14)
    await propertyCheck(count: 400, input: sequence, sequence) { a, b in
      let common = Myers.commonSubsequence(a, b)
      // A common subsequence: increasing on both sides, equal elements.
      #expect(zip(common, common.dropFirst()).allSatisfy { $0.old < $1.old && $0.new < $1.new })
      #expect(common.allSatisfy { a[$0.old] == b[$0.new] })
      // And a longest one: deletes + inserts equal the optimum.
      let edits = (a.count - common.count) + (b.count - common.count)
      #expect(edits == a.count + b.count - 2 * lcsLength(a, b))
    }
  }

  @Test func guideExample() {
    let common = Myers.commonSubsequence([1, 2, 3], [2, 3, 4])
    #expect(common.map(\.old) == [1, 2] && common.map(\.new) == [0, 1])
  }

  @Test func reversedAndDisjoint() {
    let a = Array(0..<200)
    #expect(Myers.commonSubsequence(a, a.reversed()).count == 1)
    #expect(Myers.commonSubsequence(a, Array(200..<300)).isEmpty)
    #expect(Myers.commonSubsequence(a, a).count == 200)
    #expect(Myers.commonSubsequence([], a).isEmpty)
  }

  /// Ids on one side only are set aside before the search: with many of
  /// them around a few moves, the moved items are still exactly the kept
  /// ones off one longest common subsequence.
  @Test func oneSidedIdsDoNotChangeTheOptimum() async {
    let choices = Gen.int(in: 0...9).array(of: 0...60)
    await propertyCheck(count: 300, input: choices) { choices in
      // Each choice: keep the next old item (0–5), delete it (6), insert a
      // fresh one (7), or keep it at the end instead (8–9: a move).
      var old = [String](), new = [String](), tail = [String]()
      for (k, c) in choices.enumerated() {
        switch c {
        case 0...5: old.append("i\(k)"); new.append("i\(k)")
        case 6: old.append("i\(k)")
        case 7: new.append("n\(k)")
        default: old.append("i\(k)"); tail.append("i\(k)")
        }
      }
      new += tail.reversed()
      let m = Myers().matching(from: list(old), to: list(new))
      let position = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
      let keptNew = new.compactMap { position[$0] }
      let kept = m.itemOldIndex.filter { $0 >= 0 }.count
      #expect(kept == keptNew.count)
      #expect(m.itemMoved.filter { $0 }.count == kept - lcsLength(keptNew.sorted(), keptNew))
    }
  }
}
