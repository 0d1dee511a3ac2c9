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
/// `==` per item (counted in `Guides/Hashmap.md`).
///
/// - Complexity: O(*k*) for *k* identical items, plus one step of about 256
///   bytes where they end.
@inlinable
internal func _identicalCount<T>(
  _ a: UnsafePointer<T>, _ b: UnsafePointer<T>, count: Int, fromBack: Bool
) -> Int {
  let stride = MemoryLayout<T>.stride
  let step = Swift.max(1, 256 / Swift.max(1, stride))
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
  of target: UnsafePointer<Item<ID, Content>>, in items: UnsafePointer<Item<ID, Content>>, _ range: Range<Int>
) -> Int {
  let offset = MemoryLayout<Item<ID, Content>>.offset(of: \Item<ID, Content>.id) ?? 0
  let size = MemoryLayout<ID>.size, stride = MemoryLayout<Item<ID, Content>>.stride
  let wanted = UnsafeRawPointer(target) + offset
  var at = UnsafeRawPointer(items) + offset + range.lowerBound &* stride
  for k in range {
    // Strings, UUIDs and integers are one or two words: no loop per item.
    let same: Bool
    switch size {
    case 8: same = at.loadUnaligned(as: UInt64.self) == wanted.loadUnaligned(as: UInt64.self)
    case 16:
      same = at.loadUnaligned(as: UInt64.self) == wanted.loadUnaligned(as: UInt64.self)
        && at.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == wanted.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    default: same = _bitwiseEqual(at, wanted, byteCount: size)
    }
    if same && items[k].id == target.pointee.id { return k }
    at += stride
  }
  return -1
}
