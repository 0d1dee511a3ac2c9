import DiffSupport
import DiffResults
import DiffVerification
import SnapshotDiff


/// Something the bench times on a pair: a strategy, or a yardstick (`floor`,
/// `scan`), whose code does not change once committed.
///
/// A strategy is called through its ``Contender``'s entry points, compiled
/// where its type is known: the timed call runs a copy specialized for that
/// type and those snapshots, behind one indirect call, whatever module the
/// strategy comes from.
package struct TimedSubject: Sendable {
  package let name: String
  /// The strategy's promises and cost model (a yardstick's: none, linear).
  package let traits: StrategyTraits
  /// Whether it is a yardstick row rather than a strategy.
  package let isYardstick: Bool
  /// Runs the diff; the result is the changeset (`nil` for a yardstick).
  package let run: @Sendable (StringSnapshot, StringSnapshot) -> StringChangeset?
  /// The same on `Int` snapshots.
  package let runInts: @Sendable (IntSnapshot, IntSnapshot) -> IntChangeset?
  /// The timed call, prepared (``Contender``):
  /// its input is converted here, outside the timed region, and only its
  /// `diff()` is timed or counted.
  package let prepare: @Sendable (StringSnapshot, StringSnapshot) -> PreparedDiff<String, String, String>
  /// The same on `Int` snapshots.
  package let prepareInts: @Sendable (IntSnapshot, IntSnapshot) -> PreparedDiff<Int, Int, Int>
  /// The same through the checked entry point, for the verification run
  /// before timing: a malformed matching is a failure, not a trap.
  let checked: @Sendable (StringSnapshot, StringSnapshot, BatchUpdate.UpdateKind) -> Result<StringChangeset?, VerificationFailure>

  package init(_ strategy: Contender) {
    name = strategy.name
    traits = strategy.traits
    isYardstick = false
    run = { strategy.changeset(from: $0, to: $1) }
    runInts = { strategy.changeset(from: $0, to: $1) }
    prepare = { strategy.prepareDiff(from: $0, to: $1) }
    prepareInts = { strategy.prepareDiff(from: $0, to: $1) }
    checked = { old, new, updates in Verifier.changeset(strategy, from: old, to: new, updates: updates).map { $0 } }
  }

  /// `DiffableDataSource.apply` with `strategy`: the whole apply an app
  /// makes (the diff, each stage checked and applied, the result compared
  /// with the snapshot, the collection view's calls recorded), named
  /// `<strategy>+apply`. Each timed call first puts the old snapshot back on
  /// the screen without diffing (`applySnapshotUsingReloadData`, a copy of
  /// a reference). Its verification runs the apply, then judges the
  /// strategy's changeset as the strategy's own.
  package init(applying strategy: Contender) {
    name = strategy.name + "+apply"
    traits = strategy.traits
    isYardstick = false
    run = { strategy.changeset(from: $0, to: $1) }
    runInts = { strategy.changeset(from: $0, to: $1) }
    prepare = { old, new in Self.applying(strategy.dataSource(), { strategy.changeset(from: $0, to: $1) }, old, new) }
    prepareInts = { old, new in Self.applying(strategy.intDataSource(), { strategy.changeset(from: $0, to: $1) }, old, new) }
    checked = { old, new, updates in
      let source = strategy.dataSource()
      source.applySnapshotUsingReloadData(old)
      do {
        try source._applyChecking(new)
      } catch {
        return .failure(.wrongResult("DiffableDataSource.apply: \(error)"))
      }
      return Verifier.changeset(strategy, from: old, to: new, updates: updates).map { $0 }
    }
  }

  /// The data source's apply of `new` over `old`, prepared: each `diff()`
  /// resets the screen to `old`, then applies `new`.
  static func applying<S: Hashable, I: Hashable, C: Equatable>(
    _ source: ContentDiffableDataSource<S, I, C>,
    _ changeset: @escaping (Snapshot<S, I, C>, Snapshot<S, I, C>) -> Changeset<S, I, C>,
    _ old: Snapshot<S, I, C>, _ new: Snapshot<S, I, C>
  ) -> PreparedDiff<S, I, C> {
    PreparedDiff(
      diff: { () -> [ContentDiffableDataSource<S, I, C>.CollectionViewUpdate]? in
        source.applySnapshotUsingReloadData(old)
        return try? source._applyChecking(new)
      }, changeset: { _ in changeset(old, new) })
  }

  /// What the bench measures: the yardsticks, the strategies, and (unless
  /// `applying` is false) the data source's whole apply with `hashmap`.
  package static func benched(_ strategies: [Contender], applying: Bool = true) -> [TimedSubject] {
    yardsticks + strategies.map { TimedSubject($0) } + (applying ? [TimedSubject(applying: Contender(Hashmap()))] : [])
  }

  init(
    yardstick name: String, run: @escaping @Sendable (StringSnapshot, StringSnapshot) -> StringChangeset?,
    ints: @escaping @Sendable (IntSnapshot, IntSnapshot) -> IntChangeset?
  ) {
    self.name = name
    traits = StrategyTraits()
    isYardstick = true
    self.run = run
    runInts = ints
    prepare = { old, new in PreparedDiff(diff: { run(old, new) }, changeset: { $0 ?? Changeset() }) }
    prepareInts = { old, new in PreparedDiff(diff: { ints(old, new) }, changeset: { $0 ?? Changeset() }) }
    checked = { old, new, _ in .success(run(old, new)) }
  }

  /// Runs the subject once through the checked entry point and verifies its
  /// changeset: its op counts (zero for a yardstick), what broke, and the
  /// fewest stages its operations need (`nil` for a yardstick).
  ///
  /// - Parameter limit: the most its checked call may take: past it, its
  ///   changeset is not judged (the cell is skipped, as one whose estimate
  ///   is over the limit is never run).
  /// - Returns: also the seconds its checked call took, judging aside.
  func verify(
    oracle: PairOracle, within limit: Double = .infinity
  ) -> (counts: ChangesetCounts, failure: VerificationFailure?, fewestStages: Int?, seconds: Double) {
    let started = Clock.wall()
    let result = checked(oracle.old, oracle.new, oracle.updates)
    let seconds = Double(Clock.wall() - started) / 1e9
    if seconds > limit { return (.init(), nil, nil, seconds) }
    switch result {
    case .failure(let failure): return (.init(), failure, nil, seconds)
    case .success(nil): return (.init(), nil, nil, seconds)
    case .success(let changeset?):
      let judged = Verifier.judge(changeset, madeBy: traits, oracle: oracle)
      return (changeset.counts, judged.failure, judged.fewestStages, seconds)
    }
  }

  /// A snapshot operation (``SnapshotOperation``), named ``snapshotSubject``:
  /// its input built outside the measured region by `prepare`, the
  /// operation alone timed or counted. No changeset, as a yardstick.
  init(_ operation: SnapshotOperation) {
    name = snapshotSubject
    traits = StrategyTraits()
    isYardstick = true
    run = { _, _ in nil }
    runInts = { _, _ in nil }
    prepare = { _, _ in
      let call = operation.prepare()
      return PreparedDiff(diff: { call() }, changeset: { Changeset() })
    }
    prepareInts = { _, _ in PreparedDiff(diff: {}, changeset: { Changeset() }) }
    checked = { _, _, _ in .success(nil) }
  }

  /// The yardsticks, in report order.
  package static let yardsticks: [TimedSubject] = [floor, scan]

  /// The least work any hash-based diff does: a hash table of the old ids,
  /// and a lookup of every new id.
  /// (Its string code is as committed first, unchanged, so its counts stay
  /// comparable across every report.)
  package static let floor = TimedSubject(
    yardstick: Yardstick.floor.rawValue, run: { floorWork($0, $1); return nil }, ints: { floorWork($0, $1); return nil })

  /// The least work any diff does when nothing changed: both snapshots read
  /// once, ids compared position by position (equality only, no hashing).
  package static let scan = TimedSubject(
    yardstick: Yardstick.scan.rawValue, run: { scanWork($0, $1); return nil }, ints: { scanWork($0, $1); return nil })

  /// The subject of this name among the yardsticks and `strategies`.
  package static func named(_ name: String, among strategies: [Contender]) -> TimedSubject? {
    benched(strategies).first { $0.name == name }
  }
}

/// The floor's work, specialized for each id type where it is called
/// (inlined into the closure, as its first, string-only form was).
@inline(__always)
func floorWork<S, I, C>(_ old: Snapshot<S, I, C>, _ new: Snapshot<S, I, C>) {
  var table = [I: Int](minimumCapacity: old.numberOfItems)
  old.allItems.withUnsafeBufferPointer { items in
    for i in 0..<items.count { table[items[i].id] = i }
  }
  var found = 0
  new.allItems.withUnsafeBufferPointer { items in
    for j in 0..<items.count where table[items[j].id] != nil { found += 1 }
  }
  blackHole((table, found))
}

@inline(never)
func scanWork<S, I, C>(_ old: Snapshot<S, I, C>, _ new: Snapshot<S, I, C>) {
  var same = 0
  old.allItems.withUnsafeBufferPointer { a in
    new.allItems.withUnsafeBufferPointer { b in
      for k in 0..<min(a.count, b.count) where a[k].id == b[k].id { same += 1 }
    }
  }
  _scanSink &+= same  // a global store: the comparisons cannot be optimized away
}

nonisolated(unsafe) var _scanSink = 0
