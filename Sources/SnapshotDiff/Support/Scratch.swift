/// Scratch memory carved into regions: one temporary allocation (on the
/// stack where small) serves every index buffer of a step, the stage plan's
/// and the rule checks'. Arrays would each take the allocator's generic
/// metadata lookup, about 750 instructions an array (counted, see
/// `results/hashmap-history.md`).
@usableFromInline @frozen
internal struct _Scratch {
  @usableFromInline var unused: UnsafeMutableBufferPointer<Int>

  @inlinable
  init(_ memory: UnsafeMutableBufferPointer<Int>) { unused = memory }

  /// The words `bits` bits take, for sizing the allocation.
  @inlinable
  static func words(forBits bits: Int) -> Int { _UnsafeBitSet.wordCount(forCapacity: bits) }

  /// The next `count` integers, uninitialized.
  @inlinable @inline(__always)
  mutating func take(_ count: Int) -> UnsafeMutableBufferPointer<Int> {
    defer { unused = UnsafeMutableBufferPointer(rebasing: unused[count...]) }
    return UnsafeMutableBufferPointer(rebasing: unused[..<count])
  }

  /// The next words as a set of `capacity` bits, uninitialized (an `Int`
  /// and a `UInt64` are related types: the words are rebound, never read
  /// as integers again).
  @inlinable @inline(__always)
  mutating func takeBits(capacity: Int) -> _UnsafeBitSet {
    let region = take(Self.words(forBits: capacity))
    guard let base = region.baseAddress else { return _UnsafeBitSet(words: UnsafeMutableBufferPointer(start: nil, count: 0)) }
    let words = UnsafeMutableRawPointer(base).bindMemory(to: UInt64.self, capacity: region.count)
    return _UnsafeBitSet(words: UnsafeMutableBufferPointer(start: words, count: region.count))
  }
}
