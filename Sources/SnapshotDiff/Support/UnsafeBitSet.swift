/// A set of non-negative integers below a fixed capacity, a bit each in
/// words it does not own (bit `i` is bit `i % 64` of word `i / 64`): the
/// stage plan's kept items, and the rule checks' removed and seen ones.
///
/// A bit per item, not a `Bool`: an eighth of the memory, and runs of set
/// bits are skipped 64 at a time.
@usableFromInline @frozen
internal struct _UnsafeBitSet {
  @usableFromInline let words: UnsafeMutableBufferPointer<UInt64>

  /// A set over `words`, as they are.
  @inlinable
  init(words: UnsafeMutableBufferPointer<UInt64>) { self.words = words }

  /// The words that hold `capacity` bits.
  @inlinable
  static func wordCount(forCapacity capacity: Int) -> Int { (capacity &+ 63) &>> 6 }

  /// An empty set with room for `capacity` members, on the heap: the caller
  /// deallocates it (``deallocate()``).
  @inlinable
  static func allocate(capacity: Int) -> Self {
    let words = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: wordCount(forCapacity: capacity))
    words.initialize(repeating: 0)
    return Self(words: words)
  }

  @inlinable
  func deallocate() { words.deallocate() }

  /// Empties the set.
  @inlinable
  func removeAll() { words.update(repeating: 0) }

  @inlinable @inline(__always)
  func contains(_ i: Int) -> Bool { words[i &>> 6] & (1 &<< UInt64(i & 63)) != 0 }

  @inlinable @inline(__always)
  func insert(_ i: Int) { words[i &>> 6] |= 1 &<< UInt64(i & 63) }

  /// Inserts `i`; whether it was a member already.
  @inlinable @inline(__always)
  func testAndInsert(_ i: Int) -> Bool {
    let bit: UInt64 = 1 &<< UInt64(i & 63)
    let word = words[i &>> 6]
    words[i &>> 6] = word | bit
    return word & bit != 0
  }

  /// A word's bits `low..<high` set, the rest clear (`high` at most 64).
  @inlinable @inline(__always)
  static func bits(_ low: Int, _ high: Int) -> UInt64 {
    (high == 64 ? ~0 : (1 &<< UInt64(high)) &- 1) & ~((1 &<< UInt64(low)) &- 1)
  }

  /// Inserts every member of `range`, a word at a time inside it.
  @inlinable @inline(__always)
  func insert(contentsOf range: Range<Int>) {
    var i = range.lowerBound
    let end = range.upperBound
    while i < end {
      let low = i & 63
      let high = Swift.min(64, low &+ (end &- i))  // bits low..<high of this word
      words[i &>> 6] |= Self.bits(low, high)
      i &+= high &- low
    }
  }

  /// The first integer in `from..<to` that is not a member, or `to`; 64 at
  /// a time where all are (most old items are kept).
  @inlinable @inline(__always)
  func firstNonMember(from: Int, to: Int) -> Int {
    var i = from
    while i < to {
      // The clear bits from `i` on in its word (the shift brings in zeros).
      let clear = ~words[i &>> 6] &>> UInt64(i & 63)
      if clear != 0 { return Swift.min(i &+ clear.trailingZeroBitCount, to) }
      i = (i | 63) &+ 1
    }
    return to
  }

  /// Whether any integer in `from..<to` is a member, 64 at a time.
  @inlinable @inline(__always)
  func containsAny(from: Int, to: Int) -> Bool {
    var i = from
    while i < to {
      let low = i & 63
      let high = Swift.min(64, low &+ (to &- i))  // bits low..<high of this word
      if words[i &>> 6] & Self.bits(low, high) != 0 { return true }
      i &+= high &- low
    }
    return false
  }

  /// The number of members.
  ///
  /// - Complexity: O(*capacity* / 64).
  @inlinable
  var count: Int {
    var total = 0
    for word in words { total &+= word.nonzeroBitCount }
    return total
  }
}
