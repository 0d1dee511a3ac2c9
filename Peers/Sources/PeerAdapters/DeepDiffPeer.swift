import DeepDiff
import DiffBenchCLI

/// DeepDiff (onmyway133): Heckel's algorithm on flat lists (Wagner–Fischer
/// in 1.0.0).
///
/// Timed: `diff(old:new:)`. Its UIKit glue (`reload(changes:section:updateData:)`)
/// sends deletes, inserts and moves in one `performBatchUpdates`, then its
/// replaces to `reloadItems` after the batch, on the state the batch left:
/// two stages where there are both, and so is it judged.
///
/// - Complexity: O(*n*) expected; O(*n* · *m*) time and memory in 1.0.0.
public struct DeepDiffPeer: ConvertingStrategy {
  public init() {}
  public var name: String { "deepdiff" }
  public var traits: StrategyTraits {
    // `reloadItems` after the batch (2.3.3's `Sources/iOS/UICollectionView+Extensions.swift:36`,
    // "reloadRows needs to be called outside the batch"): a batch of its own.
    #if DEEPDIFF_WAGNER_FISCHER
    // 1.0.0's `diff(old:new:)` is Wagner–Fischer: its table is n·m, and the
    // bench's calibration pair (100,000 items a side) had it killed for memory.
    let cost = StrategyTraits.Cost.productOfSizes
    #else
    let cost = StrategyTraits.Cost.linear
    #endif
    return StrategyTraits(moveRule: .unspecified, reinsertsKeptItems: false, cost: cost, handlesSections: false, updates: .reload)
  }

  public func prepareDiff<S: Hashable, I: Hashable, C: Equatable>(
    from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>
  ) -> PreparedDiff<S, I, C> {
    let source = old.allItems.map(DDItem.init), target = new.allItems.map(DDItem.init)
    return PreparedDiff(diff: { DeepDiff.diff(old: source, new: target) }) { changes in
      // IndexPathConverter's conversion (iOS only in DeepDiff), section 0.
      func path(_ k: Int) -> ItemPath { ItemPath(section: 0, item: k) }
      var inside = UIKitBatch(
        deleteItems: changes.compactMap { $0.delete.map { path($0.index) } },
        insertItems: changes.compactMap { $0.insert.map { path($0.index) } },
        moveItems: changes.compactMap { $0.move.map { (path($0.fromIndex), path($0.toIndex)) } })
      #if DEEPDIFF_HASHABLE
      // 1.0.0's Wagner–Fischer also replaces one item by another of a
      // different id (1.x's Heckel only an item of the same hash). Its glue
      // reloads the row right after the batch, in the same call (1.0.0's
      // `Sources/iOS/UITableView+Extensions.swift`, `reload(changes:completion:)`:
      // `reloadRows` follows `performBatchUpdates`), and UIKit asks the data
      // source for a new cell for it (Apple's `reloadRows(at:with:)`): the
      // new item shows, and no frame shows the old one beside an inserted
      // copy of its id (reverse.json: "4" inserted at 2 while the old "4" at
      // 4 waits for its reload). So the old row leaves and the new item comes
      // in the batch, and the reload after it is kept as a stage of its own:
      // two calls, as the glue makes.
      let replaces = changes.compactMap(\.replace)
      let other = replaces.filter { $0.oldItem.id != $0.newItem.id }.map(\.index)
      if !other.isEmpty {
        // The row at each position after the batch: an old row kept in
        // place, in order, or a move's source.
        let deleted = Set(inside.deleteItems.map(\.item)), inserted = Set(inside.insertItems.map(\.item))
        let moved = Dictionary(inside.moveItems.map { ($0.to.item, $0.from.item) }) { first, _ in first }
        let movedFrom = Set(moved.values)
        let kept = source.indices.filter { !deleted.contains($0) && !movedFrom.contains($0) }
        let count = source.count - deleted.count + inserted.count
        let slots = (0..<count).filter { !inserted.contains($0) && moved[$0] == nil }
        let oldRow = Dictionary(zip(slots, kept)) { first, _ in first }
        for k in other {
          if let from = moved[k] {
            inside.moveItems.removeAll { $0.to.item == k }
            inside.deleteItems.append(path(from))
          } else if let j = oldRow[k] {
            inside.deleteItems.append(path(j))
          } else {
            continue  // an inserted row: the batch brings the new item already
          }
          inside.insertItems.append(path(k))
        }
      }
      #endif
      let outside = UIKitBatch(reloadItems: changes.compactMap { $0.replace.map { path($0.index) } })
      return SnapshotDiff.Changeset.glued([(inside, new.sections), (outside, new.sections)], from: old, by: traits)
    }
  }
}

#if DEEPDIFF_HASHABLE
/// DeepDiff 1.x has no item protocol: it diffs `Hashable` items, "`Hashable`
/// to quickly check that 2 items are not equal" (its README), its Heckel
/// keying them by `hashValue` and replacing where `==` differs: the id
/// hashed, the id and content compared.
struct DDItem<ID: Hashable, Content: Equatable>: Hashable {
  let id: ID
  let content: Content?
  init(_ item: SectionSnapshot<ID, Content>.Item) { (id, content) = (item.id, item.content) }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
  static func == (a: Self, b: Self) -> Bool { a.id == b.id && a.content == b.content }
}
#else
struct DDItem<ID: Hashable, Content: Equatable>: DiffAware {
  let id: ID
  let content: Content?
  init(_ item: SectionSnapshot<ID, Content>.Item) { (id, content) = (item.id, item.content) }
  #if DEEPDIFF_INT_DIFF_ID
  // DeepDiff 2.0.x: `diffId` is an `Int` (its own conformances give `hashValue`).
  var diffId: Int { id.hashValue }
  #else
  var diffId: ID { id }
  #endif
  static func compareContent(_ a: Self, _ b: Self) -> Bool { a.content == b.content }
}
#endif
