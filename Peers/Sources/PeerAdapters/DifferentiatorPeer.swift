import DiffBenchCLI
import Differentiator

/// RxDataSources' `Differentiator` (RxSwiftCommunity): staged section and item diffs.
///
/// Timed: `Diff.differencesForSectionedView(initialSections:finalSections:)`.
/// Its UIKit glue (`batchUpdates(_:animationConfiguration:)`) gives each
/// changeset its own batch, after setting its `finalSections`: section
/// deletes, inserts and moves, item deletes, inserts, reloads and moves. It
/// sends no section reloads. So is it judged.
///
/// - Complexity: O(*n*) expected; several stages.
public struct DifferentiatorPeer: ConvertingStrategy {
  public init() {}
  public var name: String { "differentiator" }
  /// It re-inserts the items of a deleted section by design (5.0.2's
  /// `Sources/Differentiator/Diff.swift:489`, "In case trying to move from
  /// deleted section, abort, otherwise it will crash table view"); its glue
  /// calls `reloadRows` / `reloadItems` inside the batch
  /// (`Sources/RxDataSources/UI+SectionedViewType.swift:37`, `:71`).
  public var traits: StrategyTraits { StrategyTraits(moveRule: .unspecified, reinsertsKeptItems: true, cost: .linear, updates: .reload) }

  public func prepareDiff<S: Hashable, I: Hashable, C: Equatable>(
    from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
  ) -> PreparedDiff<S, I, C> {
    let source = Self.sections(old), target = Self.sections(new)
    return PreparedDiff(diff: { Result { try Diff.differencesForSectionedView(initialSections: source, finalSections: target) } }) {
      result in
      // It throws only on an id given twice, which a snapshot cannot hold:
      // should it throw, nothing is sent, and the check says what is missing.
      guard case .success(let changes) = result else { return (SnapshotDiff.Changeset(), nil) }
      func path(_ p: Differentiator.ItemPath) -> SnapshotDiff.ItemPath { .init(section: p.sectionIndex, item: p.itemIndex) }
      return SnapshotDiff.Changeset.glued(
        changes.map { change in
          let sections = change.finalSections.map { Snapshot<S, I, C>.Section($0.model.id, content: $0.model.content, items: $0.items.map { Snapshot<S, I, C>.Item($0.id, content: $0.content) }) }
          let batch = UIKitBatch(
            deleteSections: change.deletedSections, insertSections: change.insertedSections, moveSections: change.movedSections,
            deleteItems: change.deletedItems.map(path), insertItems: change.insertedItems.map(path),
            reloadItems: change.updatedItems.map(path), moveItems: change.movedItems.map { (path($0.from), path($0.to)) })
          return (batch, sections)
        }, from: old, by: traits)
    }
  }

  static func sections<S, I, C>(_ snapshot: Snapshot<S, I, C>) -> [AnimatableSectionModel<RxSection<S, C>, RxItem<I, C>>] {
    snapshot.sections.map { AnimatableSectionModel(model: RxSection(id: $0.id, content: $0.content), items: $0.items.map(RxItem.init)) }
  }
}

struct RxSection<ID: Hashable, Content: Equatable>: IdentifiableType, Equatable {
  let id: ID
  let content: Content?
  var identity: ID { id }
}

struct RxItem<ID: Hashable, Content: Equatable>: IdentifiableType, Equatable {
  let id: ID
  let content: Content?
  init(_ item: SectionSnapshot<ID, Content>.Item) { (id, content) = (item.id, item.content) }
  var identity: ID { id }
}
