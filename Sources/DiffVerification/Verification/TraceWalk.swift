import SnapshotDiff

/// How a strategy failed on a trace: the apply (from 1) and the snapshot it
/// was to reach, and what broke.
public struct TraceFailure: Error, Sendable, CustomStringConvertible {
  public var apply: Int
  public var name: String?
  public var failure: VerificationFailure

  public init(apply: Int, name: String?, failure: VerificationFailure) {
    self.apply = apply
    self.name = name
    self.failure = failure
  }

  public var description: String { "apply \(apply)" + (name.map { " (\($0))" } ?? "") + ": \(failure)" }
}

extension Verifier {
  /// Walks a trace as a device would: the state starts as the first
  /// snapshot; for each next one the strategy diffs state → next, every
  /// oracle judges that pair, and the state becomes the changeset's result
  /// (not the recorded snapshot), so an error carries forward.
  ///
  /// - Parameters:
  ///   - limits: how large a pair the slow reference oracles run on.
  ///   - run: the strategy's call on one pair (the caller may time it or
  ///     watch it); a failure there ends the walk.
  /// - Returns: the first failure, or `nil` when every apply passed.
  /// - Throws: `CorpusError` when a line of the trace is not a snapshot: the
  ///   rest of the trace is read after a failure too, so a bad line is
  ///   reported whoever walks the file.
  public static func walk(
    _ trace: inout TraceReader, traits: StrategyTraits, limits: OracleLimits = .full,
    run: (_ apply: Int, _ old: StringSnapshot, _ new: StringSnapshot) -> Result<StringChangeset, VerificationFailure>
  ) throws(CorpusError) -> TraceFailure? {
    guard var state = try trace.next()?.snapshot else { return nil }
    var apply = 0
    var found: TraceFailure?
    while let next = try trace.next() {
      apply += 1
      guard found == nil else { continue }  // read on, to validate the file
      switch run(apply, state, next.snapshot) {
      case .success(let changeset):
        let (failure, result) = judge(changeset, madeBy: traits, oracle: PairOracle(old: state, new: next.snapshot, limits: limits))
        if let failure {
          found = TraceFailure(apply: apply, name: next.name, failure: failure)
        } else {
          state = result!  // no failure: the stages applied
        }
      case .failure(let failure):
        found = TraceFailure(apply: apply, name: next.name, failure: failure)
      }
    }
    return found
  }

  /// ``walk(_:traits:run:)`` with the strategy called directly.
  public static func walk(_ strategy: any DiffStrategy, _ trace: inout TraceReader) throws(CorpusError) -> TraceFailure? {
    try walk(&trace, traits: strategy.traits) { _, old, new in changeset(strategy, from: old, to: new) }
  }
}
