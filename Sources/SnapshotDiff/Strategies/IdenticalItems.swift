/// How many items at the front (or the back) of two ranges, `count` long,
/// are bitwise identical: a lower bound, in steps of about 256 bytes.
///
/// Two bitwise-identical values are copies of one value, so they are equal:
/// `Equatable` promises that `==` is reflexive (the standard library's
/// `Array ==` takes the same shortcut for arrays that share storage). The
/// converse does not hold, and nothing rests on it: equal values with other
/// bits (a string in its own heap buffer, padding bytes) simply fall back to
/// `==` item by item. The exception is a type whose `==` is not reflexive, such
/// as a floating-point NaN: an unchanged NaN content is then not updated.
///
/// On the lists apps diff most (small strings, integers, UUIDs), an
/// unchanged stretch is compared many items per instruction rather than two
/// `==` per item (counted in `results/hashmap-history.md`).
///
/// - Complexity: O(*k*) for *k* identical items, plus one step of about 256
///   bytes where they end.
@inlinable
internal func _identicalCount<T>(
  _ a: UnsafePointer<T>, _ b: UnsafePointer<T>, count: Int, fromBack: Bool
) -> Int {
  let stride = MemoryLayout<T>.stride
  let step = Swift.max(1, _Tuning.bitwiseStepBytes / Swift.max(1, stride))
  var done = 0
  while done < count {
    let n = Swift.min(step, count &- done)
    let offset = fromBack ? count &- done &- n : done
    guard _bitwiseEqual(UnsafeRawPointer(a + offset), UnsafeRawPointer(b + offset), byteCount: n &* stride) else { break }
    done &+= n
  }
  return done
}

/// Whether `byteCount` bytes at `a` and `b` are the same. Reads every byte
/// (no early exit), so that the loop vectorizes: callers keep it short.
@inlinable @inline(__always)
internal func _bitwiseEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, byteCount: Int) -> Bool {
  var difference: UInt64 = 0
  let words = byteCount &>> 3
  for w in 0..<words {
    difference |= a.loadUnaligned(fromByteOffset: w &<< 3, as: UInt64.self)
      ^ b.loadUnaligned(fromByteOffset: w &<< 3, as: UInt64.self)
  }
  for k in (words &<< 3)..<byteCount {
    difference |= UInt64(a.load(fromByteOffset: k, as: UInt8.self) ^ b.load(fromByteOffset: k, as: UInt8.self))
  }
  return difference == 0
}

/// Whether two ids are equal: `==`, with a shortcut for the walk's
/// mismatches between two small ASCII strings.
///
/// `String`'s `==` returns at once for equal bits, but two different ids
/// go through its general comparison (canonical equivalence), tens of
/// instructions; the walk compares many such pairs while it looks ahead.
/// A small string (up to 15 UTF-8 bytes, stored inline) flagged ASCII has
/// one form only, so two of them are equal exactly when their bits are.
/// The flags are the top four bits of the string's second word, `0b1110`
/// for a small ASCII string in the standard library's 64-bit layout.
///
/// What it relies on: a `String` of two 64-bit words (checked: any other
/// size, a 32-bit platform say, takes `==` alone) whose second word's top
/// four bits are `0b1110` only for a small ASCII string. Any other pair is
/// left to `==`; were the flags ever to mean something else, the shortcut
/// could only call equal ids different, and the walk sets such items aside
/// for the table, which matches them with `==`: never a wrong match.
@inlinable @inline(__always)
internal func _sameID<ID: Hashable>(_ a: ID, _ b: ID) -> Bool {
  if ID.self == String.self, MemoryLayout<String>.size == 16 {
    let x = unsafeBitCast(unsafeBitCast(a, to: String.self), to: (UInt64, UInt64).self)
    let y = unsafeBitCast(unsafeBitCast(b, to: String.self), to: (UInt64, UInt64).self)
    if x == y { return true }
    if x.1 &>> 60 == 0xE && y.1 &>> 60 == 0xE { return false }
  }
  return a == b
}

/// The first position in `range` of `items` whose id has the bits of
/// `target`'s id (and is `==` to it), or -1.
///
/// The walk's search for where two lists line up again (see `_Anchor`):
/// a word or two compared per item, several times cheaper than hashing
/// the id. Equal ids with other bits (a string in its own heap buffer) are
/// not found, and the walk sets those items aside as before, which is
/// always correct; the `==` check means that bits alone decide nothing.
///
/// - Complexity: O(*k*) for a range of *k* items.
@inlinable
internal func _firstBitwiseID<ID: Hashable, Content: Equatable>(
  of target: UnsafePointer<SectionSnapshot<ID, Content>.Item>, in items: UnsafePointer<SectionSnapshot<ID, Content>.Item>, _ range: Range<Int>
) -> Int {
  let offset = MemoryLayout<SectionSnapshot<ID, Content>.Item>.offset(of: \SectionSnapshot<ID, Content>.Item.id) ?? 0
  let size = MemoryLayout<ID>.size, stride = MemoryLayout<SectionSnapshot<ID, Content>.Item>.stride
  let wanted = UnsafeRawPointer(target) + offset
  var at = UnsafeRawPointer(items) + offset + range.lowerBound &* stride
  // A while loop: a `for` over the range kept its overflow checks in the
  // loop (nine instructions an item where seven do, counted).
  var k = range.lowerBound
  while k < range.upperBound {
    if _sameBits(at, wanted, byteCount: size) && (_bitsDecide(ID.self) || items[k].id == target.pointee.id) { return k }
    at += stride
    k &+= 1
  }
  return -1
}

/// Whether the ids of two items have the same bits (then `==` decides,
/// unless ``_bitsDecide(_:)``: equal ids may have other bits).
@inlinable @inline(__always)
internal func _sameIDBits<ID: Hashable, Content: Equatable>(
  _ a: UnsafePointer<SectionSnapshot<ID, Content>.Item>, _ b: UnsafePointer<SectionSnapshot<ID, Content>.Item>
) -> Bool {
  let offset = MemoryLayout<SectionSnapshot<ID, Content>.Item>.offset(of: \SectionSnapshot<ID, Content>.Item.id) ?? 0
  return _sameBits(UnsafeRawPointer(a) + offset, UnsafeRawPointer(b) + offset, byteCount: MemoryLayout<ID>.size)
}

/// Whether `byteCount` bytes at `x` and `y` are the same, an id's worth:
/// strings, UUIDs and integers are one or two words, compared without a
/// loop.
@inlinable @inline(__always)
internal func _sameBits(_ x: UnsafeRawPointer, _ y: UnsafeRawPointer, byteCount: Int) -> Bool {
  switch byteCount {
  case 8: return x.loadUnaligned(as: UInt64.self) == y.loadUnaligned(as: UInt64.self)
  case 16:
    return x.loadUnaligned(as: UInt64.self) == y.loadUnaligned(as: UInt64.self)
      && x.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == y.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
  default: return _bitwiseEqual(x, y, byteCount: byteCount)
  }
}

/// Whether two ids of this type with the same bits are equal, so that
/// `==` need not be asked: a `String` (the same storage, or the same
/// small string) and an `Int`. Not in general: a float's NaN is not equal
/// to itself. (Asking `==` read each id as a value, a retain and a release
/// an item, counted.)
@inlinable @inline(__always)
internal func _bitsDecide<ID: Hashable>(_: ID.Type) -> Bool { ID.self == String.self || ID.self == Int.self }
