import SnapshotDiff

// The library's strategies as the harness registers them: each one's
// promises (its guide in `Guides/` says why it keeps them), and their
// report order, which gives each its colour on the report page.

extension Hashmap: RefereedStrategy {
  public var traits: StrategyTraits { StrategyTraits(moveRule: .minimal, cost: .linear) }
}

extension Heckel: RefereedStrategy {
  public var traits: StrategyTraits { StrategyTraits(moveRule: .greedyRank, cost: .linear) }
}

extension Myers: RefereedStrategy {
  public var traits: StrategyTraits { StrategyTraits(moveRule: .longestCommonSubsequence, cost: .squaredEditDistancePerSection) }
}

extension Naive: RefereedStrategy {
  public var traits: StrategyTraits { StrategyTraits(moveRule: .forwardScan, reinsertsKeptItems: true, cost: .scanFromLastKept) }
}

extension Stdlib: RefereedStrategy {
  public var traits: StrategyTraits { StrategyTraits(moveRule: .standardLibraryDifference, cost: .flatEditScript) }
}

extension Contenders {
  /// The strategies this library ships, in report order.
  package static let library = [Contender(Hashmap()), Contender(Heckel()), Contender(Myers()), Contender(Naive()), Contender(Stdlib())]
}
