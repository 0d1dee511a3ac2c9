/// The difference between two snapshots as an ordered list of stages.
///
/// Stage *k*+1 applies to the result of stage *k*; applying all of them to the
/// old snapshot gives the new one exactly. An empty changeset means the two
/// snapshots are equal. ``updates`` says how a collection view performs its
/// item updates: in place, or as reloads (a delete and an insert).
public struct Changeset<SectionID: Hashable, ItemID: Hashable, Content: Equatable> {
  public var stages: [Stage]
  /// How its item updates are performed; section updates are reloads either way.
  public var updates: BatchUpdate.UpdateKind

  @inlinable public init(stages: [Stage] = [], updates: BatchUpdate.UpdateKind = .reconfigure) {
    self.stages = stages
    self.updates = updates
  }
}

extension Changeset: Equatable {
  // Inlinable, as the stage's comparisons are (Stage.swift).
  @inlinable public static func == (a: Self, b: Self) -> Bool { a.updates == b.updates && a.stages == b.stages }
}
extension Changeset: Sendable where SectionID: Sendable, ItemID: Sendable, Content: Sendable {}

extension Changeset {
  /// Applies every stage in turn, its updates performed as ``updates`` says
  /// (``Changeset/Stage/apply(to:updates:)``).
  ///
  /// - Throws: ``Changeset/Error`` naming the first stage that breaks a rule.
  @inlinable
  public func apply(to snapshot: Snapshot<SectionID, ItemID, Content>) throws
    -> Snapshot<SectionID, ItemID, Content>
  {
    var state = snapshot
    for (k, stage) in stages.enumerated() {
      do {
        state = try stage.apply(to: state, updates: updates)
      } catch let error as Stage.Error {
        throw Changeset.Error(stage: k, error: error)
      }
    }
    return state
  }
}

extension Changeset {
  /// A stage of a changeset broke a rule.
  public struct Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
    /// The stage, counted from 0.
    public var stage: Int
    public var error: Stage.Error
    @inlinable public init(stage: Int, error: Stage.Error) { self.stage = stage; self.error = error }
    public var description: String { "stage \(stage): \(error)" }
  }
}
