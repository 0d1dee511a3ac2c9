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
/// - Complexity: O(*k* log *k*) for *k* values: ranks by a radix sort
///   (``_ranks(of:)``) and a Fenwick tree of best sums by rank.
@inlinable
internal func _markHeaviestIncreasingSubsequence(
  _ values: UnsafeBufferPointer<Int>, weights: UnsafeBufferPointer<Int>, into member: UnsafeMutableBufferPointer<Bool>
) -> Int {
  let k = values.count
  guard k > 0 else { return 0 }
  let rank = _ranks(of: values)
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

/// Each value's rank among `values` (0 for the least), for distinct
/// values ≥ 0; the caller deallocates the result.
///
/// A least-significant-digit radix sort of the positions by value, in as
/// many passes of at most 11 bits as the values' range needs (two for
/// ranges up to 2^22), each a count, a prefix sum and a stable scatter.
/// On `dk-100k`'s 2,000 shuffled items the comparison sort it replaced was
/// 0.37 M counted instructions (see `results/hashmap-history.md`). Below 256 values
/// the buckets would cost more than they save, and a comparison sort of
/// value-and-position pairs does it.
///
/// - Complexity: O(*k* + *p* × 2^*b*) for *k* values, *p* passes of *b* bits.
@inlinable
internal func _ranks(of values: UnsafeBufferPointer<Int>) -> UnsafeMutableBufferPointer<Int32> {
  let k = values.count
  let rank = UnsafeMutableBufferPointer<Int32>.allocate(capacity: k)
  if k < _Tuning.rankSortLimit {
    // Value and position packed into one Int (both are below 2^31).
    var byValue = [Int](unsafeUninitializedCapacity: k) { buffer, count in
      for p in 0..<k { buffer[p] = values[p] &<< 32 | p }
      count = k
    }
    byValue.sort()
    for r in 0..<k { rank[byValue[r] & 0xFFFF_FFFF] = Int32(truncatingIfNeeded: r) }
    return rank
  }
  var low = Int.max, high = 0
  for v in values {
    low = Swift.min(low, v)
    high = Swift.max(high, v)
  }
  let bits = Swift.max(1, Int.bitWidth &- (high &- low).leadingZeroBitCount)
  let passes = (bits &+ 10) / 11
  let width = (bits &+ passes &- 1) / passes
  let mask = (1 &<< width) &- 1
  // Positions, ordered by the digits sorted so far; scattered back and forth.
  var from = UnsafeMutableBufferPointer<Int32>.allocate(capacity: k)
  var to = UnsafeMutableBufferPointer<Int32>.allocate(capacity: k)
  let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: mask &+ 1)
  defer {
    from.deallocate()
    to.deallocate()
    counts.deallocate()
  }
  for p in 0..<k { from[p] = Int32(truncatingIfNeeded: p) }
  var shift = 0
  for _ in 0..<passes {
    counts.initialize(repeating: 0)
    for p in 0..<k { counts[((values[p] &- low) &>> shift) & mask] &+= 1 }
    var sum = 0
    for d in 0...mask {
      let c = counts[d]
      counts[d] = sum
      sum &+= c
    }
    for n in 0..<k {
      let p = Int(from[n])
      let d = ((values[p] &- low) &>> shift) & mask
      to[counts[d]] = Int32(truncatingIfNeeded: p)
      counts[d] &+= 1
    }
    swap(&from, &to)
    shift &+= width
  }
  for r in 0..<k { rank[Int(from[r])] = Int32(truncatingIfNeeded: r) }
  return rank
}

// Hooks for tests and the harness, not part of the library's API.

/// See `_markHeaviestIncreasingSubsequence`.
package func markHeaviestIncreasingSubsequence(
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
