extension Changeset {
  /// One batch update, with `performBatchUpdates` semantics.
  ///
  /// Deletes, move sources and updates are in the coordinates of the state
  /// before the stage; inserts and move destinations in those of the state after
  /// it. Updates replace content at their old position. The rules a stage must
  /// keep are those of ``BatchUpdate/Error``, checked by
  /// ``Changeset/Stage/apply(to:)``.
  public struct Stage {
    public typealias Item = SectionSnapshot<ItemID, Content>.Item
    public typealias Section = Snapshot<SectionID, ItemID, Content>.Section
    /// A section move (`Move<Int>`) or an item move (`Move<ItemPath>`).
    public typealias Move<Position: Hashable> = BatchUpdate.Move<Position>

    public struct SectionInsert {
      public var index: Int
      public var section: Section
      @inlinable public init(index: Int, section: Section) { self.index = index; self.section = section }
    }
    public struct SectionUpdate {
      public var index: Int
      public var content: Content?
      @inlinable public init(index: Int, content: Content?) { self.index = index; self.content = content }
    }
    public struct ItemInsert {
      public var path: ItemPath
      public var item: Item
      @inlinable public init(path: ItemPath, item: Item) { self.path = path; self.item = item }
    }
    public struct ItemUpdate {
      public var path: ItemPath
      public var content: Content?
      @inlinable public init(path: ItemPath, content: Content?) { self.path = path; self.content = content }
    }

    public var sectionDeletes: [Int] = []
    public var sectionInserts: [SectionInsert] = []
    public var sectionMoves: [BatchUpdate.Move<Int>] = []
    public var sectionUpdates: [SectionUpdate] = []
    public var itemDeletes: [ItemPath] = []
    /// Read and edited as an array is (``ItemInserts``).
    public var itemInserts: ItemInserts = []
    public var itemMoves: [BatchUpdate.Move<ItemPath>] = []
    public var itemUpdates: [ItemUpdate] = []

    @inlinable public init() {}

    @inlinable
    public var isEmpty: Bool {
      sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty
        && sectionUpdates.isEmpty && itemDeletes.isEmpty && itemInserts.isEmpty
        && itemMoves.isEmpty && itemUpdates.isEmpty
    }

    /// Section deletes, inserts, moves and updates.
    @inlinable
    public var sectionOperationCount: Int {
      sectionDeletes.count + sectionInserts.count + sectionMoves.count + sectionUpdates.count
    }
  }
}

// Written out and inlinable, these comparisons are specialized where they
// are called: derived, they are generic code that compares each element
// through runtime metadata (an item update cost 1,500 instructions where a
// verify compared two changesets, profiled).
extension Changeset.Stage.SectionInsert: Equatable {
  @inlinable public static func == (a: Self, b: Self) -> Bool { a.index == b.index && a.section == b.section }
}
extension Changeset.Stage.SectionUpdate: Equatable {
  @inlinable public static func == (a: Self, b: Self) -> Bool { a.index == b.index && a.content == b.content }
}
extension Changeset.Stage.ItemInsert: Equatable {
  @inlinable public static func == (a: Self, b: Self) -> Bool { a.path == b.path && a.item == b.item }
}
extension Changeset.Stage.ItemUpdate: Equatable {
  @inlinable public static func == (a: Self, b: Self) -> Bool { a.path == b.path && a.content == b.content }
}
extension Changeset.Stage: Equatable {
  @inlinable public static func == (a: Self, b: Self) -> Bool {
    a.sectionDeletes == b.sectionDeletes && a.sectionInserts == b.sectionInserts && a.sectionMoves == b.sectionMoves
      && a.sectionUpdates == b.sectionUpdates && a.itemDeletes == b.itemDeletes && a.itemInserts == b.itemInserts
      && a.itemMoves == b.itemMoves && a.itemUpdates == b.itemUpdates
  }
}
extension Changeset.Stage.SectionInsert: Sendable where SectionID: Sendable, ItemID: Sendable, Content: Sendable {}
extension Changeset.Stage.SectionUpdate: Sendable where Content: Sendable {}
extension Changeset.Stage.ItemInsert: Sendable where ItemID: Sendable, Content: Sendable {}
extension Changeset.Stage.ItemUpdate: Sendable where Content: Sendable {}
extension Changeset.Stage: Sendable where SectionID: Sendable, ItemID: Sendable, Content: Sendable {}
