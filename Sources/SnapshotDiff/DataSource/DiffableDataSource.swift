/// A headless `UICollectionViewDiffableDataSource`: it holds what the screen
/// shows, diffs each snapshot applied against it, checks every stage against
/// the batch update rules, and records the calls a collection view would
/// have received, so that a screen's sessions can be tested on Linux.
///
/// ```swift
/// let dataSource = DiffableDataSource<Section, String>()
/// var snapshot = dataSource.snapshot()
/// snapshot.appendSections([.banner, .list])
/// snapshot.appendItems(banners, toSection: .banner)
/// dataSource.apply(snapshot)
/// dataSource.updates  // [.batchUpdates([.insertSections([0, 1])], animated: true)]
/// ```
///
/// ``DiffableDataSource`` is this class for items without content
/// (`Content` is `Never`), as UIKit's; items that carry content (a price, a
/// title) are compared on each apply and updated where it changed.
///
/// Like UIKit's, it is a class: one instance per screen, mutated by each apply.
/// It is not thread-safe; apply from one thread (UIKit's main thread).
public final class ContentDiffableDataSource<SectionID: Hashable, ItemID: Hashable, Content: Equatable> {
  public typealias Snapshot = SnapshotDiff.Snapshot<SectionID, ItemID, Content>

  /// The strategy each apply diffs with.
  public let strategy: any DiffStrategy
  /// Its changeset for this data source's snapshots, specialized where the
  /// data source was made (the initializers are inlinable): a malformed
  /// matching is thrown, not trapped on.
  @usableFromInline let _changeset: (Snapshot, Snapshot) throws(Matching.Error) -> Changeset<SectionID, ItemID, Content>
  /// What the screen shows.
  @usableFromInline internal var current = Snapshot()
  /// Every update the collection view received, oldest first; a test
  /// clears it (`updates.removeAll()`) to read one apply's alone.
  public var updates: [CollectionViewUpdate] = []
  /// Where applied snapshots are written as a trace, while recording.
  private var recorder: TraceRecorder?
  /// The section snapshots applied with ``apply(_:to:animatingDifferences:completion:)``;
  /// one counts only while its section shows its visible items
  /// (``_liveSectionSnapshot(_:)``: checked when read, so that an apply
  /// pays nothing for them, counted: a filter here cost `hashmap+apply` 2 %).
  @usableFromInline internal var _sectionSnapshots: [SectionID: SectionSnapshot<ItemID, Content>] = [:]
  /// The apply (``_commits``) since which each applied section snapshot is
  /// known to be what its section shows: no walk of its rows before then.
  @usableFromInline internal var _liveSince: [SectionID: Int] = [:]
  /// How many times the screen's state was replaced.
  @usableFromInline internal var _commits = 0
  /// What runs as a row is expanded or collapsed (``expand(_:)``, ``collapse(_:)``).
  public var sectionSnapshotHandlers = SectionSnapshotHandlers()
  /// What runs as a row is dragged to another place (``reorderItem(from:to:)``).
  public var reorderingHandlers = ReorderingHandlers()

  /// An empty data source, diffing with ``Hashmap``.
  @inlinable
  public convenience init() {
    self.init(strategy: Hashmap())
  }

  /// An empty data source, diffing with `strategy`, whose matching is
  /// validated on every apply (``Changeset/init(from:to:checking:)``) that
  /// asks for one: a list filled from empty or emptied, its sections as
  /// they were, needs none (``MatchingStrategy/changeset(from:to:)``).
  @inlinable
  public init<Strategy: MatchingStrategy>(strategy: Strategy) {
    self.strategy = strategy
    _changeset = { old, new throws(Matching.Error) in try Changeset(from: old, to: new, checkingMatchingOf: strategy) }
  }

  /// An empty data source, diffing with `strategy`.
  @inlinable
  public init<Strategy: DiffStrategy>(strategy: Strategy) {
    self.strategy = strategy
    if let matcher = strategy as? any MatchingStrategy {
      // A matching strategy known here only as a `DiffStrategy` (an
      // existential): its matching is validated all the same.
      _changeset = { old, new throws(Matching.Error) in try Changeset(from: old, to: new, checkingMatchingOf: matcher) }
    } else {
      _changeset = { old, new in strategy.changeset(from: old, to: new) }
    }
  }

  /// A copy of what the screen shows, to edit and apply.
  public func snapshot() -> Snapshot { current }

