import SnapshotDiff

/// What a strategy promises about its changesets, and its complexity: what
/// only the harness reads. The harness checks each promise with oracles of
/// its own (never the strategy's code) and uses the complexity to skip bench
/// cells that would take too long; it never tests a strategy's name.
public struct StrategyTraits: Hashable, Sendable {
  /// Which kept items a strategy reports as moved: a rule precise enough to
  /// be recomputed from the pair alone and checked exactly.
  public enum MoveRule: Hashable, Sendable {
    /// No promise beyond a valid changeset that reaches the target.
    case unspecified
    /// Moves equal `min_moves`: the kept items of each section pair off one
    /// longest increasing subsequence, plus those that change section.
    case minimal
    /// Greedy rank rule (IGListKit's; DifferenceKit's differs, see the
    /// Heckel guide): a kept item is moved when
    /// it changes section, or when its rank among the items kept in the same
    /// section pair differs between old and new. Sections likewise, ranked
    /// among kept sections.
    case greedyRank
    /// Forward scan, no moves: a new section (item) is kept when its id comes
    /// after the last kept one among the old sections (the old section's
    /// items); every other kept item is deleted and inserted again.
    case forwardScan
    /// Per section pair, the unmoved items are one longest common subsequence
    /// of the two id lists (and the unmoved sections, of the section lists).
    case longestCommonSubsequence
    /// Exactly what the standard library's `difference(from:).inferringMoves()`
    /// on the flat id lists calls moved, removed and inserted.
    case standardLibraryDifference
  }

  /// The strategy's complexity: what one diff's time grows with (the
  /// harness skips a bench cell whose estimate is over its limit).
  public enum Cost: Hashable, Sendable {
    /// O(n) expected: never skipped.
    case linear
    /// Σ over section pairs of n·m comparisons (linear search).
    case productOfSizes
    /// Linear searches that resume after the last kept item: for each new
    /// item, the old items from there to its match, or to the section's end.
    /// O(n·m) at worst, O(n) on identical lists.
    case scanFromLastKept
    /// (N + M)·D over the flat lists, D the edit distance (Myers on all items).
    case flatEditScript
    /// Σ over section pairs of D² plus the recursion's scans, D the edit
    /// distance of the ids both sides share (linear-space Myers per section
    /// pair, ids on one side only set aside).
    case squaredEditDistancePerSection
  }

  public var moveRule: MoveRule
  /// Whether a kept item may be deleted and inserted again instead of moved.
  public var reinsertsKeptItems: Bool
  public var cost: Cost
  /// Whether it diffs sections. One that does not (a flat list's diff) is
  /// given only flat pairs: one section on each side, with the same id and
  /// content. The harness skips it elsewhere, saying "no sections".
  public var handlesSections: Bool
  /// The update call a library's own UIKit glue makes, which is how its
  /// changesets are judged; `nil` (this library's strategies) where the
  /// changeset is made for the UIKit the harness targets (`--uikit`).
  public var updates: BatchUpdate.UpdateKind?

  @inlinable
  public init(
    moveRule: MoveRule = .unspecified, reinsertsKeptItems: Bool = false, cost: Cost = .linear, handlesSections: Bool = true,
    updates: BatchUpdate.UpdateKind? = nil
  ) {
    self.updates = updates
    self.moveRule = moveRule
    self.reinsertsKeptItems = reinsertsKeptItems
    self.cost = cost
    self.handlesSections = handlesSections
  }

  /// Whether a strategy with these traits can diff this pair: always, unless
  /// it has no sections and the pair is not flat (one section a side, the
  /// same id and content).
  @inlinable
  public func handles<S, I, C>(_ old: Snapshot<S, I, C>, _ new: Snapshot<S, I, C>) -> Bool {
    handlesSections || old.isFlat(with: new)
  }
}

/// A strategy that states its promises (``StrategyTraits``) for the harness
/// to check. A strategy that does not conform promises nothing beyond valid
/// changesets.
public protocol RefereedStrategy: DiffStrategy {
  var traits: StrategyTraits { get }
}

extension DiffStrategy {
  /// Its traits where it states them (``RefereedStrategy``), else none.
  public var traits: StrategyTraits { (self as? any RefereedStrategy)?.traits ?? StrategyTraits() }
}
