/// A snapshot's table from each item id to its flat index: open addressing
/// as the strategies' ``_PositionTable``, but growing, and shared between
/// copies of a snapshot until one of them is edited (copy on write).
///
/// Each slot is one `UInt64`: a tag (the hash's high bits, top bit set so
/// that 0 means empty) and the item's flat index. The ids themselves stay in
/// the snapshot's items: a probe compares tags first, and ids (`==`) only
/// on a likely hit. Ids are hashed with ``_IDHash`` (a multiply-fold of an
/// ASCII string's bytes or an `Int`), until an id it cannot take arrives
/// (a string that is not ASCII): then every id is hashed again with
/// `hashValue`. `Dictionary`'s SipHash made building 10,000 string ids
/// about 860 instructions an id, most of the snapshot's build (counted).
///
/// - Complexity: O(1) expected per lookup and insertion, amortized over
///   the table's doublings.
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

  /// The id's hash in this table's scheme, or `nil` when ``_IDHash`` cannot
  /// take it (the table must switch to `hashValue` first).
  @inlinable @inline(__always)
  func hash<ID: Hashable>(_ id: ID) -> Int? {
    storage.usesHashValue ? id.hashValue : _IDHash()(id)
  }

  /// The flat index recorded for `id`, or -1; `idAt` gives the id at a
  /// recorded index.
  @inlinable @inline(__always)
  func index<ID: Hashable>(of id: ID, idAt: (Int) -> ID) -> Int {
    guard let hash = hash(id) else { return -1 }  // never entered: every id entered took this hash
    return Self.probe(storage.slots, hash: hash) { idAt($0) == id }.index
  }

  /// Where a key with this hash for which `matches` holds is: its slot and
  /// index, or the first empty slot on its way and -1.
  @inlinable @inline(__always)
  static func probe(_ slots: UnsafeMutableBufferPointer<UInt64>, hash: Int, where matches: (Int) -> Bool) -> (slot: Int, index: Int) {
    let mask = slots.count &- 1
    let tag = Self.tag(hash)
    var slot = hash & mask
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

  /// Room for `count` ids in all, made at once before a batch is entered.
  @inlinable
  mutating func reserveCapacity<ID: Hashable>(_ count: Int, idAt: (Int) -> ID) {
    if count &* 3 > storage.slots.count &* 2 { grow(toHold: count, idAt: idAt) }
  }

  /// Copies the storage if another snapshot shares it.
  @inlinable @inline(__always)
  mutating func makeUnique() {
    guard !isKnownUniquelyReferenced(&storage) else { return }
    let copy = Storage(slotCount: storage.slots.count, usesHashValue: storage.usesHashValue)
    _ = copy.slots.update(fromContentsOf: storage.slots)
    storage = copy
  }

  /// Records `index` for `id` unless an id equal to it is recorded: then
  /// returns that one's index, and records nothing. `nil`: the id needs
  /// `hashValue` and the table does not use it (the caller rebuilds it).
  @inlinable @inline(__always)
  mutating func insert<ID: Hashable>(_ id: ID, at index: Int, idAt: (Int) -> ID) -> Int?? {
    guard let hash = hash(id) else { return nil }
    makeUnique()
    if (count &+ 1) &* 3 > storage.slots.count &* 2 { grow(toHold: count &+ 1, idAt: idAt) }
    let (slot, found) = Self.probe(storage.slots, hash: hash) { idAt($0) == id }
    guard found < 0 else { return .some(found) }
    storage.slots[slot] = Self.tag(hash) | UInt64(UInt32(truncatingIfNeeded: index))
    count &+= 1
    return .some(nil)
  }

  /// Room for `count` ids in all without growing: the slots at least
  /// doubled, every entry placed again (its id read back through `idAt`
  /// and hashed anew).
  @inlinable
  mutating func grow<ID: Hashable>(toHold count: Int, idAt: (Int) -> ID) {
    let old = storage.slots
    let size = Swift.max(old.count &* 2, Self.slotCount(for: count))
    let bigger = Storage(slotCount: size, usesHashValue: storage.usesHashValue)
    let mask = bigger.slots.count &- 1
    for entry in old where entry != 0 {
      let hash = hash(idAt(Int(UInt32(truncatingIfNeeded: entry))))!  // it took this hash when entered
      var slot = hash & mask
      while bigger.slots[slot] != 0 { slot = (slot &+ 1) & mask }
      bigger.slots[slot] = entry
    }
    storage = bigger
  }

  /// A table of `ids`, each at its offset: distinct ids, as a snapshot's are.
  @inlinable
  static func building<ID: Hashable>(_ ids: [ID], usesHashValue: Bool = false) -> Self {
    ids.withUnsafeBufferPointer { building($0, usesHashValue: usesHashValue) }
  }

  @inlinable
  static func building<ID: Hashable>(_ ids: UnsafeBufferPointer<ID>, usesHashValue: Bool = false) -> Self {
    var table = Self(capacity: ids.count, usesHashValue: usesHashValue)
    if !table.fill(ids) {
      table = Self(capacity: ids.count, usesHashValue: true)
      _ = table.fill(ids)
    }
    return table
  }

  /// A table of `ids`, each at its offset, or `nil` when two are equal.
  @inlinable
  static func building<ID: Hashable>(checking ids: UnsafeBufferPointer<ID>) -> Self? {
    var table = Self(capacity: ids.count)
    var i = 0
    while i < ids.count {
      switch table.insert(ids[i], at: i, idAt: { ids[$0] }) {
      case .some(.none): i &+= 1
      case .some(.some): return nil
      case .none:
        table = Self(capacity: ids.count, usesHashValue: true)
        i = 0
      }
    }
    return table
  }

  /// Enters every id at its offset, in a table sized for them; `false` at
  /// an id ``_IDHash`` cannot take.
  @inlinable
  mutating func fill<ID: Hashable>(_ ids: UnsafeBufferPointer<ID>) -> Bool {
    let slots = storage.slots
    let mask = slots.count &- 1
    for i in 0..<ids.count {
      guard let hash = hash(ids[i]) else { return false }
      var slot = hash & mask
      while slots[slot] != 0 { slot = (slot &+ 1) & mask }
      slots[slot] = Self.tag(hash) | UInt64(UInt32(truncatingIfNeeded: i))
    }
    count = ids.count
    return true
  }
}
