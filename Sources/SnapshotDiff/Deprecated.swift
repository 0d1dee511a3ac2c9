// The names of the previous release, kept for one release: top-level
// `Section` sat beside the `enum Section` that diffable-data-source apps declare.

@available(*, deprecated, renamed: "Snapshot.Item")
public typealias Item<ID: Hashable, Content: Equatable> = SnapshotItem<ID, Content>

@available(*, deprecated, renamed: "Snapshot.Section")
public typealias Section<ID: Hashable, ItemID: Hashable, Content: Equatable> = SnapshotSection<ID, ItemID, Content>

@available(*, deprecated, renamed: "Stage.Move")
public typealias Move<Position: Hashable> = StageMove<Position>
