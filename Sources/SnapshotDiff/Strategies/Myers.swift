/// Eugene Myers' O((N+M)D) diff (Algorithmica 1(2), 1986) with its
/// linear-space refinement: find the middle snake of an optimal edit path,
/// recurse on both sides.
///
/// Ids are first turned into integers, so the inner loop compares integers:
/// a kept item into its old flat position (the aligned walk hashmap uses
/// too), a section into its old index (a new section gets a number no old
/// one has). Within a section pair, ids found on one side only are
/// set aside before the search (they cannot be common), so the edit distance
/// *D* it runs on counts the moved items, not the deletes and inserts. Sections are diffed first; then each new section's
/// items against those of the old section it continues (as DifferenceKit
/// does), so a moved or inserted section is not a huge edit of the flat list.
/// The longest common subsequence stays in place; every other kept item is a
/// delete and an insert of the same id, paired into a move.
///
/// - Complexity: O((*N*+*M*)*D*) time, where *D* is twice the number of
///   moved items in the worst section pair (deletes and inserts are set aside
///   in O(*N*+*M*)); O(*N*+*M*) space.
public struct Myers: MatchingStrategy {
  public var name: String { "myers" }
  @inlinable public init() {}

  @inlinable
  public func matching<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> Matching {
    let (sectionOldIndex, sectionMoved) = _myersMatch(old: old._sectionIDs, new: new._sectionIDs, id: { $0 })
    // An item's number is its old flat position (-1: inserted).
    let itemOldIndex = Snapshot._alignedOldPositions(of: new, in: old, sectionOldIndex: sectionOldIndex).oldIndex
    // Kept items are moved unless found in their section pair's common subsequence.
    var itemMoved = itemOldIndex.map { $0 >= 0 }
    // Only ids on both sides of a section pair can be common (ids are
    // unique), so the others are left out before the search, as GNU diff
    // discards lines found in one file only: D then counts moves alone, not
    // deletes and inserts. `a`: the shared ids' old positions in old order;
    // `b`: the same in new order, with `bNew` their new positions.
    var shared = [Bool](repeating: false, count: old.numberOfItems)
    var a: [Int] = [], b: [Int] = [], bNew: [Int] = []
    for t in 0..<new.numberOfSections where sectionOldIndex[t] >= 0 {
      let oldRange = old.itemRange(ofSection: sectionOldIndex[t])
      a.removeAll(keepingCapacity: true)
      b.removeAll(keepingCapacity: true)
      bNew.removeAll(keepingCapacity: true)
      for j in new.itemRange(ofSection: t) where oldRange.contains(itemOldIndex[j]) {
        b.append(itemOldIndex[j])
        bNew.append(j)
        shared[itemOldIndex[j]] = true
      }
      for i in oldRange where shared[i] { a.append(i) }
      _myersCommon(a, b) { _, y in itemMoved[bNew[y]] = false }
    }
    return Matching(
      sectionOldIndex: sectionOldIndex, sectionMoved: sectionMoved,
      itemOldIndex: itemOldIndex, itemMoved: itemMoved)
  }

  /// One longest common subsequence of two integer sequences, as matched
  /// (old, new) position pairs in increasing order.
  ///
  /// - Complexity: O((*N*+*M*)*D*) time, O(*N*+*M*) space.
  package static func commonSubsequence(_ a: [Int], _ b: [Int]) -> [(old: Int, new: Int)] {
    var inCommon = [Bool](repeating: false, count: b.count)
    var oldOf = [Int](repeating: -1, count: b.count)
    _myersCommon(a, b) { x, y in inCommon[y] = true; oldOf[y] = x }
    return (0..<b.count).filter { inCommon[$0] }.map { (oldOf[$0], $0) }
  }
}

/// Interns ids, runs Myers, and reads back the matching.
@inlinable
internal func _myersMatch<Element, ID: Hashable>(
  old: [Element], new: [Element], id: (Element) -> ID
) -> (newToOld: [Int], moved: [Bool]) {
  var numbers = [ID: Int](minimumCapacity: old.count)
  for i in 0..<old.count { numbers[id(old[i])] = i }
  let a = Array(0..<old.count)
  var newToOld = [Int](repeating: -1, count: new.count)
  // A new id gets a number no old id has: -(position) - 1.
  var b = [Int](repeating: 0, count: new.count)
  for j in 0..<new.count {
    if let i = numbers[id(new[j])] {
      b[j] = i
      newToOld[j] = i
    } else {
      b[j] = -j - 1
    }
  }
  var moved = newToOld.map { $0 >= 0 }  // kept, until found in the common subsequence
  _myersCommon(a, b) { _, y in moved[y] = false }
  return (newToOld, moved)
}

