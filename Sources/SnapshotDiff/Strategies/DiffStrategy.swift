/// A diff algorithm: given an old and a new snapshot, the changeset from one to
/// the other.
///
/// Strategies differ in how they match old items to new ones and which kept
/// items they call moved: most produce a ``Matching`` and hand it to
/// ``Changeset/init(from:to:matching:)``, which turns it into valid stages.
///
/// Conformers implement `changeset(from:to:)` as `@inlinable`, so that a caller
/// with concrete types gets a specialized copy rather than generic dispatch.
public protocol DiffStrategy: Sendable {
  /// The strategy's fixed name, a key in reports.
  var name: String { get }

  /// What it promises: its move rule, whether it re-inserts kept items, its
  /// cost model. The default promises nothing beyond valid changesets.
  var traits: StrategyTraits { get }

  func changeset<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> Changeset<SectionID, ItemID, Content>

  /// The changeset of two string snapshots (what corpus files and the bench
  /// use). Leave the default: as a protocol requirement it is compiled once
  /// per conforming type, specialized for it and for strings, so a caller
  /// holding `any DiffStrategy` runs a specialized copy, not generic dispatch.
  func stringChangeset(
    from old: Snapshot<String, String, String>, to new: Snapshot<String, String, String>
  ) -> Changeset<String, String, String>

  /// The changeset of two snapshots with `Int` ids and contents, specialized
  /// per conforming type as ``stringChangeset(from:to:)`` is: what the bench
  /// times on its `int-100k` workload. Leave the default.
  func intChangeset(
    from old: Snapshot<Int, Int, Int>, to new: Snapshot<Int, Int, Int>
  ) -> Changeset<Int, Int, Int>

  /// The changeset of two string snapshots, or the first way the strategy's
  /// matching is malformed, for callers that must report a broken strategy
  /// rather than stop (the harness). Leave the default: a
  /// ``MatchingStrategy`` validates its matching; any other strategy builds
  /// its stages itself and cannot fail here.
  func checkedStringChangeset(
    from old: Snapshot<String, String, String>, to new: Snapshot<String, String, String>
  ) throws(MatchingError) -> Changeset<String, String, String>

  /// The diff split for timing (see ``PreparedDiff``): converts the pair into
  /// the strategy's own input here; the result's `diff()` runs the algorithm
  /// alone. The default has nothing to convert: its `diff()` is
  /// ``changeset(from:to:)``. A strategy that wraps another library's diff
  /// is a ``ConvertingStrategy``: it implements this, and its
  /// `changeset(from:to:)` runs the three steps.
  func prepareDiff<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> PreparedDiff<SectionID, ItemID, Content>

  /// ``prepareDiff(from:to:)`` on string snapshots, specialized per conforming
  /// type as ``stringChangeset(from:to:)`` is: what the bench times. Leave the default.
  func preparedStringDiff(
    from old: Snapshot<String, String, String>, to new: Snapshot<String, String, String>
  ) -> PreparedDiff<String, String, String>

  /// ``prepareDiff(from:to:)`` on `Int` snapshots, specialized likewise. Leave the default.
  func preparedIntDiff(
    from old: Snapshot<Int, Int, Int>, to new: Snapshot<Int, Int, Int>
  ) -> PreparedDiff<Int, Int, Int>
}

/// A strategy that decides a ``Matching`` and lets the shared stage plan turn
/// it into stages: all of this library's strategies are.
public protocol MatchingStrategy: DiffStrategy {
  /// Which old section and item each new one continues, and which are moved.
  func matching<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> Matching
}

extension DiffStrategy {
  public var traits: StrategyTraits { StrategyTraits() }

  @inlinable
  public func stringChangeset(
    from old: Snapshot<String, String, String>, to new: Snapshot<String, String, String>
  ) -> Changeset<String, String, String> {
    changeset(from: old, to: new)
  }

  @inlinable
  public func intChangeset(
    from old: Snapshot<Int, Int, Int>, to new: Snapshot<Int, Int, Int>
  ) -> Changeset<Int, Int, Int> {
    changeset(from: old, to: new)
  }

  public func checkedStringChangeset(
    from old: Snapshot<String, String, String>, to new: Snapshot<String, String, String>
  ) throws(MatchingError) -> Changeset<String, String, String> {
    changeset(from: old, to: new)
  }

  @inlinable
  public func prepareDiff<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> PreparedDiff<SectionID, ItemID, Content> {
    PreparedDiff(diff: { self.changeset(from: old, to: new) }, changeset: { $0 })
  }

  @inlinable
  public func preparedStringDiff(
    from old: Snapshot<String, String, String>, to new: Snapshot<String, String, String>
  ) -> PreparedDiff<String, String, String> {
    prepareDiff(from: old, to: new)
  }

  @inlinable
  public func preparedIntDiff(
    from old: Snapshot<Int, Int, Int>, to new: Snapshot<Int, Int, Int>
  ) -> PreparedDiff<Int, Int, Int> {
    prepareDiff(from: old, to: new)
  }
}

extension MatchingStrategy {
  /// The changeset of this strategy's matching, validated first (see
  /// ``Changeset/init(from:to:checking:)``).
  public func checkedStringChangeset(
    from old: Snapshot<String, String, String>, to new: Snapshot<String, String, String>
  ) throws(MatchingError) -> Changeset<String, String, String> {
    try Changeset(from: old, to: new, checking: matching(from: old, to: new))
  }

  /// The changeset of this strategy's matching (see ``Changeset/init(from:to:matching:)``).
  @inlinable
  public func changeset<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> Changeset<SectionID, ItemID, Content> {
    Changeset(from: old, to: new, matching: matching(from: old, to: new))
  }
}

/// The strategies this library ships, in report order.
public enum Strategies {
  public static let all: [any DiffStrategy] = [Hashmap(), Heckel(), Myers(), Naive(), Stdlib()]
  public static var names: [String] { all.map(\.name) }
  public static func named(_ name: String) -> (any DiffStrategy)? { all.first { $0.name == name } }
}
