import SnapshotDiff

/// ``FewestStages`` and each strategy's stage count held to the exhaustive
/// ``StageSearch`` on every pair up to a size (``SmallPairs``): what
/// `diffbench stages` prints.
package struct StageProof: Sendable {
  package struct Tally: Sendable {
    package var name: String
    /// Changesets judged (a flat strategy skips pairs with sections).
    package var changesets = 0
    /// Where the oracle's count is not the search's: a fault of the oracle.
    package var oracleWrong: [String] = []
    /// Where the changeset uses more stages than the search found.
    package var extraStages: [String] = []
    /// Changesets that break a rule or miss the target.
    package var invalid: [String] = []
    /// How many of each there were (the lists keep a few).
    package var oracleWrongCount = 0, extraStagesCount = 0, invalidCount = 0
    /// Changesets the search cannot judge (an item or section moved twice, or over ``StageSearch/maximumAtoms`` operations).
    package var unsearched = 0
    /// Changesets by their stage count (index), and by the fewest (the search's).
    package var byStages: [Int] = [], byFewest: [Int] = []
  }

  package var pairs = 0
  package var tallies: [Tally]

  /// Examples kept per list.
  static let examples = 5

  package init(sections: Int, items: Int, strategies: [Contender]) {
    tallies = strategies.map { Tally(name: $0.name) }
    var tallies = self.tallies
    pairs = SmallPairs.forEach(sections: sections, items: items) { old, new in
      let oracle = PairOracle(old: old, new: new)
      for (k, strategy) in strategies.enumerated() where strategy.traits.handles(old, new) {
        guard case .success(let changeset) = Verifier.changeset(strategy, from: old, to: new) else { continue }
        tallies[k].changesets += 1
        if let failure = Verifier.check(changeset, from: old, to: new) {
          tallies[k].invalidCount += 1
          if tallies[k].invalid.count < Self.examples { tallies[k].invalid.append("\(Self.text(old)) → \(Self.text(new)): \(failure)") }
          continue
        }
        guard let searched = StageSearch.fewestStages(changeset, from: old, to: new) else {
          tallies[k].unsearched += 1
          continue
        }
        func count(_ n: Int, in list: inout [Int]) {
          if list.count <= n { list += Array(repeating: 0, count: n + 1 - list.count) }
          list[n] += 1
        }
        count(changeset.stages.count, in: &tallies[k].byStages)
        count(searched, in: &tallies[k].byFewest)
        let fewest = Verifier.fewestStages(changeset, oracle: oracle)
        // The oracle searches up to the changeset's count: below it, it must be exact.
        if fewest != searched && !(searched >= changeset.stages.count && fewest == changeset.stages.count) {
          tallies[k].oracleWrongCount += 1
          let line = "\(Self.text(old)) → \(Self.text(new)): oracle \(fewest.map(String.init) ?? "none"), search \(searched)"
          if tallies[k].oracleWrong.count < Self.examples { tallies[k].oracleWrong.append(line) }
        }
        if changeset.stages.count > searched { tallies[k].extraStagesCount += 1 }
        if changeset.stages.count > searched && tallies[k].extraStages.count < Self.examples {
          tallies[k].extraStages.append("\(Self.text(old)) → \(Self.text(new)): \(changeset.stages.count) stages, \(searched) do")
        }
      }
    }
    self.tallies = tallies
  }

  /// `[A: a b'] [B]`: a quote marks content that is not the default.
  static func text(_ s: StringSnapshot) -> String {
    if s.numberOfSections == 0 { return "[]" }
    return s.sections.map { section in
      let items = section.items.map { $0.id + ($0.content == "0" ? "" : "'") }
      let head = section.id + (section.content == nil ? "" : "'")
      return "[" + ([head + (items.isEmpty ? "" : ":")] + items).joined(separator: " ") + "]"
    }.joined(separator: " ")
  }
}
