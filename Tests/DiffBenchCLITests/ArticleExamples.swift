// Generated from the articles' examples by ArticleExamplesTests
// (`make article-examples`): edit the article, not this file.
// swift-format-ignore-file
import DiffBenchCLI
import SnapshotDiff

/// README.md, example 1.
enum READMEExample1 {
  struct AppendAware: MatchingStrategy {
    var name: String { "append-aware" }
    func matching<S: Hashable, I: Hashable, C: Equatable>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Matching {
      Hashmap().matching(from: old, to: new)  // yours here
    }
  }

  static func run() throws {
    DiffBench.main(extraStrategies: [Contender(AppendAware())])  // verify, fuzz, bench, compare: all of them know it
  }
}

/// Sources/DiffBenchCLI/DiffBenchCLI.docc/RacingYourStrategy.md, example 1.
enum RacingYourStrategyExample1 {
  struct MyDiff: MatchingStrategy, RefereedStrategy {
    var name: String { "my-diff" }
    // What the harness holds it to (without RefereedStrategy: valid changesets only).
    var traits: StrategyTraits { StrategyTraits(moveRule: .minimal, cost: .linear) }
    @inlinable
    func matching<S: Hashable, I: Hashable, C: Equatable>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Matching {
      Hashmap().matching(from: old, to: new)  // yours here
    }
  }

  static func run() throws {
    // Package.swift: .product(name: "DiffBenchCLI", package: "SnapshotDiff")


    DiffBench.main(extraStrategies: [Contender(MyDiff())])
  }
}
