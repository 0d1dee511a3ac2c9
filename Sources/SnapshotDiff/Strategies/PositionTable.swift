#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A flat open-addressing hash table from an item id to its position, sized
/// once for a known number of keys, as `hashmap` uses it for the items that
/// no cheaper step matched.
///
/// Each slot is one `UInt64`: a tag (the hash's high bits, top bit set so
/// that 0 means empty) and an `Int32` position. The keys themselves stay in
/// the caller's item buffer; a probe compares tags first, so ids are compared
/// (`==`) only on a likely hit. Linear probing at a load factor of at most ⅔;
/// no deletion, no growth, no rehashing.
///
/// Compared with `[ItemID: Int]` it stores 8 bytes a slot instead of a key
/// and a value, and never rehashes: measured in `results/hashmap-history.md`.
///
/// - Complexity: O(1) expected per insertion and lookup; O(*capacity*) to
///   build, where *capacity* is the smallest power of two ≥ 1.5 × *count*
///   (at ⅔ rather than ½, half the memory for some counts: see
///   `results/hashmap-history.md`, "A table at load ⅔").
@usableFromInline
internal struct _PositionTable {
  @usableFromInline let slots: UnsafeMutableBufferPointer<UInt64>
  @usableFromInline let mask: Int

  /// An empty table for up to `count` keys.
  @inlinable
  init(capacity count: Int) {
    var size = 8
    while size &* 2 < 3 &* count { size &<<= 1 }
    slots = .allocate(capacity: size)
    mask = size &- 1
    clear()
  }

  /// Empties the table, to fill it again: with `memset`, whose vector
  /// stores beat the compiler's loop of one slot at a time (counted: an
  /// 8,192-slot table, 34,000 instructions to clear, a twentieth of
  /// `listkit-10k-half-overlap`'s matching).
  @inlinable
  func clear() { memset(slots.baseAddress!, 0, slots.count &* MemoryLayout<UInt64>.stride) }

  /// Frees the slots; the caller owns them (`defer { table.deallocate() }`).
  @inlinable
  func deallocate() { slots.deallocate() }

  @inlinable @inline(__always)
  static func tag(_ hash: Int) -> UInt64 {
    (UInt64(UInt(bitPattern: hash)) | 0x8000_0000_0000_0000) & 0xFFFF_FFFF_0000_0000
  }

  /// Records `position` for a key with this hash. Keys must be distinct
  /// (snapshot ids are), so no existing entry is checked.
  @inlinable @inline(__always)
  func insert(hash: Int, position: Int32) {
    var slot = hash & mask
    while slots[slot] != 0 { slot = (slot &+ 1) & mask }
    slots[slot] = Self.tag(hash) | UInt64(UInt32(bitPattern: position))
  }

  /// The position recorded for a key with this hash for which `matches`
  /// holds; failing that, records `next` for it and returns it, with
  /// `inserted` set. One probe sequence either way.
  @inlinable @inline(__always)
  func position(hash: Int, orInsert next: Int32, inserted: inout Bool, where matches: (Int) -> Bool) -> Int {
    let tag = Self.tag(hash)
    var slot = hash & mask
    while true {
      let entry = slots[slot]
      if entry == 0 {
        slots[slot] = tag | UInt64(UInt32(bitPattern: next))
        inserted = true
        return Int(next)
      }
      if entry & 0xFFFF_FFFF_0000_0000 == tag {
        let position = Int(UInt32(truncatingIfNeeded: entry))
        if matches(position) { return position }
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// The position recorded for a key with this hash for which `matches`
  /// holds, or -1.
  @inlinable @inline(__always)
  func position(hash: Int, where matches: (Int) -> Bool) -> Int {
    let tag = Self.tag(hash)
    var slot = hash & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return -1 }
      if entry & 0xFFFF_FFFF_0000_0000 == tag {
        let position = Int(UInt32(truncatingIfNeeded: entry))
        if matches(position) { return position }
      }
      slot = (slot &+ 1) & mask
    }
  }
}
