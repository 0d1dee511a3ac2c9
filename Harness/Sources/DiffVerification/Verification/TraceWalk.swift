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
    _ trace: inout TraceReader, traits: StrategyTraits, limits: OracleLimits = .full, updates: BatchUpdate.UpdateKind = .reconfigure,
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
  /// The same fact lets a trace be cut into shares of its applies, walked
  /// side by side (`applies`): every passing strategy's state before a
  /// share's first apply is the recorded snapshot there, so a strategy's
  /// first failure is the first found in the earliest share. A share after
  /// the first also walks the apply before it first, unreported (it is the
  /// share before's), so that its first apply too diffs from the strategy's
  /// own result, as in a walk of the whole trace.
  ///
  /// - Parameters:
  ///   - applies: only these applies (from 1) are judged; the lines before
  ///     the one they start from are passed over unread, the lines after
  ///     the last are not read. `nil`: every apply.
  ///   - run: strategy `index`'s call on one pair.
  /// - Returns: each strategy's first failure, or `nil` where it passed.
  package static func walk(
    _ trace: inout TraceReader, traits: [StrategyTraits], limits: OracleLimits = .full, updates: BatchUpdate.UpdateKind = .reconfigure,
    applies: ClosedRange<Int>? = nil,
    run: (_ index: Int, _ apply: Int, _ old: StringSnapshot, _ new: StringSnapshot) -> Result<StringChangeset, VerificationFailure>
  ) throws(CorpusError) -> [TraceFailure?] {
    var found = [TraceFailure?](repeating: nil, count: traits.count)
    // Strategies still walking: one that fails stops, reported or not.
    var walking = [Bool](repeating: true, count: traits.count)
    let judged = applies ?? 1...Int.max
    var apply = max(0, judged.lowerBound - 2)  // the apply before the first judged one is walked too
    guard trace.skip(apply) == apply, var recorded = try trace.next()?.snapshot else { return found }
    var states = [StringSnapshot](repeating: recorded, count: traits.count)
    while apply < judged.upperBound, let next = try trace.next() {
      apply += 1
      var oracle: PairOracle?  // read on after every failure, to validate the file
      for s in traits.indices where walking[s] {
        var failure: VerificationFailure?
        switch run(s, apply, states[s], next.snapshot) {
        case .success(let changeset):
          let shared = oracle ?? PairOracle(old: recorded, new: next.snapshot, limits: limits, updates: updates)
          oracle = shared
          let judgement = judge(changeset, madeBy: traits[s], oracle: shared, withResult: true)
          failure = judgement.failure
          if failure == nil { states[s] = judgement.result! }  // no failure: the stages applied
        case .failure(let broken):
          failure = broken
        }
        guard let failure else { continue }
        walking[s] = false
        if judged.contains(apply) { found[s] = TraceFailure(apply: apply, name: next.name, failure: failure) }
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
