/// Marks the members of one longest strictly increasing subsequence of
/// `values`, by patience sorting.
///
/// - Parameters:
///   - values: the sequence.
///   - member: receives `true` at the positions of the subsequence; must have
///     `values.count` elements, all `false`.
/// - Returns: the length of the subsequence.
/// - Complexity: O(*n* log *n*) time, O(*n*) when `values` mostly increase
///   (each value that extends the longest run costs O(1)); O(*n*) space.
@inlinable
internal func _markLongestIncreasingSubsequence(
  _ values: UnsafeBufferPointer<Int>, into member: UnsafeMutableBufferPointer<Bool>
) -> Int {
  let n = values.count
  guard n > 0 else { return 0 }
  // tails[k]: position of the smallest tail of an increasing run of length
  // k+1; previous[p]: the position before p on its run. Int32 halves the
  // memory: positions are below 2^31.
  // One temporary allocation for both (on the stack where small: two
  // heap blocks were a fifth of a 30-item section's moves, counted).
  return withUnsafeTemporaryAllocation(of: Int32.self, capacity: n &* 2) { scratch in
    _markLongestIncreasingSubsequence(
      values, into: member, tails: UnsafeMutableBufferPointer(rebasing: scratch[..<n]),
      previous: UnsafeMutableBufferPointer(rebasing: scratch[n...]))
  }
}

/// ``_markLongestIncreasingSubsequence(_:into:)`` in the scratch it is given
/// (`n` entries each, uninitialized).
@inlinable
internal func _markLongestIncreasingSubsequence(
  _ values: UnsafeBufferPointer<Int>, into member: UnsafeMutableBufferPointer<Bool>,
  tails: UnsafeMutableBufferPointer<Int32>, previous: UnsafeMutableBufferPointer<Int32>
) -> Int {
  let n = values.count
  var count = 0
  for p in 0..<n {
    let v = values[p]
    // Most kept items keep their order: extending the longest run needs no search.
    if count == 0 || values[Int(tails[count &- 1])] < v {
      previous[p] = count == 0 ? -1 : tails[count &- 1]
      tails[count] = Int32(truncatingIfNeeded: p)
      count &+= 1
      continue
    }
    var low = 0
    var high = count &- 1
    while low < high {
      let mid = (low &+ high) &>> 1
      if values[Int(tails[mid])] < v { low = mid &+ 1 } else { high = mid }
    }
    previous[p] = low > 0 ? tails[low &- 1] : -1
    tails[low] = Int32(truncatingIfNeeded: p)
  }
  var p = Int(tails[count &- 1])
  while p >= 0 {
    member[p] = true
    p = Int(previous[p])
  }
  return count
}

/// The length of a longest strictly increasing subsequence of `values`.
@inlinable
internal func _longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
  var member = [Bool](repeating: false, count: values.count)
  return values.withUnsafeBufferPointer { v in
    member.withUnsafeMutableBufferPointer { _markLongestIncreasingSubsequence(v, into: $0) }
  }
}

// Hooks for tests and the harness, not part of the library's API.

/// See `_markLongestIncreasingSubsequence`.
package func markLongestIncreasingSubsequence(
  _ values: UnsafeBufferPointer<Int>, into member: UnsafeMutableBufferPointer<Bool>
) -> Int {
  _markLongestIncreasingSubsequence(values, into: member)
}

/// The length of a longest strictly increasing subsequence of `values`.
package func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
  _longestIncreasingSubsequenceLength(values)
}
