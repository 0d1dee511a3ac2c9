import SnapshotDiff

/// How a strategy failed on a trace: the apply (from 1) and the snapshot it
/// was to reach, and what broke.
package struct TraceFailure: Error, Sendable, CustomStringConvertible {
  package var apply: Int
  package var name: String?
  package var failure: VerificationFailure

  package init(apply: Int, name: String?, failure: VerificationFailure) {
    self.apply = apply
    self.name = name
    self.failure = failure
  }

  package var description: String { "apply \(apply)" + (name.map { " (\($0))" } ?? "") + ": \(failure)" }
}

extension Verifier {
  /// Walks a trace as a device would: the state starts as the first
  /// snapshot; for each next one the strategy diffs state → next, every
  /// oracle judges that pair, and the state becomes the changeset's result
  /// (not the recorded snapshot), so an error carries forward.
  ///
  /// - Parameters:
  ///   - limits: how large a pair the slow reference oracles run on.
  ///   - updates: the UIKit judged against (``PairOracle/updates``).
  ///   - run: the strategy's call on one pair (the caller may time it or
  ///     watch it); a failure there ends the walk.
  /// - Returns: the first failure, or `nil` when every apply passed.
  /// - Throws: `CorpusError` when a line of the trace is not a snapshot: the
  ///   rest of the trace is read after a failure too, so a bad line is
  ///   reported whoever walks the file.
  package static func walk(
    _ trace: inout TraceReader, traits: StrategyTraits, limits: OracleLimits = .full, updates: UpdateKind = .reconfigure,
    run: (_ apply: Int, _ old: StringSnapshot, _ new: StringSnapshot) -> Result<StringChangeset, VerificationFailure>
  ) throws(CorpusError) -> TraceFailure? {
    try walk(&trace, traits: [traits], limits: limits, updates: updates) { _, apply, old, new in run(apply, old, new) }[0]
  }

  /// Walks a trace for several strategies at once, reading it once: at each
  /// apply, every strategy still passing diffs its own state → next, in
  /// order, and is judged by one oracle of the pair, built once for all.
  ///
  /// One oracle serves them all because a strategy's state is its own
  /// result, which equals the recorded snapshot exactly for as long as it
  /// passes (the exact-target check); one that fails stops walking there.
  ///
  /// - Parameter run: strategy `index`'s call on one pair.
  /// - Returns: each strategy's first failure, or `nil` where it passed.
  package static func walk(
    _ trace: inout TraceReader, traits: [StrategyTraits], limits: OracleLimits = .full, updates: UpdateKind = .reconfigure,
    run: (_ index: Int, _ apply: Int, _ old: StringSnapshot, _ new: StringSnapshot) -> Result<StringChangeset, VerificationFailure>
  ) throws(CorpusError) -> [TraceFailure?] {
    var found = [TraceFailure?](repeating: nil, count: traits.count)
    guard var recorded = try trace.next()?.snapshot else { return found }
    var states = [StringSnapshot](repeating: recorded, count: traits.count)
    var apply = 0
    while let next = try trace.next() {
      apply += 1
      var oracle: PairOracle?  // read on after every failure, to validate the file
      for s in traits.indices where found[s] == nil {
        switch run(s, apply, states[s], next.snapshot) {
        case .success(let changeset):
          let shared = oracle ?? PairOracle(old: recorded, new: next.snapshot, limits: limits, updates: updates)
          oracle = shared
          let judged = judge(changeset, madeBy: traits[s], oracle: shared)
          if let failure = judged.failure {
            found[s] = TraceFailure(apply: apply, name: next.name, failure: failure)
          } else {
            states[s] = judged.result!  // no failure: the stages applied
          }
        case .failure(let failure):
          found[s] = TraceFailure(apply: apply, name: next.name, failure: failure)
        }
      }
      recorded = next.snapshot
    }
    return found
  }

  /// ``walk(_:traits:run:)`` with the strategy called directly.
  package static func walk(_ strategy: Contender, _ trace: inout TraceReader) throws(CorpusError) -> TraceFailure? {
    try walk(&trace, traits: strategy.traits) { _, old, new in changeset(strategy, from: old, to: new) }
  }
}
