import SnapshotDiff

/// A snapshot under construction, as plain arrays: what the generator and the
/// shrinker edit before building a ``StringSnapshot``.
package struct SnapshotDraft: Equatable, Sendable {
  package struct Section: Equatable, Sendable {
    package var id: String
    package var content: String
    package var items: [(id: String, content: String)]
    package init(id: String, content: String = "", items: [(id: String, content: String)] = []) {
      self.id = id
      self.content = content
      self.items = items
    }
    package static func == (a: Section, b: Section) -> Bool {
      a.id == b.id && a.content == b.content && a.items.elementsEqual(b.items, by: { $0 == $1 })
    }
  }
  package var sections: [Section]
  package init(sections: [Section] = []) { self.sections = sections }

  package init(_ snapshot: StringSnapshot) {
    sections = snapshot.sections.map { s in
      Section(id: s.id, content: s.content ?? "", items: s.items.map { ($0.id, $0.content ?? "") })
    }
  }

  package var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

  /// The snapshot; drafts built by the generator always have unique ids.
  package func snapshot() throws -> StringSnapshot {
    try StringSnapshot(sections: sections.map { s in
      StringSnapshot.Section(s.id, content: s.content, items: s.items.map { StringSnapshot.Item($0.id, content: $0.content) })
    })
  }
}

