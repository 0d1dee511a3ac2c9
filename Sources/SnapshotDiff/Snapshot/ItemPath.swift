/// The position of an item: its section index and its index in that section.
///
/// The library's own `IndexPath`, so that it needs no Foundation; it orders
/// the way UIKit's index paths do, section first.
public struct ItemPath: Hashable, Comparable, Sendable {
  public var section: Int
  public var item: Int

  @inlinable
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  @inlinable
  public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }
}

extension ItemPath: CustomStringConvertible {
  public var description: String { "[\(section), \(item)]" }
}
