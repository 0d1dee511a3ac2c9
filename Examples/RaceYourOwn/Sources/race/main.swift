import AppendAware
import DiffBenchCLI

// What the harness checks AppendAware against: an append has no move, and
// the fallback (Hashmap) is minimal, so it promises minimal moves.
extension AppendAware: RefereedStrategy {
  public var traits: StrategyTraits { StrategyTraits(moveRule: .minimal, cost: .linear) }
}

// The whole diffbench command line, with one more strategy.
DiffBench.main(extraStrategies: [Contender(AppendAware())])
