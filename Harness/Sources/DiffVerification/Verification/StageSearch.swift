import SnapshotDiff

/// The fewest stages for a changeset's operations, found by trying every
/// way to split them into stages: the ground truth that ``FewestStages``
/// (conditions on stage numbers) is held to on small pairs.
///
/// Each operation the changeset chose (a kept section's move and update, a
/// section's delete and insert, a kept item's move and update, an item's
/// delete and insert) is an atom. A state is the set of atoms done; its
/// snapshot is built from that set alone, and a stage from one state to a
/// larger one is built as UIKit would be given it, then applied with
/// ``SnapshotDiff/Changeset/Stage/apply(to:)``, which checks the seven rules. A breadth-first
/// search over the sets finds the fewest stages from none to all. An item
/// of a deleted section may go alone before it or with it; one of an
/// inserted section may come with it or alone after it.
///
/// Reads the changeset's operations by replaying it on its own, and
/// shares no code with ``FewestStages`` or the stage plan. Exponential in
/// the atoms (at most ``maximumAtoms``): for small pairs only.
package enum StageSearch {
  package static let maximumAtoms = 16

  /// The fewest stages for `changeset`'s operations on the pair, or `nil`
  /// when it moves something twice, breaks a rule, or has too many atoms.
  package static func fewestStages(_ changeset: StringChangeset, from old: StringSnapshot, to new: StringSnapshot) -> Int? {
    guard let chosen = Chosen(changeset, from: old) else { return nil }
    var space = Space(old: old, new: new, chosen: chosen)
    space.updates = changeset.updates
    guard space.atoms.count <= maximumAtoms else { return nil }
    return space.search()
  }

  /// What the changeset did, read by replaying it.
  struct Chosen {
    var movedItems = Set<String>(), movedSections = Set<String>()
    var removedItems = Set<String>(), addedItems = Set<String>()
    var removedSections = Set<String>(), addedSections = Set<String>()

    init?(_ changeset: StringChangeset, from old: StringSnapshot) {
      var state = old
      for stage in changeset.stages {
        // Read only what exists: a stage that breaks a rule is no changeset to search.
        guard let next = try? stage.apply(to: state, updates: changeset.updates) else { return nil }
        for m in stage.itemMoves { guard movedItems.insert(state.item(at: m.from).id).inserted else { return nil } }
        for m in stage.sectionMoves { guard movedSections.insert(state.sectionIdentifiers[m.from]).inserted else { return nil } }
        for p in stage.itemDeletes { removedItems.insert(state.item(at: p).id) }
        for s in stage.sectionDeletes {
          removedSections.insert(state.sectionIdentifiers[s])
          for item in state.section(at: s).items { removedItems.insert(item.id) }
        }
        for i in stage.itemInserts { addedItems.insert(i.item.id) }
        for i in stage.sectionInserts {
          addedSections.insert(i.section.id)
          for item in i.section.items { addedItems.insert(item.id) }
        }
        state = next
      }
    }
  }

  enum Atom: Hashable {
    case sectionMove(String), sectionUpdate(String), sectionDelete(String), sectionInsert(String)
    case itemMove(String), itemUpdate(String), itemDelete(String), itemInsert(String)
  }

  /// A section or item of some state: kept, or the old or new one of an id.
  enum Token: Hashable {
    case kept(String), old(String), new(String)
  }

  struct Space {
    /// How a stage's updates are performed (``SnapshotDiff/Changeset/Stage/apply(to:updates:)``).
    var updates = BatchUpdate.UpdateKind.reconfigure
    let old: StringSnapshot, new: StringSnapshot
    var atoms: [Atom] = []
    var bit: [Atom: Int] = [:]
    /// Section and item tokens, and what positions and contents they take.
    var sectionTokens: [Token] = []
    var itemTokens: [Token] = []
    var oldSectionIndex: [String: Int] = [:], newSectionIndex: [String: Int] = [:]
    var oldHome: [String: (section: String, position: Int)] = [:], newHome: [String: (section: String, position: Int)] = [:]
    var oldItem: [String: SectionSnapshot<String, String>.Item] = [:], newItem: [String: SectionSnapshot<String, String>.Item] = [:]
    let chosen: Chosen

    init(old: StringSnapshot, new: StringSnapshot, chosen: Chosen) {
      self.old = old; self.new = new; self.chosen = chosen
      for (s, id) in old.sectionIdentifiers.enumerated() {
        oldSectionIndex[id] = s
        for (k, item) in old.section(at: s).items.enumerated() { oldHome[item.id] = (id, k); oldItem[item.id] = item }
      }
      for (s, id) in new.sectionIdentifiers.enumerated() {
        newSectionIndex[id] = s
        for (k, item) in new.section(at: s).items.enumerated() { newHome[item.id] = (id, k); newItem[item.id] = item }
      }
      func add(_ a: Atom) { bit[a] = atoms.count; atoms.append(a) }
      for id in old.sectionIdentifiers + new.sectionIdentifiers.filter({ oldSectionIndex[$0] == nil }) {
        let o = oldSectionIndex[id], n = newSectionIndex[id]
        if let o, let n, !chosen.removedSections.contains(id) {
          sectionTokens.append(.kept(id))
          if chosen.movedSections.contains(id) { add(.sectionMove(id)) }
          if old.sectionContent(at: o) != new.sectionContent(at: n) { add(.sectionUpdate(id)) }
          continue
        }
        if o != nil { sectionTokens.append(.old(id)); add(.sectionDelete(id)) }
        if n != nil { sectionTokens.append(.new(id)); add(.sectionInsert(id)) }
      }
      for id in old.allItems.map(\.id) + new.allItems.map(\.id).filter({ oldHome[$0] == nil }) {
        if oldHome[id] != nil && newHome[id] != nil && !chosen.removedItems.contains(id) {
          itemTokens.append(.kept(id))
          if chosen.movedItems.contains(id) || oldHome[id]!.section != newHome[id]!.section { add(.itemMove(id)) }
          if oldItem[id]!.content != newItem[id]!.content { add(.itemUpdate(id)) }
          continue
        }
        if oldHome[id] != nil { itemTokens.append(.old(id)); add(.itemDelete(id)) }
        if newHome[id] != nil { itemTokens.append(.new(id)); add(.itemInsert(id)) }
      }
    }

    func done(_ a: Atom, _ set: Int) -> Bool { bit[a].map { set & (1 << $0) != 0 } ?? false }

    /// A section token's place in a state: after `gap` unmoved kept
    /// sections (anchors), old-side (where it was) before new-side.
    typealias Key = (gap: Int, side: Int, position: Int)

    /// The snapshot of a state, with each token's path; `nil` when the
    /// set is not a state (a kept item in no section, an id twice).
    func state(_ set: Int) -> (snapshot: StringSnapshot, sections: [Token], paths: [Token: ItemPath])? {
      // Sections present, each with its key.
      let anchors = old.sectionIdentifiers.filter { id in
        sectionTokens.contains(.kept(id)) && !chosen.movedSections.contains(id)
      }
      func anchorsBefore(_ index: Int, in order: [String]) -> Int {
        order[..<index].filter(anchors.contains).count
      }
      var present: [(token: Token, key: Key)] = []
      for token in sectionTokens {
        switch token {
        case .kept(let id):
          if let r = anchors.firstIndex(of: id) { present.append((token, (r, 2, 0))); continue }
          if done(.sectionMove(id), set) {
            let n = newSectionIndex[id]!
            present.append((token, (anchorsBefore(n, in: new.sectionIdentifiers), 1, n)))
          } else {
            let o = oldSectionIndex[id]!
            present.append((token, (anchorsBefore(o, in: old.sectionIdentifiers), 0, o)))
          }
        case .old(let id):
          guard !done(.sectionDelete(id), set) else { continue }
          let o = oldSectionIndex[id]!
          present.append((token, (anchorsBefore(o, in: old.sectionIdentifiers), 0, o)))
        case .new(let id):
          guard done(.sectionInsert(id), set) else { continue }
          let n = newSectionIndex[id]!
          present.append((token, (anchorsBefore(n, in: new.sectionIdentifiers), 1, n)))
        }
      }
      present.sort { ($0.key.gap, $0.key.side, $0.key.position) < ($1.key.gap, $1.key.side, $1.key.position) }

      var sections: [Snapshot<String, String, String>.Section] = []
      var paths: [Token: ItemPath] = [:]
      for (s, (token, _)) in present.enumerated() {
        let id: String
        var content: String?
        var isKept = false, isOld = false
        switch token {
        case .kept(let i):
          id = i; isKept = true
          content = done(.sectionUpdate(i), set) ? new.sectionContent(at: newSectionIndex[i]!) : old.sectionContent(at: oldSectionIndex[i]!)
        case .old(let i): id = i; isOld = true; content = old.sectionContent(at: oldSectionIndex[i]!)
        case .new(let i): id = i; content = new.sectionContent(at: newSectionIndex[i]!)
        }
        let oldItems = isKept || isOld ? old.section(at: oldSectionIndex[id]!).items.map(\.id) : []
        let newItems = isKept || !isOld ? new.section(at: newSectionIndex[id]!).items.map(\.id) : []
        // Anchors: kept items that stay in this kept section unmoved.
        let itemAnchors = isKept ? oldItems.filter { itemTokens.contains(.kept($0)) && bit[.itemMove($0)] == nil } : []
        var items: [(token: Token, key: Key)] = []
        for (k, i) in oldItems.enumerated() {
          let gap = oldItems[..<k].filter(itemAnchors.contains).count
          if let r = itemAnchors.firstIndex(of: i) { items.append((.kept(i), (r, 2, 0))); continue }
          if itemTokens.contains(.kept(i)) {
            if !done(.itemMove(i), set) { items.append((.kept(i), (gap, 0, k))) }
          } else if !done(.itemDelete(i), set) && !(isOld && done(.sectionDelete(id), set)) {
            items.append((.old(i), (gap, 0, k)))
          }
        }
        for (k, i) in newItems.enumerated() where !itemAnchors.contains(i) {
          let gap = newItems[..<k].filter(itemAnchors.contains).count
          if itemTokens.contains(.kept(i)) {
            if done(.itemMove(i), set) { items.append((.kept(i), (gap, 1, k))) }
          } else if done(.itemInsert(i), set) {
            items.append((.new(i), (gap, 1, k)))
          }
        }
        items.sort { ($0.key.gap, $0.key.side, $0.key.position) < ($1.key.gap, $1.key.side, $1.key.position) }
        var sectionItems: [SectionSnapshot<String, String>.Item] = []
        for (k, (itemToken, _)) in items.enumerated() {
          paths[itemToken] = ItemPath(section: s, item: k)
          switch itemToken {
          case .kept(let i):
            sectionItems.append(StringSnapshot.Item(i, content: done(.itemUpdate(i), set) ? newItem[i]!.content : oldItem[i]!.content))
          case .old(let i): sectionItems.append(oldItem[i]!)
          case .new(let i): sectionItems.append(newItem[i]!)
          }
        }
        sections.append(StringSnapshot.Section(id, content: content, items: sectionItems))
      }
      // Every kept item somewhere, and every item inserted into a section that is there.
      for token in itemTokens {
        if case .kept = token, paths[token] == nil { return nil }
        if case .new(let i) = token, done(.itemInsert(i), set), paths[token] == nil { return nil }
      }
      guard let snapshot = try? StringSnapshot(sections: sections) else { return nil }
      return (snapshot, present.map(\.token), paths)
    }

    /// The stage from state `a` (set `from`) to state `b` (set `to`).
    func stage(
      from: Int, _ a: (snapshot: StringSnapshot, sections: [Token], paths: [Token: ItemPath]),
      to: Int, _ b: (snapshot: StringSnapshot, sections: [Token], paths: [Token: ItemPath])
    ) -> Changeset<String, String, String>.Stage {
      var stage = Changeset<String, String, String>.Stage()
      let doing = to & ~from
      func now(_ atom: Atom) -> Bool { done(atom, doing) }
      for (s, token) in a.sections.enumerated() {
        guard let t = b.sections.firstIndex(of: token) else { stage.sectionDeletes.append(s); continue }
        if case .kept(let id) = token {
          if now(.sectionMove(id)) { stage.sectionMoves.append(BatchUpdate.Move(from: s, to: t)) }
          if now(.sectionUpdate(id)) { stage.sectionUpdates.append(.init(index: s, content: b.snapshot.sectionContent(at: t))) }
        }
      }
      for (t, token) in b.sections.enumerated() where !a.sections.contains(token) {
        stage.sectionInserts.append(.init(index: t, section: b.snapshot.section(at: t)))
      }
      for token in itemTokens {
        let from = a.paths[token], to = b.paths[token]
        switch token {
        case .kept(let id):
          if now(.itemMove(id)), let from, let to { stage.itemMoves.append(BatchUpdate.Move(from: from, to: to)) }
          if now(.itemUpdate(id)), let from { stage.itemUpdates.append(.init(path: from, content: newItem[id]!.content)) }
        case .old:
          if let from, to == nil, b.sections.contains(a.sections[from.section]) { stage.itemDeletes.append(from) }
        case .new:
          if let to, from == nil, a.sections.contains(b.sections[to.section]) {
            stage.itemInserts.append(.init(path: to, item: b.snapshot.item(at: to)))
          }
        }
      }
      return stage
    }

    /// Breadth-first over the sets of atoms done; `nil` past five stages.
    func search() -> Int? {
      let all = (1 << atoms.count) - 1
      if all == 0 { return 0 }
      var level: [Int: (snapshot: StringSnapshot, sections: [Token], paths: [Token: ItemPath])] = [:]
      level[0] = state(0)
      var seen: Set<Int> = [0]
      for depth in 1...5 {
        var next: [Int: (snapshot: StringSnapshot, sections: [Token], paths: [Token: ItemPath])] = [:]
        for (set, a) in level {
          let rest = all & ~set
          var subset = rest
          while subset != 0 {
            defer { subset = (subset - 1) & rest }
            let to = set | subset
            if seen.contains(to) && to != all { continue }
            guard let b = state(to) else { continue }
            guard let result = try? stage(from: set, a, to: to, b).apply(to: a.snapshot, updates: updates), result == b.snapshot else { continue }
            if to == all { return result == new ? depth : nil }
            seen.insert(to)
            next[to] = b
          }
        }
        level = next
      }
      return nil
    }
  }
}
