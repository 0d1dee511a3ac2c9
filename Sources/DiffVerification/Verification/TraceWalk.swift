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
  ///   - run: the strategy's call on one pair (the caller may time it or
  ///     watch it); a failure there ends the walk.
  ///   - applied: called after each apply that passed, with its number.
  /// - Returns: the first failure, or `nil` when every apply passed.
  /// - Throws: `CorpusError` when a line of the trace is not a snapshot: the
  ///   rest of the trace is read after a failure too, so a bad line is
  ///   reported whoever walks the file.
  public static func walk(
    _ trace: inout TraceReader, traits: StrategyTraits,
    run: (_ apply: Int, _ old: StringSnapshot, _ new: StringSnapshot) -> Result<StringChangeset, VerificationFailure>,
    applied: (Int) -> Void = { _ in }
  ) throws(CorpusError) -> TraceFailure? {
    try walk(next: { () throws(CorpusError) in try trace.next() }, traits: traits, run: run, applied: applied)
  }

  /// ``walk(_:traits:run:applied:)`` over snapshots already in memory.
  public static func walk(
    _ snapshots: [TraceSnapshot], traits: StrategyTraits,
    run: (_ apply: Int, _ old: StringSnapshot, _ new: StringSnapshot) -> Result<StringChangeset, VerificationFailure>
  ) -> TraceFailure? {
    var k = 0
    let next = { () -> TraceSnapshot? in
      defer { k += 1 }
      return k < snapshots.count ? snapshots[k] : nil
    }
    return try! walk(next: { () throws(CorpusError) in next() }, traits: traits, run: run, applied: { _ in })  // nothing to read: cannot throw
  }

  static func walk(
    next: () throws(CorpusError) -> TraceSnapshot?, traits: StrategyTraits,
    run: (_ apply: Int, _ old: StringSnapshot, _ new: StringSnapshot) -> Result<StringChangeset, VerificationFailure>,
    applied: (Int) -> Void
  ) throws(CorpusError) -> TraceFailure? {
    guard var state = try next()?.snapshot else { return nil }
    var apply = 0
    var found: TraceFailure?
    while let next = try next() {
      apply += 1
      guard found == nil else { continue }  // read on, to validate the file
      switch run(apply, state, next.snapshot) {
      case .success(let changeset):
        let (failure, result) = judge(changeset, madeBy: traits, oracle: PairOracle(old: state, new: next.snapshot))
        if let failure {
          found = TraceFailure(apply: apply, name: next.name, failure: failure)
        } else {
          state = result!  // no failure: the stages applied
          applied(apply)
        }
      case .failure(let failure):
        found = TraceFailure(apply: apply, name: next.name, failure: failure)
      }
    }
    return found
  }

  /// ``walk(_:traits:run:applied:)`` with the strategy called directly.
  public static func walk(_ strategy: any DiffStrategy, _ trace: inout TraceReader) throws(CorpusError) -> TraceFailure? {
    try walk(&trace, traits: strategy.traits) { _, old, new in changeset(strategy, from: old, to: new) }
  }
}
