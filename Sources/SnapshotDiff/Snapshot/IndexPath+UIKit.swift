// UIKit's `IndexPath(item:section:)`, `.item`, `.section` (and the table
// view's `row`) where UIKit is not there to give them, so that a screen's
// code written against UIKit compiles with its import line changed.
// Foundation's `IndexPath` itself is re-exported, as UIKit re-exports
// Foundation; the changesets keep their compact ``ItemPath``.

#if canImport(FoundationEssentials)
@_exported import struct FoundationEssentials.IndexPath
#else
@_exported import struct Foundation.IndexPath
#endif

#if !canImport(UIKit) && !canImport(AppKit)
extension IndexPath {
  /// A path to an item of a collection view's section, as UIKit's.
  @inlinable
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

  /// A path to a row of a table view's section, as UIKit's.
  @inlinable
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }

  /// The section's index (the first index).
  @inlinable public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }

  /// The item's index in its section (the second index).
  @inlinable public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }

  /// The row's index in its section: ``item`` under the table view's name.
  @inlinable public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}
#endif

extension ItemPath {
  /// The path at an index path of two indices (section, then item).
  @inlinable
  init(_ indexPath: IndexPath) {
    self.init(section: indexPath[0], item: indexPath[1])
  }
}

extension IndexPath {
  /// The index path of a path (section, then item).
  @inlinable
  init(_ path: ItemPath) {
    self.init(indexes: [path.section, path.item])
  }
}
