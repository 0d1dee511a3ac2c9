/// A diff algorithm: given an old and a new snapshot, the changeset from one to
/// the other.
///
/// Strategies differ in how they match old items to new ones and which kept
/// items they call moved: most produce a ``Matching`` and hand it to
/// ``Changeset/init(from:to:matching:)``, which turns it into valid stages
/// (a ``MatchingStrategy`` implements only ``MatchingStrategy/matching(from:to:)``).
///
/// Conformers implement `changeset(from:to:)` as `@inlinable`, so that a caller
/// with concrete types gets a specialized copy rather than generic dispatch.
public protocol DiffStrategy: Sendable {
  /// The strategy's fixed name, a key in reports.
  var name: String { get }

  /// The stages that turn `old` into `new`, valid under the batch update rules.
  func changeset<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> Changeset<SectionID, ItemID, Content>
}

/// A strategy that decides a ``Matching`` and lets the shared stage plan turn
/// it into stages: all of this library's strategies are.
public protocol MatchingStrategy: DiffStrategy {
  /// Which old section and item each new one continues, and which are moved.
  func matching<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> Matching
}

extension MatchingStrategy {
  /// The changeset of this strategy's matching (see ``Changeset/init(from:to:matching:)``).
  ///
  /// A list filled from empty or emptied whose sections stay as they are
  /// (the same ids, order and contents, none marked) asks for no matching:
  /// every item is inserted, or deleted, in one stage, the changeset any
  /// matching that keeps those sections gives.
  @inlinable
  public func changeset<SectionID: Hashable, ItemID: Hashable, Content: Equatable>(
    from old: Snapshot<SectionID, ItemID, Content>,
    to new: Snapshot<SectionID, ItemID, Content>
  ) -> Changeset<SectionID, ItemID, Content> {
    Changeset._filledOrEmptied(from: old, to: new) ?? Changeset(from: old, to: new, matching: matching(from: old, to: new))
  }
}
