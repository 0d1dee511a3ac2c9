/// A cheap seeded hash of an item id, for the flat tables (`_PositionTable`)
/// that the strategies build for one diff and throw away.
///
/// `Hasher` (SipHash-1-3) is built to be safe for tables that live long and
/// take keys from anyone; on a diff's short-lived table it was about half
/// the work of a full shuffle (counted in `results/hashmap-history.md`). For the ids
/// apps use most, `String` and `Int`, this mixes the id's bytes with a
/// multiply-fold (wyhash's construction) under a seed drawn from `Hasher`
/// once per process: random per run, fixed under
/// `SWIFT_DETERMINISTIC_HASHING`, so colliding ids cannot be chosen ahead
/// of time, while the counted benchmark repeats exactly.
///
/// `String`'s `==` is canonical equivalence, so a non-ASCII id may equal an
/// id with other bytes ("K" and the Kelvin sign are one id). Only ASCII
/// bytes are hashed here: for any other string the hash is `nil`, and the
/// caller starts its table again with ``hashValue`` for every id
/// (``Hashable/hashValue`` normalizes). Any other id type hashes with
/// `hashValue` directly. Correctness never rests on the hash: every probe
/// compares ids with `==`.
@usableFromInline
internal struct _IDHash {
  @usableFromInline let seed: UInt64

  @inlinable
  init() { seed = _idHashSeed }

  /// The id's hash, or `nil` for a string that is not ASCII.
  @inlinable @inline(__always)
  func callAsFunction<ID: Hashable>(_ id: ID) -> Int? {
    if ID.self == String.self {
      let string = unsafeBitCast(id, to: String.self)
      #if _pointerBitWidth(_64)
      // A small ASCII string (up to 15 bytes, most ids) holds its bytes in
      // its own two words, zero-padded, under a top nibble of 0xE (immortal,
      // ASCII, small: the standard library's `_StringObject`). Read in place,
      // as `hashASCII` reads the same bytes of any other string: reaching
      // them through `utf8` cost a third of building a snapshot (counted).
      let (low, high) = unsafeBitCast(string, to: (UInt64, UInt64).self)
      if high &>> 60 == 0xE {
        return hashShort(low, high & 0x00FF_FFFF_FFFF_FFFF, count: Int(truncatingIfNeeded: (high &>> 56) & 0xF))
      }
      #endif
      // Native strings are contiguous; anything else falls back.
      return string.utf8.withContiguousStorageIfAvailable { hashASCII($0) } ?? nil
    }
    if ID.self == Int.self {
      let value = UInt64(UInt(bitPattern: unsafeBitCast(id, to: Int.self)))
      return Int(truncatingIfNeeded: Self.mix(value ^ seed, 0x9E37_79B9_7F4A_7C15 ^ Self.p1))
    }
    return id.hashValue
  }

  /// Runs `build` with this hash; if it gives up at an id the hash cannot
  /// take (`nil`), runs `reset` and then `build` again with `hashValue` for
  /// every id. The one place that decides when a table falls back.
  @inlinable @inline(__always)
  static func build<ID: Hashable>(_ build: ((ID) -> Int?) -> Bool, reset: () -> Void) {
    let hash = _IDHash()
    if build({ hash($0) }) { return }
    reset()
    _ = build { $0.hashValue }
  }

  /// The 64 bits of a 128-bit product, folded: every input bit reaches both
  /// halves of the result (the table takes its slot from the low bits and
  /// its tag from the high ones).
  @inlinable @inline(__always)
  static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let (high, low) = a.multipliedFullWidth(by: b)
    return high ^ low
  }

  // Odd constants with well-spread bits (wyhash's).
  @usableFromInline static let p0: UInt64 = 0xa076_1d64_78bd_642f
  @usableFromInline static let p1: UInt64 = 0xe703_7ed1_a0b4_28db
  @usableFromInline static let p2: UInt64 = 0x8ebc_6af0_9c88_c6e3

  /// The hash of up to 15 ASCII bytes given as two little-endian words,
  /// zero-padded, or `nil` if any byte is not ASCII.
  @inlinable @inline(__always)
  func hashShort(_ a: UInt64, _ b: UInt64, count: Int) -> Int? {
    guard (a | b) & 0x8080_8080_8080_8080 == 0 else { return nil }
    let h = Self.mix(a ^ Self.p1, b ^ seed ^ Self.p0)
    return Int(truncatingIfNeeded: Self.mix(h ^ Self.p2, UInt64(count) ^ Self.p1))
  }

  /// The hash of ASCII bytes, or `nil` if any byte is not ASCII. Reads every
  /// byte once, as overlapping unaligned words; up to 15 bytes as
  /// ``hashShort(_:_:count:)`` does, so that a string hashes alike however
  /// it is stored.
  @inlinable @inline(__always)
  func hashASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let count = bytes.count
    guard count > 15, let p = UnsafeRawPointer(bytes.baseAddress) else {
      var words: (UInt64, UInt64) = (0, 0)
      if count > 0 { withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) } }
      return hashShort(UInt64(littleEndian: words.0), UInt64(littleEndian: words.1), count: count)
    }
    @inline(__always) func word8(_ offset: Int) -> UInt64 {
      UInt64(littleEndian: p.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    var seen: UInt64 = 0  // every byte read, or-ed: its high bits say "not ASCII"
    var h = seed ^ Self.p0
    var offset = 0
    while count &- offset > 16 {
      let x = word8(offset), y = word8(offset &+ 8)
      seen |= x | y
      h = Self.mix(x ^ Self.p1, y ^ h)
      offset &+= 16
    }
    // The last 16 bytes, overlapping the block before.
    let a = word8(count &- 16), b = word8(count &- 8)
    seen |= a | b
    guard seen & 0x8080_8080_8080_8080 == 0 else { return nil }
    h = Self.mix(a ^ Self.p1, b ^ h)
    return Int(truncatingIfNeeded: Self.mix(h ^ Self.p2, UInt64(count) ^ Self.p1))
  }
}

/// The process's seed for ``_IDHash``: `Hasher`'s, which is random per
/// process unless `SWIFT_DETERMINISTIC_HASHING` is set.
@usableFromInline
internal let _idHashSeed: UInt64 = {
  var hasher = Hasher()
  hasher.combine(0x5EED as UInt64)
  return UInt64(UInt(bitPattern: hasher.finalize()))
}()
