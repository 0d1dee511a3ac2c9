/// The difference between two snapshots as an ordered list of stages.
///
/// Stage *k*+1 applies to the result of stage *k*; applying all of them to the
/// old snapshot gives the new one exactly. An empty changeset means the two
/// snapshots are equal. ``updates`` says how a collection view performs its
/// item updates: in place, or as reloads (a delete and an insert).
public struct Changeset<SectionID: Hashable, ItemID: Hashable, Content: Equatable> {
  public typealias Stage = SnapshotDiff.Stage<SectionID, ItemID, Content>
  public var stages: [Stage]
  /// How its item updates are performed; section updates are reloads either way.
  public var updates: UpdateKind

  @inlinable public init(stages: [Stage] = [], updates: UpdateKind = .reconfigure) {
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
  /// Totals over all stages: what the CSV report and `compare` count.
  package struct Counts: Hashable, Sendable {
    package var stages = 0
    package var sectionOperations = 0
    package var deletes = 0
    package var inserts = 0
    package var moves = 0
    package var updates = 0
    package init() {}

    /// Adds another changeset's counts (a session's applies, summed).
    package static func += (total: inout Counts, other: Counts) {
      total.stages += other.stages
      total.sectionOperations += other.sectionOperations
      total.deletes += other.deletes
      total.inserts += other.inserts
      total.moves += other.moves
      total.updates += other.updates
    }
  }

  /// Item operation totals (section operations counted apart).
  ///
  /// - Complexity: O(*s*) for *s* stages.
  package var counts: Counts {
    var c = Counts()
    c.stages = stages.count
    for stage in stages {
      c.sectionOperations += stage.sectionOperationCount
      c.deletes += stage.itemDeletes.count
      c.inserts += stage.itemInserts.count
      c.moves += stage.itemMoves.count
      c.updates += stage.itemUpdates.count
    }
    return c
  }

  /// Applies every stage in turn, its updates performed as ``updates`` says
  /// (``Stage/apply(to:updates:)``).
  ///
  /// - Throws: ``ChangesetError`` naming the first stage that breaks a rule.
  @inlinable
  public func apply(to snapshot: Snapshot<SectionID, ItemID, Content>) throws(ChangesetError)
    -> Snapshot<SectionID, ItemID, Content>
  {
    var state = snapshot
    for (k, stage) in stages.enumerated() {
      do {
        state = try stage.apply(to: state, updates: updates)
      } catch {
        throw ChangesetError(stage: k, error: error)
      }
    }
    return state
  }
}

/// A stage of a changeset broke a rule.
public struct ChangesetError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The stage, counted from 0.
  public var stage: Int
  public var error: StageError
  @inlinable public init(stage: Int, error: StageError) { self.stage = stage; self.error = error }
  public var description: String { "stage \(stage): \(error)" }
}
