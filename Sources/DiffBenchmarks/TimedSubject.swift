import DiffResults
import DiffVerification
import SnapshotDiff

/// Something the bench times on a pair: a strategy, or the floor.
///
/// A strategy is called through ``DiffStrategy/stringChangeset(from:to:)``,
/// a protocol requirement whose witness is compiled per conforming type: the
/// timed call runs a copy specialized for that type and string snapshots,
/// behind one indirect call, whatever module the strategy comes from.
public struct TimedSubject: Sendable {
  public let name: String
  /// The strategy's promises and cost model (the floor's: none, linear).
  public let traits: StrategyTraits
  /// Runs the diff; the result is the changeset (`nil` for the floor).
  public let run: @Sendable (StringSnapshot, StringSnapshot) -> StringChangeset?
  /// The same through the checked entry point, for the verification run
  /// before timing: a malformed matching is a failure, not a trap.
  let checked: @Sendable (StringSnapshot, StringSnapshot) -> Result<StringChangeset?, VerificationFailure>

  public init(_ strategy: any DiffStrategy) {
    name = strategy.name
    traits = strategy.traits
    run = { old, new in strategy.stringChangeset(from: old, to: new) }
    checked = { old, new in Verifier.changeset(strategy, from: old, to: new).map { $0 } }
  }

  init(name: String, run: @escaping @Sendable (StringSnapshot, StringSnapshot) -> StringChangeset?) {
    self.name = name
    self.traits = StrategyTraits()
    self.run = run
    checked = { old, new in .success(run(old, new)) }
  }

  /// Runs the subject once through the checked entry point and verifies its
  /// changeset: its op counts (zero for a yardstick), and what broke.
  func verify(oracle: PairOracle) -> (counts: StringChangeset.Counts, failure: VerificationFailure?) {
    switch checked(oracle.old, oracle.new) {
    case .failure(let failure): return (.init(), failure)
    case .success(nil): return (.init(), nil)
    case .success(let changeset?): return (changeset.counts, Verifier.verify(changeset, madeBy: traits, oracle: oracle))
    }
  }

  /// The least work any hash-based diff does: a hash table of the old ids,
  /// and a lookup of every new id.
  public static let floor = TimedSubject(name: "floor") { old, new in
    var table = [String: Int](minimumCapacity: old.numberOfItems)
    old.allItems.withUnsafeBufferPointer { items in
      for i in 0..<items.count { table[items[i].id] = i }
    }
    var found = 0
    new.allItems.withUnsafeBufferPointer { items in
      for j in 0..<items.count where table[items[j].id] != nil { found += 1 }
    }
    blackHole((table, found))
    return nil
  }
}
