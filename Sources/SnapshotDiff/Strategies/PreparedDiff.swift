/// One diff split in three, so that a benchmark times only the algorithm.
///
/// A strategy that diffs its own types (another library's, say) converts our
/// snapshots into its input, runs its diff, then converts its output into a
/// ``Changeset``. Only the middle step is the algorithm: the call its own
/// authors benchmark. ``DiffStrategy/prepareDiff(from:to:)`` does the first
/// step and returns this value; ``diff()`` is the timed region; ``changeset()``
/// converts afterwards and ``discard()`` frees the output, both untimed.
///
/// This library's strategies take snapshots and make changesets themselves:
/// their preparation and conversion are empty, and ``diff()`` is
/// `changeset(from:to:)` itself. Every strategy is held to the same rule.
///
/// A prepared diff is used on one thread, once or many times: each
/// ``diff()`` replaces the output kept by the one before it, so call
/// ``discard()`` (or ``changeset()``) between two timed calls to keep the
/// previous output's release out of the timed region.
public struct PreparedDiff<SectionID: Hashable, ItemID: Hashable, Content: Equatable> {
  @usableFromInline let _diff: () -> Void
  @usableFromInline let _changeset: () -> Changeset<SectionID, ItemID, Content>?
  @usableFromInline let _discard: () -> Void

  /// - Parameters:
  ///   - diff: the strategy's own diff on the input already prepared (the
  ///     closure captures it): the timed call.
  ///   - convert: the last output as a changeset, in UIKit's batch-update
  ///     terms, the way the strategy's own UIKit glue would apply it.
  @inlinable
  public init<Output>(
    diff: @escaping () -> Output, changeset convert: @escaping (Output) -> Changeset<SectionID, ItemID, Content>
  ) {
    let box = _OutputBox<Output>()
    _diff = { box.output = diff() }
    _changeset = {
      guard let output = box.output else { return nil }
      box.output = nil
      return convert(output)
    }
    _discard = { box.output = nil }
  }

  /// Runs the diff and keeps its output: the region a benchmark times.
  @inlinable
  public func diff() { _diff() }

  /// The output of the last ``diff()`` as a changeset, then released; `nil`
  /// when there is none (not run yet, or already taken).
  @inlinable
  public func changeset() -> Changeset<SectionID, ItemID, Content>? { _changeset() }

  /// Releases the last output without converting it.
  @inlinable
  public func discard() { _discard() }
}

/// A strategy that diffs types of its own (another library's adapter): it
/// implements ``DiffStrategy/prepareDiff(from:to:)``, and its changeset is
/// the three steps run at once.
public protocol ConvertingStrategy: DiffStrategy {}

extension ConvertingStrategy {
  /// Prepares, diffs and converts, untimed.
  @inlinable
  public func changeset<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> Changeset<SectionID, ItemID, Content> {
    let prepared = prepareDiff(from: old, to: new)
    prepared.diff()
    return prepared.changeset() ?? Changeset()  // never nil after diff()
  }
}

/// Where a prepared diff keeps its output between the timed call and the conversion.
@usableFromInline
final class _OutputBox<Output> {
  @usableFromInline var output: Output?
  @inlinable init() {}
}
