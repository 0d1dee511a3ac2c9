/// The vocabulary of a `performBatchUpdates` block that every changeset
/// shares, whatever its identifiers: the calls a collection view receives
/// (``Call``), a move (``Move``), how updates are performed (``BatchUpdate/UpdateKind``),
/// and the rules a block must keep (``Error``, one case per rule).
///
/// A namespace: it has no values.
public enum BatchUpdate {}

extension BatchUpdate {
  /// A move from one position to another: a section move (`Move<Int>`) or
  /// an item move (`Move<ItemPath>`).
  public struct Move<Position: Hashable>: Hashable {
    public var from: Position
    public var to: Position
    @inlinable public init(from: Position, to: Position) { self.from = from; self.to = to }
    // Inlinable, as the stage's comparisons below are.
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.from == b.from && a.to == b.to }
    @inlinable public func hash(into hasher: inout Hasher) {
      hasher.combine(from)
      hasher.combine(to)
    }
  }
}

extension BatchUpdate.Move: Sendable where Position: Sendable {}

extension BatchUpdate {
  /// How a collection view performs a changeset's updates: the two calls UIKit
  /// has for "this item's content changed".
  ///
  /// The batch update rules article gives the sources: an Apple engineer on the
  /// developer forums (thread 751732) and WWDC 2018 session 225 for `reload`,
  /// WWDC 2021 session 10252 for `reconfigure`.
  public enum UpdateKind: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// `reloadItems(at:)` and `reloadSections(_:)`, on every iOS: a delete at
    /// the old position plus an insert at the position UIKit computes for it
    /// (shifted by the stage's deletes and inserts, not by its moves). What
    /// DifferenceKit's, DeepDiff's and RxDataSources' glue call, and all that
    /// iOS 13 and 14 have.
    case reload
    /// `reconfigureItems(at:)`, iOS 15 and later: the content replaced in place,
    /// the cell kept. Sections have no such call: a section update is a
    /// `reloadSections` under either kind.
    case reconfigure

    public var description: String { rawValue }
  }
}

extension BatchUpdate {
  /// One call a `UICollectionView` receives inside `performBatchUpdates`.
  ///
  /// Coordinates follow the batch update rules: deletes, reloads and move
  /// sources in the state before the block, inserts and move destinations in
  /// the state after it. Its description is the Swift a screen would run.
  public enum Call: Hashable, Sendable {
    case deleteSections([Int])
    case insertSections([Int])
    case moveSection(Int, toSection: Int)
    case reloadSections([Int])
    case deleteItems([ItemPath])
    case insertItems([ItemPath])
    case moveItem(at: ItemPath, to: ItemPath)
    /// Items marked with `reloadItems`: their cells are made anew.
    case reloadItems([ItemPath])
    /// Items whose content changed, or marked with `reconfigureItems`: their
    /// cells are kept and updated.
    case reconfigureItems([ItemPath])
  }
}

extension BatchUpdate.Call: CustomStringConvertible {
  public var description: String {
    func path(_ p: ItemPath) -> String { "IndexPath(item: \(p.item), section: \(p.section))" }
    func paths(_ ps: [ItemPath]) -> String { "[" + ps.map(path).joined(separator: ", ") + "]" }
    func indexes(_ s: [Int]) -> String { "IndexSet([" + s.map(String.init).joined(separator: ", ") + "])" }
    switch self {
    case .deleteSections(let s): return "collectionView.deleteSections(\(indexes(s)))"
    case .insertSections(let s): return "collectionView.insertSections(\(indexes(s)))"
    case .moveSection(let from, let to): return "collectionView.moveSection(\(from), toSection: \(to))"
    case .reloadSections(let s): return "collectionView.reloadSections(\(indexes(s)))"
    case .deleteItems(let p): return "collectionView.deleteItems(at: \(paths(p)))"
    case .insertItems(let p): return "collectionView.insertItems(at: \(paths(p)))"
    case .moveItem(let from, let to): return "collectionView.moveItem(at: \(path(from)), to: \(path(to)))"
    case .reloadItems(let p): return "collectionView.reloadItems(at: \(paths(p)))"
    case .reconfigureItems(let p): return "collectionView.reconfigureItems(at: \(paths(p)))  // iOS 15 and later; reloadItems(at:) before"
    }
  }
}