  /// Diffs `snapshot` against what the screen shows and applies the result
  /// as the collection view would, one `performBatchUpdates` block per stage.
  ///
  /// Kept items whose content differs, or that `snapshot` marks with
  /// `reloadItems` / `reconfigureItems`, are updated (`reloadItems(at:)` for
  /// reload marks, `reconfigureItems(at:)` otherwise); sections marked with
  /// `reloadSections` likewise. The marks are consumed: ``snapshot()`` holds none.
  ///
  /// A stage that would make UIKit raise stops the program with UIKit's
  /// exception, as the app would crash: with the built-in strategies, none
  /// does; a strategy of your own may.
  ///
  /// - Returns: the updates of this apply (also appended to ``updates``).
  @discardableResult @inlinable
  public func apply(
    _ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) -> [CollectionViewUpdate] {
    do {
      return try _applyChecking(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    } catch {
      _crash(error)
    }
  }

  /// Applies as ``apply(_:animatingDifferences:completion:)`` does, then
  /// returns when the updates are done, as UIKit's async `apply` does.
  @discardableResult @inlinable
  public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async -> [CollectionViewUpdate] {
    apply(snapshot, animatingDifferences: animatingDifferences, completion: nil)
  }

  /// Replaces what the screen shows without diffing, then returns, as
  /// UIKit's async `applySnapshotUsingReloadData(_:)` does.
  @inlinable
  public func applySnapshotUsingReloadData(_ snapshot: Snapshot) async {
    applySnapshotUsingReloadData(snapshot, completion: nil)
  }

  /// The checked apply the harness runs on strategies it does not trust:
  /// ``apply(_:animatingDifferences:completion:)``, with what would crash
  /// the app thrown (``ApplyError``) and the data source left as it was.
  @discardableResult @inlinable
  package func _applyChecking(
    _ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) throws(ApplyError) -> [CollectionViewUpdate] {
    let changeset = try diff(to: snapshot)
    let reloaded = Set(snapshot.reloadedItemIdentifiers)
    var state = current
    var applied: [CollectionViewUpdate] = []
    // Whether the last stage gave `snapshot`: compared in place, no state built.
    var reached = false
    for (k, stage) in changeset.stages.enumerated() {
      let before = state
      do {
        if k == changeset.stages.count - 1 {
          if let result = try stage._apply(to: before, expecting: snapshot) {
            state = result
          } else {
            reached = true
            // Debug builds and tests: comparing in place agrees with building.
            assert((try? stage.apply(to: before)).map { $0.firstDifference(to: snapshot) == nil } ?? false, "the last stage, compared in place, is not what building it gives")
          }
        } else {
          state = try stage.apply(to: before)
        }
      } catch let error as Changeset<SectionID, ItemID, Content>.Stage.Error {
        // UIKit's words for the rule, where the batch would reach UIKit.
        var what = "\(Changeset<SectionID, ItemID, Content>.Error(stage: k, error: error))"
        if case .brokenRule(let rule) = error { what += "; in UIKit: \(rule.reaction())" }
        throw .brokenStage(strategy: strategy.name, what)
      } catch {
        preconditionFailure("a stage throws its own error only: \(error)")
      }
      let calls = reloaded.isEmpty ? stage.collectionViewCalls() : stage.collectionViewCalls { reloaded.contains(before.item(at: $0).id) }
      applied.append(.batchUpdates(calls, animated: animatingDifferences))
    }
    if reached {
      // What the screen shows: the snapshot, its marks consumed.
      state = snapshot
      state._clearMarks()
    } else if let difference = state.firstDifference(to: snapshot) {
      throw .wrongResult(strategy: strategy.name, difference)
    } else {
      // The same list: kept as the app built it, with its id index.
      state = snapshot
      state._clearMarks()
    }
    commit(state, applied)
    completion?()
    return applied
  }

  /// Replaces what the screen shows without diffing, as `reloadData()` does.
  @inlinable
  public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
    var shown = snapshot
    shown._clearMarks()
    commit(shown, [.reloadData])
    completion?()
  }

  /// The identifier of the item at an index path, or `nil`.
  public func itemIdentifier(for indexPath: IndexPath) -> ItemID? {
    guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < current.numberOfSections, indexPath.item >= 0,
      indexPath.item < current.numberOfItems(inSectionAt: indexPath.section)
    else { return nil }
    return current.item(at: ItemPath(indexPath)).id
  }

  /// The index path of an item, or `nil`.
  public func indexPath(for itemIdentifier: ItemID) -> IndexPath? { current.indexPath(of: itemIdentifier).map(IndexPath.init) }

  /// The identifier of the section at an index, or `nil`.
  public func sectionIdentifier(for index: Int) -> SectionID? {
    current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
  }

  /// The index of a section, or `nil`.
  public func index(for sectionIdentifier: SectionID) -> Int? { current.indexOfSection(sectionIdentifier) }

  /// Writes what the screen shows now, then each snapshot applied from now
  /// on, as lines of a trace (the file `diffbench verify` and `bench` read).
  ///
  /// - Throws: ``TraceRecorder/Error`` when the first line cannot be written.
  public func startRecording(to recorder: TraceRecorder) throws {
    try recorder.record(current, name: "start")
    self.recorder = recorder
  }

  /// Stops writing applied snapshots (the recorder's file stays open until
  /// the recorder is released or closed).
  public func stopRecording() { recorder = nil }

  /// The strategy's changeset, with a malformed matching reported rather
  /// than trapped on.
  @inlinable
  package func diff(to snapshot: Snapshot) throws(ApplyError) -> Changeset<SectionID, ItemID, Content> {
    do {
      return try _changeset(current, snapshot)
    } catch {
      throw .invalidMatching(strategy: strategy.name, error)
    }
  }

  /// Stops the program as the app would crash, with UIKit's exception.
  @usableFromInline @inline(never)
  func _crash(_ error: ApplyError) -> Never {
    fatalError("NSInternalInconsistencyException: \(error)")
  }

  @usableFromInline
  func commit(_ shown: Snapshot, _ applied: [CollectionViewUpdate]) {
    current = shown
    _commits &+= 1
    updates += applied
    // A recording that fails stops; the screen's state does not depend on it.
    do {
      try recorder?.record(shown, name: "apply \(recorder?.count ?? 0)")
    } catch {
      recordingError = error as? TraceRecorder.Error
      recorder = nil
    }
  }

  /// Why recording stopped, if a line could not be written.
  public private(set) var recordingError: TraceRecorder.Error?
}

/// The headless data source for items without content, as UIKit's
/// `UICollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>`.
public typealias DiffableDataSource<SectionID: Hashable, ItemID: Hashable> = ContentDiffableDataSource<SectionID, ItemID, Never>
