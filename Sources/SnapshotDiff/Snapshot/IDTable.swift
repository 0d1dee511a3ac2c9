/// A snapshot's table from each item id to its flat index: open addressing
/// as the strategies' ``_PositionTable``, but growing, and shared between
/// copies of a snapshot until one of them is edited (copy on write).
///
/// Each slot is one `UInt64`: a tag (the hash's high 32 bits, top bit set
/// so that 0 means empty) and the item's flat index. An entry's home slot
/// is taken from its tag, so growing moves entries without reading an id or
/// hashing again (re-hashing made appending one item at a time cost twice
/// the build). The ids themselves stay in the snapshot: a probe compares
/// tags first, and ids (`==`) only on a likely hit. Ids are hashed with
/// ``_IDHash`` (a multiply-fold of an ASCII string's bytes or an `Int`),
/// until an id it cannot take arrives (a string that is not ASCII): then
/// every id is hashed again with `hashValue`. `Dictionary`'s SipHash made
/// building 10,000 string ids about 860 instructions an id (counted).
///
/// - Complexity: O(1) expected per lookup and insertion, amortized over
///   the table's growth.
@usableFromInline
internal struct _IDTable: Sendable {
  /// The slots, written only while uniquely referenced (``makeUnique()``).
  /// Constant properties: a class's variable ones are checked for
  /// exclusive access at run time, on every probe.
  @usableFromInline final class Storage: @unchecked Sendable {
    @usableFromInline let slots: UnsafeMutableBufferPointer<UInt64>
    @usableFromInline let usesHashValue: Bool

    @inlinable
    init(slotCount: Int, usesHashValue: Bool) {
      slots = .allocate(capacity: slotCount)
      slots.initialize(repeating: 0)
      self.usesHashValue = usesHashValue
    }

    @inlinable
    deinit { slots.deallocate() }
  }

  /// How entering a batch of ids ended (``enter(_:at:after:)``).
  @usableFromInline
  enum Entering {
    case entered
    /// The id at this offset of the batch is held already, or earlier in
    /// the batch; the ids before it were entered.
    case duplicate(Int)
    /// An id ``_IDHash`` cannot take: the table must switch to `hashValue`.
    case needsHashValue
  }

  @usableFromInline var storage: Storage
  /// The ids entered.
  @usableFromInline var count = 0

  /// An empty table with room for `capacity` ids before it grows.
  @inlinable
  init(capacity: Int = 0, usesHashValue: Bool = false) {
    storage = Storage(slotCount: Self.slotCount(for: capacity), usesHashValue: usesHashValue)
  }

  /// A table that stands in while an edit holds the real one: never
  /// written (shared, so any insertion copies it first).
  @usableFromInline static let placeholder = _IDTable()

  /// The slots for `count` ids at a load of at most ⅔ (a power of two).
  @inlinable
  static func slotCount(for count: Int) -> Int {
    var size = 8
    while size &* 2 < 3 &* count { size &<<= 1 }
    return size
  }

  @inlinable @inline(__always)
  static func tag(_ hash: Int) -> UInt64 {
    (UInt64(UInt(bitPattern: hash)) | 0x8000_0000_0000_0000) & 0xFFFF_FFFF_0000_0000
  }

  /// The first slot to probe for an entry or tag: from the tag's low bits.
  @inlinable @inline(__always)
  static func home(_ entry: UInt64, mask: Int) -> Int {
    Int(truncatingIfNeeded: entry &>> 32) & mask
  }

  /// The id's hash in this table's scheme, or `nil` when ``_IDHash`` cannot
  /// take it (the table must switch to `hashValue` first).
  @inlinable @inline(__always)
  func hash<ID: Hashable>(_ id: ID) -> Int? {
    storage.usesHashValue ? id.hashValue : _IDHash()(id)
  }

  /// The flat index recorded for `id`, or -1; `ids` holds the id at each
  /// recorded index.
  ///
  /// - Complexity: O(1) expected; O(*n*) for an id this table's hash cannot
  ///   take (a string not ASCII among ASCII ones), compared with each.
  @inlinable @inline(__always)
  func index<ID: Hashable>(of id: ID, in ids: _IDColumn<ID>) -> Int {
    // An id the hash cannot take was never entered, but one equal to it may
    // have been (the Kelvin sign is "K"): `indexOfItem("\u{212A}")` said nil
    // beside "K" until it was looked for by `==`.
    lookUp(id, in: ids) ?? (0..<count).first { ids[$0] == id } ?? -1
  }

  /// The flat index recorded for `id`, -1 where there is none, or `nil`
  /// where this table's hash cannot take the id: an equal id may be held
  /// all the same (the Kelvin sign is "K"), so a caller with no way to add
  /// it must find it otherwise.
  @inlinable @inline(__always)
  func lookUp<ID: Hashable>(_ id: ID, in ids: _IDColumn<ID>) -> Int? {
    guard let hash = hash(id) else { return nil }
    return Self.probe(storage.slots, tag: Self.tag(hash)) { ids[$0] == id }.index
  }

