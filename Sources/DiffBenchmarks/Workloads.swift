import DiffResults
import DiffVerification
import SnapshotDiff

/// A named pair of snapshots to time, generated from a fixed seed so that
/// every commit times the same pairs (SPEC §6). Names are CSV keys.
public struct Workload: Sendable {
  public var name: String
  /// Whether `--quick` runs it.
  public var quick: Bool
  /// Items on its larger side: counted runs cover up to 100,000 by default.
  public var items: Int
  let make: @Sendable () -> (old: SnapshotDraft, new: SnapshotDraft)

  /// Builds the pair (outside any timed region).
  public func pair() -> (old: StringSnapshot, new: StringSnapshot) {
    let (old, new) = make()
    return (try! old.snapshot(), try! new.snapshot())
  }

  public static let seed: UInt64 = 0x5EED_D1FF

  public static let all: [Workload] = [
    Workload(name: "dk-5k", quick: true, items: 5_000) { differenceKit(count: 5_000, drop: 2_000..<3_000, insert: 1_000, at: 3_000, shuffle: 200) },
    Workload(name: "dk-100k", quick: true, items: 100_000) { differenceKit(count: 100_000, drop: 20_000..<30_000, insert: 10_000, at: 30_000, shuffle: 2_000) },
    Workload(name: "dk-1m", quick: false, items: 1_000_000) { differenceKit(count: 1_000_000, drop: 200_000..<210_000, insert: 10_000, at: 300_000, shuffle: 2_000) },
    Workload(name: "scattered-5k", quick: true, items: 5_000) { scattered(count: 5_000, drop: 1_000, insert: 1_000, shuffle: 200) },
    Workload(name: "scattered-100k", quick: false, items: 100_000) { scattered(count: 100_000, drop: 10_000, insert: 10_000, shuffle: 2_000) },
    Workload(name: "scattered-1m", quick: false, items: 1_000_000) { scattered(count: 1_000_000, drop: 10_000, insert: 10_000, shuffle: 2_000) },
    Workload(name: "random-1e2", quick: true, items: 100) { random(count: 100) },
    Workload(name: "random-1e3", quick: true, items: 1_000) { random(count: 1_000) },
    Workload(name: "random-1e4", quick: true, items: 10_000) { random(count: 10_000) },
    Workload(name: "random-1e5", quick: false, items: 100_000) { random(count: 100_000) },
    Workload(name: "random-1e6", quick: false, items: 1_000_000) { random(count: 1_000_000) },
    Workload(name: "sections-10x10k", quick: false, items: 100_000) { sections() },
    Workload(name: "paging-append", quick: true, items: 1_025) { pagingAppend() },
    Workload(name: "empty-to-list", quick: true, items: 1_000) { emptyAndList(toList: true) },
    Workload(name: "list-to-empty", quick: true, items: 1_000) { emptyAndList(toList: false) },
    Workload(name: "appstore-sections", quick: true, items: 63) { appStore() },
    Workload(name: "reversed-10k", quick: true, items: 10_000) { reversed(count: 10_000) },
    Workload(name: "replace-all-10k", quick: true, items: 10_000) { replaceAll(count: 10_000) },
    Workload(name: "identical-100k", quick: false, items: 100_000) { identical(count: 100_000) },
  ]

  public static var names: [String] { all.map(\.name) }

  /// Whether a counted run (`bench --instructions`) covers it unless asked.
  public var countedByDefault: Bool { items <= 100_000 }
}

typealias Items = [(id: String, content: String)]

func ids(_ prefix: String, _ range: Range<Int>) -> Items { range.map { ("\(prefix)\($0)", "") } }

func one(_ items: Items, section: String = "main") -> SnapshotDraft {
  SnapshotDraft(sections: [.init(id: section, items: items)])
}

/// DifferenceKit's published layout: drop a range, insert new ids at an index
/// of the result, shuffle a prefix.
func differenceKit(count: Int, drop: Range<Int>, insert: Int, at index: Int, shuffle: Int) -> (SnapshotDraft, SnapshotDraft) {
  var rng = SplitMix64(seed: Workload.seed, iteration: UInt64(count))
  let old = ids("i", 0..<count)
  var new = old
  new.removeSubrange(drop)
  new.insert(contentsOf: ids("n", 0..<insert), at: index)
  var prefix = Array(new[0..<shuffle])
  rng.shuffle(&prefix)
  new.replaceSubrange(0..<shuffle, with: prefix)
  return (one(old), one(new))
}

/// The same counts at random positions: random deletes, inserts at random
/// places, and a few items permuted among scattered positions.
func scattered(count: Int, drop: Int, insert: Int, shuffle: Int) -> (SnapshotDraft, SnapshotDraft) {
  var rng = SplitMix64(seed: Workload.seed &+ 1, iteration: UInt64(count))
  let old = ids("i", 0..<count)
  var positions = Array(0..<count)
  rng.shuffle(&positions)
  let dropped = Set(positions[0..<drop])
  var new = old.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
  for k in 0..<insert { new.insert(("n\(k)", ""), at: rng.int(in: 0...new.count)) }
  var spots = Array(0..<new.count)
  rng.shuffle(&spots)
  let chosen = spots[0..<shuffle].sorted()
  var moved = chosen.map { new[$0] }
  rng.shuffle(&moved)
  for (k, p) in chosen.enumerated() { new[p] = moved[k] }
  return (one(old), one(new))
}

