/// Marks the members of one heaviest strictly increasing subsequence of
/// `values`, where element *k* weighs `weights[k]`: the subsequence whose
/// weights sum highest.
///
/// `hashmap` uses it for a section whose kept items are mostly unchanged
/// runs: a run's old positions are consecutive, so a longest increasing
/// subsequence of the items can take it whole, and the run enters as one
/// element weighing its length. With all weights 1 this is a longest
/// increasing subsequence.
///
/// - Parameters:
///   - values: the sequence, each value distinct.
///   - weights: one positive weight per value.
///   - member: receives `true` at the positions of the subsequence; must have
///     `values.count` elements, all `false`.
/// - Returns: the subsequence's total weight.
/// - Complexity: O(*k* log *k*) for *k* values: a sort (linear when the
///   values mostly increase) and a Fenwick tree of best sums by rank.
@inlinable
internal func _markHeaviestIncreasingSubsequence(
  _ values: UnsafeBufferPointer<Int>, weights: UnsafeBufferPointer<Int>, into member: UnsafeMutableBufferPointer<Bool>
) -> Int {
  let k = values.count
  guard k > 0 else { return 0 }
  // Each value's rank among the values: one sort of value-and-position
  // pairs packed into an Int (values and positions are below 2^31).
  var byValue = [Int](unsafeUninitializedCapacity: k) { buffer, count in
    for p in 0..<k { buffer[p] = values[p] &<< 32 | p }
    count = k
  }
  byValue.sort()
  let rank = UnsafeMutableBufferPointer<Int32>.allocate(capacity: k)
  // tree: a Fenwick tree over ranks of the best sum ending at a rank, packed
  // with its position (sum << 32 | position + 1; 0 is none), so one compare
  // takes the maximum of both; previous[p]: the position before p, or -1.
  let tree = UnsafeMutableBufferPointer<Int>.allocate(capacity: k &+ 1)
  let previous = UnsafeMutableBufferPointer<Int32>.allocate(capacity: k)
  defer {
    rank.deallocate()
    tree.deallocate()
    previous.deallocate()
  }
  for r in 0..<k { rank[byValue[r] & 0xFFFF_FFFF] = Int32(truncatingIfNeeded: r) }
  tree.initialize(repeating: 0)
  var best = 0
  for p in 0..<k {
    let r = Int(rank[p])
    // The best sum over the ranks below r.
    var before = 0
    var q = r
    while q > 0 {
      before = Swift.max(before, tree[q])
      q &= q &- 1
    }
    previous[p] = Int32(truncatingIfNeeded: (before & 0xFFFF_FFFF) &- 1)
    let entry = ((before &>> 32) &+ weights[p]) &<< 32 | (p &+ 1)
    best = Swift.max(best, entry)
    q = r &+ 1
    while q <= k {
      tree[q] = Swift.max(tree[q], entry)
      q &+= q & (0 &- q)
    }
  }
  var p = (best & 0xFFFF_FFFF) &- 1
  while p >= 0 {
    member[p] = true
    p = Int(previous[p])
  }
  return best &>> 32
}

// Hooks for tests and the harness, not part of the library's API.

/// See `_markHeaviestIncreasingSubsequence`.
@_spi(Internals)
public func markHeaviestIncreasingSubsequence(
  _ values: [Int], weights: [Int]
) -> (weight: Int, members: [Bool]) {
  var member = [Bool](repeating: false, count: values.count)
  let weight = values.withUnsafeBufferPointer { v in
    weights.withUnsafeBufferPointer { w in
      member.withUnsafeMutableBufferPointer { _markHeaviestIncreasingSubsequence(v, weights: w, into: $0) }
    }
  }
  return (weight, member)
}