  /// Where a key with this tag for which `matches` holds is: its slot and
  /// index, or the first empty slot on its way and -1.
  @inlinable @inline(__always)
  static func probe(_ slots: UnsafeMutableBufferPointer<UInt64>, tag: UInt64, where matches: (Int) -> Bool) -> (slot: Int, index: Int) {
    let mask = slots.count &- 1
    var slot = home(tag, mask: mask)
    while true {
      let entry = slots[slot]
      if entry == 0 { return (slot, -1) }
      if entry & 0xFFFF_FFFF_0000_0000 == tag {
        let index = Int(UInt32(truncatingIfNeeded: entry))
        if matches(index) { return (slot, index) }
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// Places an entry known to be absent in the first empty slot from its
  /// home: growing and remapping move entries with no id read.
  @inlinable @inline(__always)
  static func place(_ entry: UInt64, in slots: UnsafeMutableBufferPointer<UInt64>, mask: Int) {
    var slot = home(entry, mask: mask)
    while slots[slot] != 0 { slot = (slot &+ 1) & mask }
    slots[slot] = entry
  }

  /// Copies the storage if another snapshot shares it.
  @inlinable @inline(__always)
  mutating func makeUnique() {
    guard !isKnownUniquelyReferenced(&storage) else { return }
    let copy = Storage(slotCount: storage.slots.count, usesHashValue: storage.usesHashValue)
    _ = copy.slots.update(fromContentsOf: storage.slots)
    storage = copy
  }

  /// Room for `count` ids in all without growing again: the slots grown
  /// by ``_Tuning/idTableGrowth`` at least, every entry placed again from
  /// its tag (no id read).
  @inlinable
  mutating func reserveCapacity(_ count: Int) {
    makeUnique()
    guard count &* 3 > storage.slots.count &* 2 else { return }
    let old = storage.slots
    let bigger = Storage(slotCount: Swift.max(old.count &* _Tuning.idTableGrowth, Self.slotCount(for: count)), usesHashValue: storage.usesHashValue)
    let slots = bigger.slots
    let mask = slots.count &- 1
    for entry in old where entry != 0 { Self.place(entry, in: slots, mask: mask) }
    storage = bigger
  }

  /// Enters a batch of `count` ids, the one at offset *k* with flat index
  /// `base + k`, checking each against the ids held (`held`, by flat
  /// index below `base`) and the batch's earlier ones.
  ///
  /// - Complexity: O(*k*) expected for *k* ids, amortized over growth.
  @inlinable
  mutating func enter<ID: Hashable>(_ batch: _IDColumn<ID>, count: Int, at base: Int, after held: _IDColumn<ID>) -> Entering {
    reserveCapacity(self.count &+ count)
    let slots = storage.slots
    let usesHashValue = storage.usesHashValue
    let fast = _IDHash()
    for k in 0..<count {
      // `batch[k]` read where it is used, never bound: a binding retained
      // and released every id (two runtime calls an id, counted).
      guard let hash = usesHashValue ? batch[k].hashValue : fast(batch[k]) else { return .needsHashValue }
      let tag = Self.tag(hash)
      let (slot, found) = Self.probe(slots, tag: tag) { i in (i < base ? held[i] : batch[i &- base]) == batch[k] }
      guard found < 0 else { return .duplicate(k) }
      slots[slot] = tag | UInt64(UInt32(truncatingIfNeeded: base &+ k))
      self.count &+= 1
    }
    return .entered
  }

  /// The table after items moved or left: each entry's index `i` becomes
  /// `newIndex[i]`, or the entry leaves where that is negative; indices
  /// from `newIndex.count` on are kept. Made from the tags alone: no id is
  /// read or hashed (rebuilding from the ids cost a 5,000-item delete a
  /// third of its instructions, counted).
  ///
  /// - Complexity: O(*n*) for the slots.
  @inlinable
  func remapped(_ newIndex: UnsafeBufferPointer<Int32>, keeping count: Int) -> Self {
    var table = Self(capacity: count, usesHashValue: storage.usesHashValue)
    let slots = table.storage.slots
    let mask = slots.count &- 1
    for entry in storage.slots where entry != 0 {
      let old = Int(UInt32(truncatingIfNeeded: entry))
      var index = old
      if old < newIndex.count {
        index = Int(newIndex[old])
        guard index >= 0 else { continue }
      }
      Self.place((entry & 0xFFFF_FFFF_0000_0000) | UInt64(UInt32(truncatingIfNeeded: index)), in: slots, mask: mask)
    }
    table.count = count
    return table
  }

  /// A table of `count` ids, each at its offset, or `nil` when two are equal.
  @inlinable
  static func building<ID: Hashable>(checking ids: _IDColumn<ID>, count: Int, usesHashValue: Bool = false) -> Self? {
    var table = Self(capacity: count, usesHashValue: usesHashValue)
    switch table.enter(ids, count: count, at: 0, after: ids) {
    case .entered: return table
    case .duplicate: return nil
    case .needsHashValue: return building(checking: ids, count: count, usesHashValue: true)
    }
  }
}

/// The ids of a buffer, read in place: of an array of ids, or the `id` of
/// each item of a snapshot's items (so the table needs no second copy of
/// them: keeping one cost an append a third of its work, counted). Its
/// subscript lends the id, with no retain.
///
/// Valid only while the buffer it was made from is.
@usableFromInline
internal struct _IDColumn<ID> {
  @usableFromInline let first: UnsafeRawPointer?
  @usableFromInline let stride: Int

  /// The ids of a buffer of ids.
  @inlinable
  init(_ ids: UnsafeBufferPointer<ID>) {
    first = UnsafeRawPointer(ids.baseAddress)
    stride = MemoryLayout<ID>.stride
  }

  /// The ids of a buffer of items.
  @inlinable
  init<Content>(items: UnsafeBufferPointer<SectionSnapshot<ID, Content>.Item>) where ID: Hashable {
    first = items.baseAddress.flatMap { UnsafeRawPointer($0.pointer(to: \.id)) }
    stride = MemoryLayout<SectionSnapshot<ID, Content>.Item>.stride
  }

  @inlinable
  subscript(i: Int) -> ID {
    unsafeAddress { (first.unsafelyUnwrapped + i &* stride).assumingMemoryBound(to: ID.self) }
  }
}
