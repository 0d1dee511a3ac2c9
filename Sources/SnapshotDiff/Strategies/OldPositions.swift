extension Snapshot {
  /// For each item of `new`, its flat position in `old`, or -1: one hash
  /// table of the old ids, one lookup per new id. The table is freed on
  /// return, before any later phase adds to the peak.
  ///
  /// - Complexity: O(*n* + *m*) expected.
  @inlinable
  static func _oldPositions(of new: Self, in old: Self) -> [Int] {
    var table = [ItemID: Int](minimumCapacity: old.numberOfItems)
    old._items.withUnsafeBufferPointer { items in
      for i in 0..<items.count { table[items[i].id] = i }
    }
    return new._items.withUnsafeBufferPointer { items in
      [Int](unsafeUninitializedCapacity: items.count) { buffer, count in
        for j in 0..<items.count { buffer[j] = table[items[j].id] ?? -1 }
        count = items.count
      }
    }
  }
}
