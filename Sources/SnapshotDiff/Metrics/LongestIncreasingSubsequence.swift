/// Marks the members of one longest strictly increasing subsequence of
/// `values`, by patience sorting.
///
/// - Parameters:
///   - values: the sequence.
///   - member: receives `true` at the positions of the subsequence; must have
///     `values.count` elements, all `false`.
/// - Returns: the length of the subsequence.
/// - Complexity: O(*n* log *n*) time, O(*n*) space.
@inlinable
internal func _markLongestIncreasingSubsequence(
  _ values: UnsafeBufferPointer<Int>, into member: UnsafeMutableBufferPointer<Bool>
) -> Int {
  let n = values.count
  guard n > 0 else { return 0 }
  // tails[k]: position of the smallest tail of an increasing run of length k+1.
  var tails = [Int]()
  tails.reserveCapacity(min(n, 1024))
  var previous = [Int](repeating: -1, count: n)
  for p in 0..<n {
    let v = values[p]
    var low = 0
    var high = tails.count
    while low < high {
      let mid = (low + high) / 2
      if values[tails[mid]] < v { low = mid + 1 } else { high = mid }
    }
    if low > 0 { previous[p] = tails[low - 1] }
    if low == tails.count { tails.append(p) } else { tails[low] = p }
  }
  var p = tails[tails.count - 1]
  while p >= 0 {
    member[p] = true
    p = previous[p]
  }
  return tails.count
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
@_spi(Internals)
public func markLongestIncreasingSubsequence(
  _ values: UnsafeBufferPointer<Int>, into member: UnsafeMutableBufferPointer<Bool>
) -> Int {
  _markLongestIncreasingSubsequence(values, into: member)
}

/// The length of a longest strictly increasing subsequence of `values`.
@_spi(Internals)
public func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
  _longestIncreasingSubsequenceLength(values)
}