/// Random snapshot pairs, each a pure function of (seed, iteration).
///
/// Sizes span magnitudes (empty, one, a handful, up to `maxItems`); one to
/// many sections, empty ones included. Most pairs are edits of the old
/// snapshot, at a rate drawn per pair: item deletes, inserts, moves within and
/// across sections, content updates (moved items too); section deletes (some
/// of their items moving elsewhere), inserts (some receiving kept items),
/// moves and content updates. The rest are whole-pair shapes: reverse,
/// rotate, shuffle, replace all, identical, empty ↔ full.
package struct PairGenerator: Sendable {
  package var maxItems: Int
  package var maxSections: Int

  package init(maxItems: Int = 2_000, maxSections: Int = 8) {
    self.maxItems = maxItems
    self.maxSections = maxSections
  }

  package struct Pair: Sendable {
    package var old: SnapshotDraft
    package var new: SnapshotDraft
    /// How it was made, for reports.
    package var shape: String
  }

  /// The pair of (seed, iteration), its ids and contents in the shapes
  /// drawn for it (``Respelling``).
  package func pair(seed: UInt64, iteration: UInt64) -> Pair {
    var pair = unspelledPair(seed: seed, iteration: iteration)
    var spelling = Self.respelling(seed: seed, iteration: iteration)
    pair.old = spelling.apply(pair.old, later: false)
    pair.new = spelling.apply(pair.new, later: true)
    pair.shape += ", \(spelling.ids) ids"
    return pair
  }

  func unspelledPair(seed: UInt64, iteration: UInt64) -> Pair {
    var rng = SplitMix64(seed: seed, iteration: iteration)
    var names = _Names()
    let old = randomSnapshot(&rng, &names)
    let shapeRoll = rng.int(below: 100)
    switch shapeRoll {
    case 0..<72:
      return Pair(old: old, new: edit(old, &rng, &names), shape: "edits")
    case 72..<76:
      var new = old
      new.sections.reverse()
      for s in new.sections.indices { new.sections[s].items.reverse() }
      return Pair(old: old, new: new, shape: "reverse")
    case 76..<80:
      var new = old
      for s in new.sections.indices where !new.sections[s].items.isEmpty {
        let k = rng.int(below: new.sections[s].items.count)
        new.sections[s].items = Array(new.sections[s].items[k...] + new.sections[s].items[..<k])
      }
      return Pair(old: old, new: new, shape: "rotate")
    case 80..<85:
      var new = old
      var all = new.sections.flatMap(\.items)
      rng.shuffle(&all)
      rng.shuffle(&new.sections)
      var k = 0
      for s in new.sections.indices {
        let count = new.sections[s].items.count
        new.sections[s].items = Array(all[k..<(k + count)])
        k += count
      }
      return Pair(old: old, new: new, shape: "shuffle")
    case 85..<89:
      return Pair(old: old, new: randomSnapshot(&rng, &names), shape: "replace all")
    case 89..<93:
      return Pair(old: old, new: old, shape: "identical")
    case 93..<97:
      return Pair(old: SnapshotDraft(), new: old, shape: "empty to full")
    default:
      return Pair(old: old, new: SnapshotDraft(), shape: "full to empty")
    }
  }

  /// Whether `fuzz` draws a session rather than a pair at this iteration:
  /// one in eight.
  package static func drawsTrace(_ iteration: UInt64) -> Bool { iteration % 8 == 7 }

  /// A random session: 2 to 50 applies of random edits from one start, each
  /// snapshot kept within `maxItems`. A pure function of (seed, iteration).
  package func trace(seed: UInt64, iteration: UInt64) -> [SnapshotDraft] {
    if Self.drawsOutline(iteration) { return outlineTrace(seed: seed, iteration: iteration) }
    var rng = SplitMix64(seed: seed ^ 0x7AC3_5E55, iteration: iteration)
    var names = _Names()
    var snapshot = randomSnapshot(&rng, &names)
    var trace = [snapshot]
    for _ in 0..<rng.int(in: 2...50) {
      snapshot = rng.chance(0.9) ? edit(snapshot, &rng, &names) : unspelledPair(seed: rng.next(), iteration: 0).new.renamed(apart: &names)
      // Inserts compound over a session: trimmed back to the size limit.
      while snapshot.itemCount > maxItems {
        let full = snapshot.sections.indices.filter { !snapshot.sections[$0].items.isEmpty }
        let s = full[rng.int(below: full.count)]
        snapshot.sections[s].items.remove(at: rng.int(below: snapshot.sections[s].items.count))
      }
      trace.append(snapshot)
    }
    var spelling = Self.respelling(seed: seed, iteration: iteration)
    return trace.enumerated().map { k, snapshot in spelling.apply(snapshot, later: k > 0) }
  }

  /// Whether a session drawn at this iteration is an outline's: every
  /// other session (one in sixteen iterations).
  package static func drawsOutline(_ iteration: UInt64) -> Bool { iteration % 16 == 15 }

  /// How the iteration's pair or session is spelled (its id and content
  /// shapes), drawn apart from how it is made.
  static func respelling(seed: UInt64, iteration: UInt64) -> Respelling {
    let apart: UInt64 = !drawsTrace(iteration) ? 0 : drawsOutline(iteration) ? 0x0071_14E5 : 0x7AC3_5E55
    return Respelling(seed: seed ^ apart, iteration: iteration)
  }

  /// The id shape of the iteration's pair or session, without making it
  /// (fuzz's figures by shape).
  package static func idShape(seed: UInt64, iteration: UInt64) -> IDShape {
    respelling(seed: seed, iteration: iteration).ids
  }

  /// A random outline session (``OutlineSession``): a small forest, then 2
  /// to 50 steps of expanding, collapsing and editing rows; each snapshot
  /// is the section's visible rows, kept within `maxItems`.
  package func outlineTrace(seed: UInt64, iteration: UInt64) -> [SnapshotDraft] {
    var rng = SplitMix64(seed: seed ^ 0x0071_14E5, iteration: iteration)
    let roots = rng.int(in: 1...4), folders = rng.int(in: 0...4)
    // Files per folder, so that the forest takes at most half the limit.
    let room = Swift.max(0, maxItems / 2 / roots - 1) / Swift.max(1, folders) - 1
    var session = OutlineSession(
      roots: roots, folders: folders, files: Swift.max(0, Swift.min(rng.int(in: 0...6), room)),
      expanded: 0.5, section: "outline", &rng)
    var trace = [session.draft]
    for _ in 0..<rng.int(in: 2...50) {
      session.step(&rng)
      var draft = session.draft
      if draft.sections[0].items.count > maxItems { draft.sections[0].items.removeLast(draft.sections[0].items.count - maxItems) }
      trace.append(draft)
    }
    var spelling = Self.respelling(seed: seed, iteration: iteration)
    return trace.enumerated().map { k, snapshot in spelling.apply(snapshot, later: k > 0) }
  }

  func randomSize(_ rng: inout SplitMix64) -> Int {
    switch rng.int(below: 10) {
    case 0: return 0
    case 1: return 1
    case 2...4: return rng.int(in: 2...min(8, max(2, maxItems)))
    case 5...7: return rng.int(in: 0...min(60, maxItems))
    default: return rng.int(in: 0...maxItems)
    }
  }

  func randomSnapshot(_ rng: inout SplitMix64, _ names: inout _Names) -> SnapshotDraft {
    let size = min(randomSize(&rng), maxItems)
    let sectionCount = rng.chance(0.4) ? 1 : rng.int(in: 0...maxSections)
    if sectionCount == 0 { return SnapshotDraft() }
    var draft = SnapshotDraft(sections: (0..<sectionCount).map { _ in
      .init(id: names.section(), content: rng.chance(0.3) ? names.content(&rng) : "")
    })
    for _ in 0..<size {
      draft.sections[rng.int(below: sectionCount)].items.append((names.item(), rng.chance(0.3) ? names.content(&rng) : ""))
    }
    return draft
  }

  func edit(_ old: SnapshotDraft, _ rng: inout SplitMix64, _ names: inout _Names) -> SnapshotDraft {
    let rates = [0.01, 0.05, 0.15, 0.4]
    let p = rates[rng.int(below: rates.count)]
    let sectionP = min(0.5, p * 2)
    var new = old
    var homeless: [(id: String, content: String)] = []

    // Section deletes: the items go, or some find a home elsewhere.
    if new.sections.count > 0 {
      var kept: [SnapshotDraft.Section] = []
      for section in new.sections {
        if rng.chance(sectionP) {
          for item in section.items where rng.chance(0.3) { homeless.append(item) }
        } else {
          kept.append(section)
        }
      }
      new.sections = kept
    }
    // Section inserts, some to receive kept items.
    if rng.chance(sectionP) || (new.sections.isEmpty && !homeless.isEmpty) {
      for _ in 0..<rng.int(in: 1...2) {
        var section = SnapshotDraft.Section(id: names.section(), content: rng.chance(0.3) ? names.content(&rng) : "")
        for _ in 0..<rng.int(in: 0...4) { section.items.append((names.item(), "")) }
        new.sections.insert(section, at: rng.int(in: 0...new.sections.count))
      }
    }
    // Item deletes and updates; some items leave their section.
    for s in new.sections.indices {
      var items: [(id: String, content: String)] = []
      for var item in new.sections[s].items {
        if rng.chance(p) { continue }
        if rng.chance(p) { item.content = names.content(&rng) }
        if new.sections.count > 1 && rng.chance(p / 2) { homeless.append(item); continue }
        items.append(item)
      }
      new.sections[s].items = items
    }
    if !new.sections.isEmpty {
      // Moves within sections (some of them updated too).
      for s in new.sections.indices where new.sections[s].items.count > 1 {
        let moves = Int(Double(new.sections[s].items.count) * p) + (rng.chance(0.5) ? 1 : 0)
        for _ in 0..<moves {
          var item = new.sections[s].items.remove(at: rng.int(below: new.sections[s].items.count))
          if rng.chance(0.2) { item.content = names.content(&rng) }
          new.sections[s].items.insert(item, at: rng.int(in: 0...new.sections[s].items.count))
        }
      }
      // Homeless items (from deleted sections, or across sections) land anywhere.
      for item in homeless {
        let s = rng.int(below: new.sections.count)
        new.sections[s].items.insert(item, at: rng.int(in: 0...new.sections[s].items.count))
      }
      // Inserts.
      let total = new.itemCount
      for _ in 0..<(Int(Double(total) * p) + (rng.chance(0.5) ? 1 : 0)) {
        let s = rng.int(below: new.sections.count)
        new.sections[s].items.insert((names.item(), ""), at: rng.int(in: 0...new.sections[s].items.count))
      }
      // Section moves and content updates.
      if new.sections.count > 1 && rng.chance(sectionP) {
        for _ in 0..<rng.int(in: 1...2) {
          let section = new.sections.remove(at: rng.int(below: new.sections.count))
          new.sections.insert(section, at: rng.int(in: 0...new.sections.count))
        }
      }
      for s in new.sections.indices where rng.chance(sectionP / 2) { new.sections[s].content = names.content(&rng) }
    }
    return new
  }
}

extension SnapshotDraft {
  /// The same shape with fresh ids, so it can follow another snapshot of a
  /// session without sharing ids by accident (a "replace all" apply).
  func renamed(apart names: inout _Names) -> SnapshotDraft {
    var copy = self
    for s in copy.sections.indices {
      copy.sections[s].id = names.section()
      for k in copy.sections[s].items.indices { copy.sections[s].items[k].id = names.item() }
    }
    return copy
  }
}

/// Fresh ids for one pair.
struct _Names {
  var items = 0
  var sections = 0
  mutating func item() -> String { items += 1; return "i\(items)" }
  mutating func section() -> String { sections += 1; return "s\(sections)" }
  func content(_ rng: inout SplitMix64) -> String { "c\(rng.int(below: 1000))" }
}
