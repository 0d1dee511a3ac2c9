import SnapshotDiff

/// A strategy as the harness runs it: its name and traits, and its entry
/// points compiled for the snapshots the harness builds (string ids,
/// sections and contents; `Int` ones for the bench's `int-100k`).
///
/// Make one where the strategy's type is known, `Contender(MyStrategy())`:
/// the initializers are inlinable, so each entry point is a copy
/// specialized for that type and those snapshots, behind one indirect call,
/// whatever module the strategy comes from. A ``MatchingStrategy`` is
/// checked through its matching (a malformed one is a failure, never a
/// trap); a ``ConvertingStrategy`` through the data its glue sets.
public struct Contender: Sendable {
  /// The strategy itself.
  public let strategy: any DiffStrategy
  public let name: String
  public let traits: StrategyTraits
  @usableFromInline let _changeset: @Sendable (StringSnapshot, StringSnapshot) -> StringChangeset
  @usableFromInline let _intChangeset: @Sendable (IntSnapshot, IntSnapshot) -> IntChangeset
  @usableFromInline let _checked: @Sendable (StringSnapshot, StringSnapshot) -> Result<StringChangeset, Malformed>
  @usableFromInline let _prepared: @Sendable (StringSnapshot, StringSnapshot) -> PreparedDiff<String, String, String>
  @usableFromInline let _preparedInts: @Sendable (IntSnapshot, IntSnapshot) -> PreparedDiff<Int, Int, Int>
  @usableFromInline let _dataSource: @Sendable () -> ContentDiffableDataSource<String, String, String>
  @usableFromInline let _intDataSource: @Sendable () -> ContentDiffableDataSource<Int, Int, Int>

  /// The changeset of two string snapshots: what corpus files and the bench use.
  @inlinable
  public func changeset(from old: StringSnapshot, to new: StringSnapshot) -> StringChangeset { _changeset(old, new) }

  /// The changeset of two `Int` snapshots.
  @inlinable
  public func changeset(from old: IntSnapshot, to new: IntSnapshot) -> IntChangeset { _intChangeset(old, new) }

  /// The changeset through the checked entry point, or how the strategy's
  /// output is malformed: what the harness judges.
  @inlinable
  func checkedChangeset(from old: StringSnapshot, to new: StringSnapshot) -> Result<StringChangeset, Malformed> {
    _checked(old, new)
  }

  /// The diff split for timing (``PreparedDiff``): only its `diff()` is timed.
  @inlinable
  public func prepareDiff(from old: StringSnapshot, to new: StringSnapshot) -> PreparedDiff<String, String, String> {
    _prepared(old, new)
  }

  /// The same on `Int` snapshots.
  @inlinable
  public func prepareDiff(from old: IntSnapshot, to new: IntSnapshot) -> PreparedDiff<Int, Int, Int> { _preparedInts(old, new) }

  /// An empty data source applying with this strategy.
  @inlinable
  public func dataSource() -> ContentDiffableDataSource<String, String, String> { _dataSource() }

  /// The same for `Int` snapshots.
  @inlinable
  public func intDataSource() -> ContentDiffableDataSource<Int, Int, Int> { _intDataSource() }

  /// How a strategy's output is malformed, before any rule is checked.
  @usableFromInline
  enum Malformed: Error {
    case matching(Matching.Error)
    case glue(GlueDataError)
  }

  /// A strategy that makes its changesets itself. One known here only as a
  /// `DiffStrategy` (an existential) that is a ``MatchingStrategy`` or a
  /// ``ConvertingStrategy`` is checked as one all the same, through generic code.
  @inlinable
  public init<S: DiffStrategy>(_ strategy: S) {
    if let matcher = strategy as? any MatchingStrategy {
      self.init(matcher)
      return
    }
    if let converter = strategy as? any ConvertingStrategy {
      self.init(converter)
      return
    }
    self.init(strategy, checked: { .success(strategy.changeset(from: $0, to: $1)) })
  }

