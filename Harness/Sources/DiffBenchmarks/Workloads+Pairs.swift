import DiffResults
import DiffVerification
import SnapshotDiff

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
  var chunked = ChunkedArray(old.enumerated().filter { !dropped.contains($0.offset) }.map(\.element))
  for k in 0..<insert { chunked.insert(("n\(k)", ""), at: rng.int(in: 0...chunked.count)) }
  var new = chunked.elements
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
  var new = ChunkedArray(old)
  let percent = { (p: Int) in max(1, count * p / 100) }
  for _ in 0..<percent(3) { new.remove(at: rng.int(below: new.count)) }
  for _ in 0..<percent(2) {
    let item = new.remove(at: rng.int(below: new.count))
    new.insert(item, at: rng.int(in: 0...new.count))
  }
  for _ in 0..<percent(2) { new[rng.int(below: new.count)].content = "updated" }
  for k in 0..<percent(3) { new.insert(("n\(k)", ""), at: rng.int(in: 0...new.count)) }
  return (one(old), one(new.elements))
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

// Ids as apps have them (nothing lines up, long ids, Int ids, many small
// sections): the workloads that keep the winner honest.

/// A uniformly random permutation of n ids, nothing else changed.
func shuffled(count: Int) -> (SnapshotDraft, SnapshotDraft) {
  var rng = SplitMix64(seed: Workload.seed &+ 4, iteration: UInt64(count))
  let old = ids("i", 0..<count)
  var new = old
  rng.shuffle(&new)
  return (one(old), one(new))
}

/// A lowercase UUID string (36 characters) drawn from the generator.
func uuid(_ rng: inout SplitMix64) -> String {
  let hex = Array("0123456789abcdef")
  var text = ""
  text.reserveCapacity(36)
  for k in 0..<32 {
    if k == 8 || k == 12 || k == 16 || k == 20 { text.append("-") }
    text.append(hex[rng.int(below: 16)])
  }
  return text
}

/// random-1e5's edits with every id a UUID string (too long for Swift's
/// small-string form: each id is a heap object, as in apps).
func uuids(count: Int) -> (SnapshotDraft, SnapshotDraft) {
  let (old, new) = random(count: count)
  var rng = SplitMix64(seed: Workload.seed &+ 5, iteration: UInt64(count))
  var names: [String: String] = [:]
  func rename(_ draft: SnapshotDraft) -> SnapshotDraft {
    var draft = draft
    for s in draft.sections.indices {
      for k in draft.sections[s].items.indices {
        let id = draft.sections[s].items[k].id
        if names[id] == nil { names[id] = uuid(&rng) }
        draft.sections[s].items[k].id = names[id]!
      }
    }
    return draft
  }
  return (rename(old), rename(new))
}


/// random-1e5's edits on a snapshot whose ids and contents are `Int`: the
/// string ids `i<k>` become k, `n<k>` become count + k; contents "" → 0,
/// "updated" → 1.
func ints(count: Int) -> (IntSnapshot, IntSnapshot) {
  let (old, new) = random(count: count)
  func convert(_ draft: SnapshotDraft) -> IntSnapshot {
    try! IntSnapshot(sections: draft.sections.enumerated().map { s, section in
      IntSnapshot.Section(s, content: 0, items: section.items.map { item in
        let number = Int(item.id.dropFirst())!
        return IntSnapshot.Item(item.id.hasPrefix("n") ? count + number : number, content: item.content.isEmpty ? 0 : 1)
      })
    })
  }
  return (convert(old), convert(new))
}

/// 1,000 sections of 100: 5 % of sections moved, 2 % deleted, 2 % inserted;
/// 1 % of items moved across sections, 2 % deleted, 2 % inserted, 2 % updated.
func manySections(sections count: Int, items size: Int) -> (SnapshotDraft, SnapshotDraft) {
  var rng = SplitMix64(seed: Workload.seed &+ 6, iteration: UInt64(count))
  let old = SnapshotDraft(sections: (0..<count).map { s in .init(id: "s\(s)", items: ids("s\(s)-", 0..<size)) })
  var new = old
  let percent = { (p: Int, of: Int) in max(1, of * p / 100) }
  for _ in 0..<percent(2, count) { new.sections.remove(at: rng.int(below: new.sections.count)) }
  for _ in 0..<percent(5, count) {
    let section = new.sections.remove(at: rng.int(below: new.sections.count))
    new.sections.insert(section, at: rng.int(in: 0...new.sections.count))
  }
  let kept = new.sections.count
  for k in 0..<percent(2, count) {
    new.sections.insert(.init(id: "new-s\(k)", items: ids("new-s\(k)-", 0..<size)), at: rng.int(in: 0...new.sections.count))
  }
  // Item edits only in kept sections (inserted ones arrive whole).
  let keptIndices = new.sections.indices.filter { !new.sections[$0].id.hasPrefix("new-") }
  precondition(keptIndices.count == kept)
  func anyKept() -> Int { keptIndices[rng.int(below: keptIndices.count)] }
  let total = count * size
  for _ in 0..<percent(2, total) {
    let s = anyKept()
    if !new.sections[s].items.isEmpty { new.sections[s].items.remove(at: rng.int(below: new.sections[s].items.count)) }
  }
  for _ in 0..<percent(1, total) {
    let from = anyKept(), to = anyKept()
    guard from != to, !new.sections[from].items.isEmpty else { continue }
    let item = new.sections[from].items.remove(at: rng.int(below: new.sections[from].items.count))
    new.sections[to].items.insert(item, at: rng.int(in: 0...new.sections[to].items.count))
  }
  for _ in 0..<percent(2, total) {
    let s = anyKept()
    if !new.sections[s].items.isEmpty { new.sections[s].items[rng.int(below: new.sections[s].items.count)].content = "updated" }
  }
  for k in 0..<percent(2, total) {
    let s = anyKept()
    new.sections[s].items.insert(("new-\(k)", ""), at: rng.int(in: 0...new.sections[s].items.count))
  }
  return (old, new)
}
