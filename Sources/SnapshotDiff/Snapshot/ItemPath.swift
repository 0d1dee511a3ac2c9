/// The position of an item: its section index and its index in that section.
///
/// The library's own `IndexPath`, so that it needs no Foundation; it orders
/// the way UIKit's index paths do, section first.
///
/// Each index must fit in 32 bits, as every index of a snapshot does (it
/// holds fewer than 2^31 items). Stored so, a path is 8 bytes, not 16: a
/// changeset holds one or two per operation, and a shuffle's moves take
/// half the memory (counted in `results/hashmap-history.md`).
public struct ItemPath: Hashable, Comparable, Sendable {
  @usableFromInline var _section: Int32
  @usableFromInline var _item: Int32

  /// The section's index.
  @inlinable public var section: Int {
    get { Int(_section) }
    set { _section = Int32(newValue) }
  }

  /// The item's index within its section.
  @inlinable public var item: Int {
    get { Int(_item) }
    set { _item = Int32(newValue) }
  }

  /// A path; each index must fit in 32 bits.
  @inlinable
  public init(section: Int, item: Int) {
    _section = Int32(section)
    _item = Int32(item)
  }

  /// A path from indices of a snapshot, which fit (no check).
  @inlinable
  init(_inSnapshot section: Int, item: Int) {
    _section = Int32(truncatingIfNeeded: section)
    _item = Int32(truncatingIfNeeded: item)
  }

  @inlinable
  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }
}

extension ItemPath: CustomStringConvertible {
  public var description: String { "[\(section), \(item)]" }
}
