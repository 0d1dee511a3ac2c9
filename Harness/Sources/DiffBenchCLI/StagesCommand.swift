import ArgumentParser
import DiffVerification
import SnapshotDiff

struct StagesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stages",
    abstract: "Prove the fewest-stages oracle, and each strategy's stage count, on every small pair.",
    discussion: """
      Every pair of at most --sections sections and --items items a side (once up to renaming, with \
      every combination of content changes) is diffed by each strategy; the stage-count oracle that \
      verify and fuzz use is compared with an exhaustive search over the ways to split the \
      changeset's operations into stages, and the changeset's own count with both. Prints, per \
      strategy, changesets by stage count and by the fewest, and up to five pairs for each \
      disagreement.
      Exit status: 0 the oracle matches the search everywhere and no strategy uses more stages than \
      needed, 1 otherwise, 2 usage.
      """)

  @Option(help: "Sections a side, at most (1-3).") var sections = 2
  @Option(help: "Items a side, at most (0-4).") var items = 3
  @OptionGroup var strategies: StrategyOptions

  func validate() throws {
    guard (1...3).contains(sections) else { throw ValidationError("--sections must be 1 to 3, not \(sections)") }
    guard (0...4).contains(items) else { throw ValidationError("--items must be 0 to 4, not \(items)") }
  }

  func run() throws {
    let proof = StageProof(sections: sections, items: items, strategies: strategies.selected)
    print("stages: \(proof.pairs) pairs of at most \(sections) sections and \(items) items a side")
    var faults = 0
    for tally in proof.tallies {
      func list(_ counts: [Int]) -> String {
        counts.enumerated().filter { $0.element > 0 }.map { "\($0.offset): \($0.element)" }.joined(separator: ", ")
      }
      print("\(tally.name): \(tally.changesets) changesets; stages \(list(tally.byStages)); fewest \(list(tally.byFewest)); unsearched \(tally.unsearched); invalid \(tally.invalidCount), oracle wrong \(tally.oracleWrongCount), more stages than needed \(tally.extraStagesCount)")
      for line in tally.invalid { print("  invalid: \(line)") }
      for line in tally.oracleWrong { print("  oracle wrong: \(line)") }
      for line in tally.extraStages { print("  more stages than needed: \(line)") }
      faults += tally.invalidCount + tally.oracleWrongCount + tally.extraStagesCount
    }
    if faults > 0 { throw ExitCode(1) }
  }
}
