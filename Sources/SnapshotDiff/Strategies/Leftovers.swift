/// The positions that the walk (`_alignRuns`) set aside, in the order it set
/// them aside, held as ranges.
///
/// The walk sets aside whole blocks, whole sections and stretches of misses
/// in a row, each one range of consecutive positions, so a shuffle's million
/// leftovers are a few dozen ranges rather than a million `Int32`s, and
/// setting a block aside costs one append, not one per position. Where the
/// leftovers are scattered single items a range takes 8 bytes where a
/// position took 4; those lists are short (counted in `results/hashmap-history.md`).
///
/// - Complexity: O(1) amortized to append a position or a range; O(*k*) to
///   take back the last *k* positions.
@usableFromInline
internal struct _Leftovers {
  /// One stretch of consecutive positions, `start..<end` (`Int32`: a
  /// snapshot holds fewer than 2^31 items).
  @usableFromInline
  internal struct Span {
    @usableFromInline var start: Int32, end: Int32

    @inlinable init(_ start: Int32, _ end: Int32) {
      self.start = start
      self.end = end
    }
  }

  /// Nonempty ranges, in the order set aside; a range never starts where
  /// the one before it ends (it is merged into it instead).
  @usableFromInline internal private(set) var spans: [Span] = []
  /// The number of positions in `spans`.
  @usableFromInline internal private(set) var count = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { count == 0 }

  /// Sets aside one more position.
  @inlinable @inline(__always)
  mutating func append(_ position: Int) {
    append(contentsOf: position..<(position &+ 1))
  }

  /// Sets aside every position in `positions`, in order.
  @inlinable @inline(__always)
  mutating func append(contentsOf positions: Range<Int>) {
    guard !positions.isEmpty else { return }
    let lower = Int32(truncatingIfNeeded: positions.lowerBound)
    let upper = Int32(truncatingIfNeeded: positions.upperBound)
    count &+= positions.count
    if let last = spans.indices.last, spans[last].end == lower {
      spans[last].end = upper
    } else {
      _appendSpan(Span(lower, upper))
    }
  }

  /// Appends a span, with room for 16 at the first: growing from one by
  /// doubling took four more allocations than the `Int32` list did on a
  /// small diff, about 900 instructions (counted on `appstore-sections`).
  @inlinable @inline(__always)
  mutating func _appendSpan(_ span: Span) {
    if spans.isEmpty { spans.reserveCapacity(16) }
    spans.append(span)
  }

  /// Takes back the last `k` positions set aside (`k ≤ count`).
  @inlinable
  mutating func removeLast(_ k: Int) {
    count &-= k
    var k = Int32(truncatingIfNeeded: k)
    while k > 0 {
      let last = spans.count &- 1
      let length = spans[last].end &- spans[last].start
      if length > k {
        spans[last].end &-= k
        return
      }
      spans.removeLast()
      k &-= length
    }
  }

  /// Calls `body` with each position, in order (through `allSatisfy`'s plain
  /// loops: the `Sequence` iterator is for tests, and costs a generic lookup
  /// per diff).
  @inlinable @inline(__always)
  func forEach(_ body: (Int) -> Void) {
    _ = allSatisfy { body($0); return true }
  }

  /// Calls `body` with each position, in order; stops, returning false, at
  /// the first call that returns false.
  @inlinable @inline(__always)
  func allSatisfy(_ body: (Int) -> Bool) -> Bool {
    for span in spans {
      for p in Int(span.start)..<Int(span.end) where !body(p) { return false }
    }
    return true
  }
}

extension _Leftovers: Sequence {
  /// Every position, in the order set aside.
  @inlinable
  func makeIterator() -> FlattenSequence<LazyMapSequence<[Span], Range<Int>>>.Iterator {
    spans.lazy.map { Int($0.start)..<Int($0.end) }.joined().makeIterator()
  }

  @inlinable var underestimatedCount: Int { count }
}
