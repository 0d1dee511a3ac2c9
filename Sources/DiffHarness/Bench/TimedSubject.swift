import SnapshotDiff

/// Something the bench times on a pair: a strategy, or the floor.
///
/// A strategy's closure is made in a generic initializer called with its
/// concrete type, so the timed call runs a copy of the strategy specialized
/// for string snapshots, not generic dispatch.
public struct TimedSubject: Sendable {
  public let name: String
  /// The strategy's promises and cost model (the floor's: none, linear).
  public let traits: StrategyTraits
  /// Runs the diff; the result is the changeset (`nil` for the floor).
  public let run: @Sendable (StringSnapshot, StringSnapshot) -> StringChangeset?

  public init<D: DiffStrategy>(_ strategy: D) {
    name = strategy.name
    traits = strategy.traits
    run = { old, new in strategy.changeset(from: old, to: new) }
  }

  init(name: String, run: @escaping @Sendable (StringSnapshot, StringSnapshot) -> StringChangeset?) {
    self.name = name
    self.traits = StrategyTraits()
    self.run = run
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

  /// The library's strategies, each specialized, in report order; a test
  /// checks this list matches `Strategies.all`.
  public static let strategies: [TimedSubject] = [
    TimedSubject(Hashmap()), TimedSubject(Heckel()), TimedSubject(Myers()), TimedSubject(Naive()), TimedSubject(Stdlib()),
  ]
}
