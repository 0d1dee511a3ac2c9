/// What a strategy decides: which old section and item each new one continues,
/// and which kept ones it calls moved. Plain index arrays, no hashing.
///
/// Items are numbered flat, section after section (``Snapshot/allItems``).
/// A kept item whose section changes is always a move, whatever `itemMoved`
/// says. The kept items that are not moved must keep their relative order
/// within each section, and likewise the kept sections that are not moved;
/// otherwise no batch update can give the target, and verification says so.
public struct Matching: Equatable, Sendable {
  /// For each new section: the old section it continues, or -1 when inserted.
  public var sectionOldIndex: [Int] { didSet { _unchangedRuns = [] } }
  /// For each new section: whether a kept section is reported as moved.
  public var sectionMoved: [Bool] { didSet { _unchangedRuns = [] } }
  /// For each new item: the old item it continues, or -1 when inserted.
  public var itemOldIndex: [Int] { didSet { _unchangedRuns = [] } }
  /// For each new item: whether a kept item is reported as moved.
  public var itemMoved: [Bool] { didSet { _unchangedRuns = [] } }

  /// What the strategy found out on the way, beyond the arrays: stretches
  /// that need no work at all (see ``_UnchangedRun``). Only this library's
  /// strategies set it; any change to an array drops it, so it can never
  /// disagree with them.
  @usableFromInline
  internal var _unchangedRuns: [_UnchangedRun] = []

  @inlinable
  public init(sectionOldIndex: [Int], sectionMoved: [Bool], itemOldIndex: [Int], itemMoved: [Bool]) {
    self.sectionOldIndex = sectionOldIndex
    self.sectionMoved = sectionMoved
    self.itemOldIndex = itemOldIndex
    self.itemMoved = itemMoved
  }

  /// Two matchings are equal when they decide the same: the runs are a
  /// by-product of how one was found.
  @inlinable
  public static func == (lhs: Matching, rhs: Matching) -> Bool {
    lhs.sectionOldIndex == rhs.sectionOldIndex && lhs.sectionMoved == rhs.sectionMoved
      && lhs.itemOldIndex == rhs.itemOldIndex && lhs.itemMoved == rhs.itemMoved
  }
}
