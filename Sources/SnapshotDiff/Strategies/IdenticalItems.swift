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
