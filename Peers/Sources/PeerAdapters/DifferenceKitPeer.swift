import DiffBenchCLI
import DifferenceKit

/// DifferenceKit (ra1028): Heckel's algorithm, staged for UIKit.
///
/// Timed: `StagedChangeset(source:target:)` on `ArraySection`s, or on the
/// element arrays of a flat pair (the form its README benchmarks). Its UIKit
/// glue (`reload(using:setData:)`) gives each stage to its own
/// `performBatchUpdates`, after setting the stage's `data`: so is it judged.
///
/// - Complexity: O(*n*) expected; several stages.
public struct DifferenceKitPeer: ConvertingStrategy {
  public init() {}
  public var name: String { "differencekit" }
  /// Its move rule is its own (neither greedy rank nor minimal: the Heckel
  /// guide shows where it differs). It deletes the items of a deleted section
  /// and inserts those of an inserted one by design (1.3.0's
  /// `Sources/Algorithm.swift:274`, "Should not track element deletes in the
  /// deleted section"), re-inserting kept items there: a cost, not a crash.
  /// Its glue (`reload(using:)`, `Sources/Extensions/UIKitExtension.swift`)
  /// calls `reloadItems` inside the batch.
  public var traits: StrategyTraits { StrategyTraits(moveRule: .unspecified, reinsertsKeptItems: true, cost: .linear, updates: .reload) }

  public func prepareDiff<S: Hashable, I: Hashable, C: Equatable>(
    from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
  ) -> PreparedDiff<S, I, C> {
    if old.isFlat(with: new) {
      let section = old.section(at: 0)
      let source = old.allItems.map(DKItem.init), target = new.allItems.map(DKItem.init)
      return PreparedDiff(diff: { StagedChangeset(source: source, target: target) }) { staged in
        SnapshotDiff.Changeset.glued(
          staged.map { stage in
            let items = stage.data.map { Snapshot<S, I, C>.Item($0.id, content: $0.content) }
            return (Self.batch(stage), [Snapshot<S, I, C>.Section(section.id, content: section.content, items: items)])
          }, from: old, by: traits)
      }
    }
    let source = Self.sections(old), target = Self.sections(new)
    return PreparedDiff(diff: { StagedChangeset(source: source, target: target) }) { staged in
      SnapshotDiff.Changeset.glued(
        staged.map { stage in
          let sections = stage.data.map { Snapshot<S, I, C>.Section($0.model.id, content: $0.model.content, items: $0.elements.map { Snapshot<S, I, C>.Item($0.id, content: $0.content) }) }
          return (Self.batch(stage), sections)
        }, from: old, by: traits)
    }
  }

  static func sections<S, I, C>(_ snapshot: Snapshot<S, I, C>) -> [DKArraySection<DKSection<S, C>, DKItem<I, C>>] {
    snapshot.sections.map { DKArraySection(model: DKSection(id: $0.id, content: $0.content), elements: $0.items.map(DKItem.init)) }
  }

  /// What `reload(using:)` sends for one stage.
  static func batch<Data>(_ stage: DifferenceKit.Changeset<Data>) -> UIKitBatch {
    func path(_ p: ElementPath) -> ItemPath { ItemPath(section: p.section, item: p.element) }
    return UIKitBatch(
      deleteSections: stage.sectionDeleted, insertSections: stage.sectionInserted, reloadSections: stage.sectionUpdated,
      moveSections: stage.sectionMoved.map { ($0.source, $0.target) },
      deleteItems: stage.elementDeleted.map(path), insertItems: stage.elementInserted.map(path),
      reloadItems: stage.elementUpdated.map(path), moveItems: stage.elementMoved.map { (path($0.source), path($0.target)) })
  }
}

// Earlier releases' names, for `make peers-history` (scripts/peers-history.sh
// defines these from the release's sources): up to 0.2.0 a change of
// content is `isUpdated(from:)`; in 0.3.0 an element's id is `identifier`;
// before 0.5.0 the section type is `Section`.
#if DIFFERENCEKIT_SECTION
  typealias DKArraySection = DifferenceKit.Section
#else
  typealias DKArraySection = ArraySection
#endif

struct DKSection<ID: Hashable, Content: Equatable>: Differentiable {
  let id: ID
  let content: Content?
  #if DIFFERENCEKIT_IDENTIFIER
    var identifier: ID { id }
  #else
    var differenceIdentifier: ID { id }
  #endif
  func isContentEqual(to source: Self) -> Bool { content == source.content }
  #if DIFFERENCEKIT_IS_UPDATED
    func isUpdated(from source: Self) -> Bool { content != source.content }
  #endif
}

struct DKItem<ID: Hashable, Content: Equatable>: Differentiable {
  let id: ID
  let content: Content?
  init(_ item: SectionSnapshot<ID, Content>.Item) { (id, content) = (item.id, item.content) }
  #if DIFFERENCEKIT_IDENTIFIER
    var identifier: ID { id }
  #else
    var differenceIdentifier: ID { id }
  #endif
  func isContentEqual(to source: Self) -> Bool { content == source.content }
  #if DIFFERENCEKIT_IS_UPDATED
    func isUpdated(from source: Self) -> Bool { content != source.content }
  #endif
}