  /// A strategy whose matching is validated before its stages are built.
  @inlinable
  public init<S: MatchingStrategy>(_ strategy: S) {
    if let compiled = Contender._compiled(strategy) {
      self = compiled
      return
    }
    self.init(
      strategy,
      checked: { old, new in
        Result { () throws(Matching.Error) in try Changeset(from: old, to: new, checking: strategy.matching(from: old, to: new)) }
          .mapError { .matching($0) }
      },
      // The data sources made here, where the matching initializer is chosen.
      dataSource: { ContentDiffableDataSource(strategy: strategy) }, intDataSource: { ContentDiffableDataSource(strategy: strategy) })
  }

  /// A strategy that diffs types of its own: judged by the data its glue
  /// sets before each batch, never replaced by the target.
  @inlinable
  public init<S: ConvertingStrategy>(_ strategy: S) {
    self.init(
      strategy,
      checked: { old, new in
        let prepared = strategy.prepareDiff(from: old, to: new)
        prepared.diff()
        return (prepared.checkedChangeset() ?? .success(Changeset())).mapError { .glue($0) }  // never nil after diff()
      },
      prepared: { strategy.prepareDiff(from: $0, to: $1) }, preparedInts: { strategy.prepareDiff(from: $0, to: $1) })
  }

  /// One of the library's strategies, through the entry points compiled
  /// in the library (``SnapshotDiff/_CompiledStrategy``), or `nil`.
  @usableFromInline
  static func _compiled(_ strategy: any MatchingStrategy) -> Contender? {
    guard let compiled = strategy as? any _CompiledStrategy else { return nil }
    let entry = type(of: compiled)._entryPoints
    return Contender(
      strategy,
      checked: { old, new in
        Result { () throws(Matching.Error) in try entry.checked(old, new) }.mapError { .matching($0) }
      },
      dataSource: entry.dataSource, intDataSource: entry.intDataSource, changeset: entry.changeset, intChangeset: entry.intChangeset)
  }

  /// What is not given is the plain form: the changesets are the
  /// strategy's own, the prepared diffs run them with nothing to convert,
  /// the data sources take the strategy as a `DiffStrategy`.
  @inlinable
  init<S: DiffStrategy>(
    _ strategy: S,
    checked: @escaping @Sendable (StringSnapshot, StringSnapshot) -> Result<StringChangeset, Malformed>,
    prepared: (@Sendable (StringSnapshot, StringSnapshot) -> PreparedDiff<String, String, String>)? = nil,
    preparedInts: (@Sendable (IntSnapshot, IntSnapshot) -> PreparedDiff<Int, Int, Int>)? = nil,
    dataSource: (@Sendable () -> ContentDiffableDataSource<String, String, String>)? = nil,
    intDataSource: (@Sendable () -> ContentDiffableDataSource<Int, Int, Int>)? = nil,
    changeset: (@Sendable (StringSnapshot, StringSnapshot) -> StringChangeset)? = nil,
    intChangeset: (@Sendable (IntSnapshot, IntSnapshot) -> IntChangeset)? = nil
  ) {
    self.strategy = strategy
    (name, traits) = (strategy.name, strategy.traits)
    let changeset = changeset ?? { strategy.changeset(from: $0, to: $1) }
    let intChangeset = intChangeset ?? { strategy.changeset(from: $0, to: $1) }
    (_changeset, _intChangeset, _checked) = (changeset, intChangeset, checked)
    _prepared = prepared ?? { old, new in PreparedDiff(diff: { changeset(old, new) }, changeset: { $0 }) }
    _preparedInts = preparedInts ?? { old, new in PreparedDiff(diff: { intChangeset(old, new) }, changeset: { $0 }) }
    _dataSource = dataSource ?? { ContentDiffableDataSource(strategy: strategy) }
    _intDataSource = intDataSource ?? { ContentDiffableDataSource(strategy: strategy) }
  }
}
