import SnapshotDiff

/// One diff split in three, so that a benchmark times only the algorithm.
///
/// A strategy that diffs its own types (another library's, say) converts our
/// snapshots into its input, runs its diff, then converts its output into a
/// ``Changeset``. Only the middle step is the algorithm: the call its own
/// authors benchmark. ``ConvertingStrategy/prepareDiff(from:to:)`` does the first
/// step and returns this value; ``diff()`` is the timed region; ``changeset()``
/// converts afterwards and ``discard()`` frees the output, both untimed.
///
/// A strategy that takes snapshots and makes changesets itself (this
/// library's) has nothing to prepare or convert: its ``diff()`` is
/// `changeset(from:to:)` itself (``Contender``). Every strategy is held to the same rule.
///
/// A prepared diff is used on one thread, once or many times: each
/// ``diff()`` replaces the output kept by the one before it, so call
/// ``discard()`` (or ``changeset()``) between two timed calls to keep the
/// previous output's release out of the timed region.
public struct PreparedDiff<SectionID: Hashable, ItemID: Hashable, Content: Equatable> {
  @usableFromInline let _diff: () -> Void
  @usableFromInline let _changeset: () -> (Changeset<SectionID, ItemID, Content>, GlueDataError?)?
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
    self.init(diff: diff, glue: { (convert($0), nil) })
  }

  /// A diff whose UIKit glue sets data of its own before each batch (a
  /// peer's `setData`): `convert` gives the changeset its batches make and
  /// the first stage whose data disagrees with what the stage leaves.
  @inlinable
  public init<Output>(
    diff: @escaping () -> Output,
    glue convert: @escaping (Output) -> (Changeset<SectionID, ItemID, Content>, GlueDataError?)
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
  public func changeset() -> Changeset<SectionID, ItemID, Content>? { _changeset()?.0 }

  /// The output of the last ``diff()`` as a changeset, or the first stage
  /// whose glue data disagrees with it; `nil` when there is none.
  @inlinable
  public func checkedChangeset() -> Result<Changeset<SectionID, ItemID, Content>, GlueDataError>? {
    guard let (changeset, error) = _changeset() else { return nil }
    return error.map { .failure($0) } ?? .success(changeset)
  }

  /// Releases the last output without converting it.
  @inlinable
  public func discard() { _discard() }
}

/// A strategy that diffs types of its own (another library's adapter): it
/// converts the pair in ``prepareDiff(from:to:)``, and its changeset is the
/// three steps run at once.
public protocol ConvertingStrategy: RefereedStrategy {
  /// The diff split for timing: converts the pair into the strategy's own
  /// input here; the result's `diff()` runs the algorithm alone.
  func prepareDiff<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> PreparedDiff<SectionID, ItemID, Content>
}

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

/// The data a strategy's UIKit glue sets before a batch disagrees with what
/// the batch leaves on screen: UIKit counts the data source against the
/// batch, so a count that differs raises; an id twice with every count
/// right is shown as the data says, an item twice on screen.
public struct GlueDataError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The stage (0-based) whose data disagrees.
  public var stage: Int
  /// What disagrees, in UIKit's words.
  public var problem: Problem

  public enum Problem: Hashable, Sendable {
    /// A section or item count differs: UIKit's "invalid number of items
    /// in section …", `NSInternalInconsistencyException`.
    case count(String)
    /// Every count agrees, but the data is no snapshot (an id twice).
    case ids(String)
  }

  public init(stage: Int, problem: Problem) { (self.stage, self.problem) = (stage, problem) }

  public var description: String {
    switch problem {
    case .count(let text), .ids(let text): return "stage \(stage): \(text)"
    }
  }
}

/// Where a prepared diff keeps its output between the timed call and the conversion.
@usableFromInline
final class _OutputBox<Output> {
  @usableFromInline var output: Output?
  @inlinable init() {}
}