/// Calls `match(x, y)` for each pair of one longest common subsequence of
/// `a` and `b`: common prefix and suffix first, then middle snakes.
@usableFromInline
internal func _myersCommon(_ a: [Int], _ b: [Int], match: (Int, Int) -> Void) {
  var lo = 0
  var aHi = a.count
  var bHi = b.count
  while lo < aHi && lo < bHi && a[lo] == b[lo] {
    match(lo, lo)
    lo += 1
  }
  while aHi > lo && bHi > lo && a[aHi - 1] == b[bHi - 1] {
    aHi -= 1
    bHi -= 1
    match(aHi, bHi)
  }
  if aHi == lo || bHi == lo { return }
  let size = 2 * ((aHi - lo) + (bHi - lo)) + 6
  // Not zeroed: each diagonal is written before it is read.
  var forward = [Int](unsafeUninitializedCapacity: size) { _, count in count = size }
  var backward = [Int](unsafeUninitializedCapacity: size) { _, count in count = size }
  a.withUnsafeBufferPointer { a in
    b.withUnsafeBufferPointer { b in
      forward.withUnsafeMutableBufferPointer { vf in
        backward.withUnsafeMutableBufferPointer { vb in
          var search = _MiddleSnakeSearch(a: a, b: b, vf: vf, vb: vb)
          search.solve(aLo: lo, aHi: aHi, bLo: lo, bHi: bHi, match: match)
        }
      }
    }
  }
}

/// The linear-space recursion, with its two furthest-reaching vectors
/// allocated once.
@usableFromInline
internal struct _MiddleSnakeSearch {
  let a: UnsafeBufferPointer<Int>
  let b: UnsafeBufferPointer<Int>
  let vf: UnsafeMutableBufferPointer<Int>
  let vb: UnsafeMutableBufferPointer<Int>

  init(a: UnsafeBufferPointer<Int>, b: UnsafeBufferPointer<Int>, vf: UnsafeMutableBufferPointer<Int>, vb: UnsafeMutableBufferPointer<Int>) {
    self.a = a
    self.b = b
    self.vf = vf
    self.vb = vb
  }

  mutating func solve(aLo: Int, aHi: Int, bLo: Int, bHi: Int, match: (Int, Int) -> Void) {
    var aLo = aLo, aHi = aHi, bLo = bLo, bHi = bHi
    while aLo < aHi && bLo < bHi && a[aLo] == b[bLo] {
      match(aLo, bLo)
      aLo += 1
      bLo += 1
    }
    while aLo < aHi && bLo < bHi && a[aHi - 1] == b[bHi - 1] {
      aHi -= 1
      bHi -= 1
      match(aHi, bHi)
    }
    if aLo == aHi || bLo == bHi { return }
    let (x0, y0, x1, y1) = middleSnake(aLo: aLo, aHi: aHi, bLo: bLo, bHi: bHi)
    solve(aLo: aLo, aHi: x0, bLo: bLo, bHi: y0, match: match)
    for k in 0..<(x1 - x0) { match(x0 + k, y0 + k) }
    solve(aLo: x1, aHi: aHi, bLo: y1, bHi: bHi, match: match)
  }

  /// The middle snake of an optimal path from (aLo, bLo) to (aHi, bHi): its
  /// start and end, absolute. Diagonal k = x − y, relative to (aLo, bLo).
  func middleSnake(aLo: Int, aHi: Int, bLo: Int, bHi: Int) -> (Int, Int, Int, Int) {
    let n = aHi - aLo
    let m = bHi - bLo
    let delta = n - m
    let odd = delta & 1 != 0
    let maxD = (n + m + 1) / 2
    // Forward diagonals span −maxD−1...maxD+1, backward ones delta−maxD−1...delta+maxD+1.
    let offset = maxD + m + 2
    // Pointers at the subproblem's origin and at diagonal 0: the inner loops
    // index them directly.
    let pa = a.baseAddress! + aLo, pb = b.baseAddress! + bLo
    let f = vf.baseAddress! + offset, r = vb.baseAddress! + offset
    f[1] = 0
    r[delta - 1] = n
    for d in 0...maxD {
      // Forward: furthest x on each diagonal with d edits.
      for k in stride(from: -d, through: d, by: 2) {
        var x = (k == -d || (k != d && f[k - 1] < f[k + 1])) ? f[k + 1] : f[k - 1] + 1
        var y = x - k
        let sx = x, sy = y
        while x < n && y < m && pa[x] == pb[y] { x += 1; y += 1 }
        f[k] = x
        if odd && k >= delta - (d - 1) && k <= delta + (d - 1) && x >= r[k] {
          return (aLo + sx, bLo + sy, aLo + x, bLo + y)
        }
      }
      // Backward: smallest x on each diagonal with d edits from the end.
      for k in stride(from: delta - d, through: delta + d, by: 2) {
        var x = (k == delta + d || (k != delta - d && r[k - 1] < r[k + 1])) ? r[k - 1] : r[k + 1] - 1
        var y = x - k
        let ex = x, ey = y
        while x > 0 && y > 0 && pa[x - 1] == pb[y - 1] { x -= 1; y -= 1 }
        r[k] = x
        if !odd && k >= -d && k <= d && x <= f[k] {
          return (aLo + x, bLo + y, aLo + ex, bLo + ey)
        }
      }
    }
    // Unreachable for valid input: an optimal path has at most n + m edits.
    return (aLo, bLo, aLo, bLo)
  }
}