/// 3 % deleted, 3 % inserted, 2 % moved, 2 % updated, at random positions.
func random(count: Int) -> (SnapshotDraft, SnapshotDraft) {
  var rng = SplitMix64(seed: Workload.seed &+ 2, iteration: UInt64(count))
  let old = ids("i", 0..<count)
  var new = old
  let percent = { (p: Int) in max(1, count * p / 100) }
  for _ in 0..<percent(3) { new.remove(at: rng.int(below: new.count)) }
  for k in 0..<percent(2) {
    _ = k
    let item = new.remove(at: rng.int(below: new.count))
    new.insert(item, at: rng.int(in: 0...new.count))
  }
  for _ in 0..<percent(2) { new[rng.int(below: new.count)].content = "updated" }
  for k in 0..<percent(3) { new.insert(("n\(k)", ""), at: rng.int(in: 0...new.count)) }
  return (one(old), one(new))
}

/// 10 sections of 10,000: one deleted, one inserted (with 10,000 items), one
/// moved; 1 % of items moved across sections, 2 % deleted, 2 % inserted, 2 % updated.
func sections() -> (SnapshotDraft, SnapshotDraft) {
  var rng = SplitMix64(seed: Workload.seed &+ 3, iteration: 0)
  let old = SnapshotDraft(sections: (0..<10).map { s in .init(id: "s\(s)", items: ids("s\(s)-", 0..<10_000)) })
  var new = old
  new.sections.remove(at: 7)
  new.sections.insert(.init(id: "s10", items: ids("s10-", 0..<10_000)), at: 3)
  let movedSection = new.sections.remove(at: 0)
  new.sections.insert(movedSection, at: 5)
  let total = 100_000
  let kept = (0..<new.sections.count).filter { new.sections[$0].id != "s10" }
  func anyKeptSection() -> Int { kept[rng.int(below: kept.count)] }
  for _ in 0..<(total * 2 / 100) {
    let s = anyKeptSection()
    new.sections[s].items.remove(at: rng.int(below: new.sections[s].items.count))
  }
  for _ in 0..<(total / 100) {
    let from = anyKeptSection()
    var to = anyKeptSection()
    while to == from { to = anyKeptSection() }
    let item = new.sections[from].items.remove(at: rng.int(below: new.sections[from].items.count))
    new.sections[to].items.insert(item, at: rng.int(in: 0...new.sections[to].items.count))
  }
  for _ in 0..<(total * 2 / 100) {
    let s = anyKeptSection()
    new.sections[s].items[rng.int(below: new.sections[s].items.count)].content = "updated"
  }
  for k in 0..<(total * 2 / 100) {
    let s = anyKeptSection()
    new.sections[s].items.insert(("new-\(k)", ""), at: rng.int(in: 0...new.sections[s].items.count))
  }
  return (old, new)
}

/// A banner of 5 and a product list of 1,000; the next page of 20 appended.
func pagingAppend() -> (SnapshotDraft, SnapshotDraft) {
  let banner = SnapshotDraft.Section(id: "banner", items: ids("banner-", 0..<5))
  let products = (0..<1_020).map { (id: "product-\($0)", content: "\(999 + $0 % 50 * 100)") }
  let old = SnapshotDraft(sections: [banner, .init(id: "products", items: Array(products[0..<1_000]))])
  let new = SnapshotDraft(sections: [banner, .init(id: "products", items: products)])
  return (old, new)
}

/// One placeholder in an `empty` section ↔ 1,000 books in an `all` section.
func emptyAndList(toList: Bool) -> (SnapshotDraft, SnapshotDraft) {
  let empty = SnapshotDraft(sections: [.init(id: "empty", items: [("placeholder", "")])])
  let books = SnapshotDraft(sections: [.init(id: "all", items: (0..<1_000).map { ("book-\($0)", "Title \($0)") })])
  return toList ? (empty, books) : (books, empty)
}

/// Feature 10, ranking 30, theme 20; 2 items updated, 5 ranking items
/// reordered, 3 theme items added.
func appStore() -> (SnapshotDraft, SnapshotDraft) {
  let old = SnapshotDraft(sections: [
    .init(id: "feature", content: "Featured", items: ids("app-f", 0..<10)),
    .init(id: "ranking", content: "Top Charts", items: ids("app-r", 0..<30)),
    .init(id: "theme", content: "Summer", items: ids("app-t", 0..<20)),
  ])
  var new = old
  new.sections[0].items[2].content = "new artwork"
  new.sections[2].items[5].content = "on sale"
  // Five ranking entries change places.
  let r = new.sections[1].items
  new.sections[1].items[3] = r[9]
  new.sections[1].items[9] = r[14]
  new.sections[1].items[14] = r[3]
  new.sections[1].items[20] = r[27]
  new.sections[1].items[27] = r[20]
  new.sections[2].items += ids("app-t", 20..<23)
  return (old, new)
}

func reversed(count: Int) -> (SnapshotDraft, SnapshotDraft) {
  let old = ids("i", 0..<count)
  return (one(old), one(old.reversed()))
}

func replaceAll(count: Int) -> (SnapshotDraft, SnapshotDraft) {
  (one(ids("i", 0..<count)), one(ids("n", 0..<count)))
}

func identical(count: Int) -> (SnapshotDraft, SnapshotDraft) {
  let old = one(ids("i", 0..<count))
  return (old, old)
}
