@testable import SnapshotDiff
import Testing

/// `_Leftovers`, the walk's set-aside positions held as ranges: it must
/// hold exactly the positions a plain array would, in the same order, and
/// merge what is consecutive (that is its point).
@Suite struct LeftoversTests {
  @Test func consecutivePositionsShareOneRange() {
    var left = _Leftovers()
    left.append(3)
    left.append(4)
    left.append(contentsOf: 5..<9)
    left.append(contentsOf: 9..<9)  // empty: nothing
    left.append(contentsOf: 9..<12)
    #expect(Array(left) == Array(3..<12))
    #expect(left.count == 9)
    #expect(left.spans.count == 1)
    left.append(20)
    left.append(2)  // not after the last: a range of its own, kept in order
    #expect(Array(left) == Array(3..<12) + [20, 2])
    #expect(left.spans.count == 3)
  }

  @Test func takingBackCrossesRanges() {
    var left = _Leftovers()
    left.append(contentsOf: 0..<4)
    left.append(10)
    left.append(contentsOf: 20..<23)
    left.removeLast(4)  // 20, 21, 22 and 10
    #expect(Array(left) == [0, 1, 2, 3])
    #expect(left.count == 4)
    left.removeLast(1)
    #expect(Array(left) == [0, 1, 2])
    left.append(3)  // merges again after a partial take-back
    #expect(left.spans.count == 1)
    left.removeLast(4)
    #expect(left.isEmpty && left.spans.isEmpty && Array(left).isEmpty)
  }

  /// Random appends and take-backs, against a plain array of positions.
  @Test(arguments: 0..<20)
  func holdsWhatAnArrayHolds(seed: Int) {
    var seed = UInt64(seed) &+ 11
    var rng = SeededGenerator(&seed)
    var left = _Leftovers(), model = [Int]()
    var next = 0
    for _ in 0..<300 {
      switch Int.random(in: 0..<10, using: &rng) {
      case 0..<4:
        // Mostly the next position, sometimes a jump ahead or back.
        next += [0, 0, 0, 1, 5, -7][Int.random(in: 0..<6, using: &rng)]
        next = max(next, 0)
        left.append(next)
        model.append(next)
        next += 1
      case 4..<8:
        let length = Int.random(in: 0..<20, using: &rng)
        left.append(contentsOf: next..<(next + length))
        model += next..<(next + length)
        next += length + Int.random(in: 0..<2, using: &rng)
      default:
        let k = Int.random(in: 0...min(model.count, 25), using: &rng)
        left.removeLast(k)
        model.removeLast(k)
        next = (model.last ?? -1) + 1
      }
      #expect(left.count == model.count)
    }
    #expect(Array(left) == model, "seed \(seed)")
    var visited = [Int]()
    #expect(left.allSatisfy { visited.append($0); return true })
    #expect(visited == model)
    // Stops at the first position the body refuses.
    if model.count > 3 {
      var seen = 0
      #expect(!left.allSatisfy { _ in seen += 1; return seen < 3 })
      #expect(seen == 3)
    }
  }
}
