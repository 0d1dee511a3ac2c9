import SnapshotDiff

/// The fewest stages the seven rules allow for the operations a changeset
/// chose: derived from the rules alone, sharing nothing with the stage plan.
///
/// What a changeset does is read from it (which kept items and sections it
/// moves, which ids it deletes and inserts again) and from the pair (which
/// kept items and sections change content). Each operation is given a stage,
/// and the rules become conditions on those stage numbers:
///
/// * a kept section's move and update are in different stages (rule 2), and
///   no item operation inside it is in either (rule 6);
/// * an item leaving a deleted section moves before the section is deleted
///   (rule 4); one joining an inserted section moves after it is inserted
///   (rule 5); a moved item is updated in another stage than it moves
///   (rule 2), before the move where it was or after it where it goes;
/// * an id deleted and inserted again is deleted no later than it is
///   inserted (else it is there twice); a section's id likewise.
///
/// Where an item is in a stage's order never matters (the stage plan guide
/// gives the argument), so the fewest stages is the least `k` for which
/// stage numbers in `1...k` meet every condition. Once the sections' stages
/// are fixed, each item's conditions stand alone, so the search runs over
/// the sections' operations only: an inserted section goes first and a
/// deleted one last (no condition prefers otherwise), which leaves the
/// moves and updates of kept sections and the two halves of a section
/// deleted and inserted again. A section update is a reload, which UIKit
/// places ignoring the stage's moves (the rules article): once every
/// section operation has its stage, each stage that moves sections and
/// reloads one is checked to land the reload where the section belongs.
/// `StageSearchTests` holds this count to an exhaustive search over the
/// stages themselves on every small pair.
struct FewestStages {
  /// The fewest stages: 0 for nothing to do. `nil` when the changeset moves
  /// an item or section twice (outside this model), or when the search
  /// gives up (``budget``).
  var count: Int?

  /// Search nodes tried for one `k` before giving up.
  static let budget = 200_000

  /// - Parameter limit: the count is searched up to `limit` (the changeset's
  ///   own stage count): where no fewer stages do, the answer is `limit`.
  init(_ effect: ChangesetEffect, pair: _IndexedPair, upTo limit: Int) {
    guard !effect.movesRepeat else { return }
    let model = StageModel(effect, pair: pair)
    if model.isEmpty { count = 0; return }
    for k in 1..<max(limit, 1) {
      guard let found = model.fits(in: k) else { return }
      if found { count = k; return }
    }
    count = max(limit, 1)
  }
}

/// The conditions of ``FewestStages``: a variable per section operation
/// that the search places, and what each item asks of the sections it
/// touches, each distinct requirement once.
struct StageModel {
  /// Where an item is when it is operated on: a section that stays, a
  /// section deleted (old) or inserted (new), by section record.
  enum Place: Hashable {
    case kept(Int)
    case deleted(Int)
    case inserted(Int)
  }

  /// What items ask of the sections.
  enum Need: Hashable {
    /// An item deleted, inserted or updated in place: a stage in which the
    /// section neither moves nor is updated.
    case freeStage(Int)
    /// A kept item that moves from one place to another, updated too or not.
    case move(from: Place, to: Place, updated: Bool)
    /// An id deleted in one kept section and inserted again in another,
    /// no earlier.
    case reinsert(from: Int, to: Int)
  }

  /// Per section record: variables (indices into the assignment) of its
  /// move, update, delete and insert, or -1; a fixed stage stands for the
  /// deletes and inserts that go last and first.
  struct Section {
    var move = -1, update = -1, delete = -1, insert = -1
    var firstInsert = false, lastDelete = false
  }

  var sections: [Section] = []
  /// Per section record: its index before and after (-1: not on that side).
  var oldIndex: [Int] = [], newIndex: [Int] = []
  var variables = 0
  var needs: [Need] = []
  var isEmpty = true

  init(_ effect: ChangesetEffect, pair: _IndexedPair) {
    func newVariable() -> Int { variables += 1; return variables - 1 }
    // A record per section id, in the pair's order (``_IndexedPair/sectionIDs``);
    // which side holds it, from the pair's tables of section contents.
    for id in pair.sectionIDs {
      var s = Section()
      let reinserted = effect.reinsertedSections.contains(id)
      let inOld = pair.oldSectionContent.keys.contains(id), inNew = pair.newSectionContent.keys.contains(id)
      if inOld && inNew && !reinserted {
        if effect.movedSections.contains(id) { s.move = newVariable() }
        if pair.oldSectionContent[id]! != pair.newSectionContent[id]! { s.update = newVariable() }
      } else if reinserted {
        s.delete = newVariable()
        s.insert = newVariable()
      } else if inOld {
        s.lastDelete = true
      } else {
        s.firstInsert = true
      }
      if s.move >= 0 || s.update >= 0 || s.delete >= 0 || s.lastDelete || s.firstInsert { isEmpty = false }
      sections.append(s)
    }
    oldIndex = [Int](repeating: -1, count: sections.count)
    newIndex = oldIndex
    for (s, section) in pair.old.enumerated() { oldIndex[pair.sectionRecord[section.id]!] = s }
    for (t, section) in pair.new.enumerated() { newIndex[pair.sectionRecord[section.id]!] = t }
    func oldPlace(_ r: Int) -> Place { sections[r].lastDelete || sections[r].delete >= 0 ? .deleted(r) : .kept(r) }
    func newPlace(_ r: Int) -> Place { sections[r].firstInsert || sections[r].insert >= 0 ? .inserted(r) : .kept(r) }
    var distinct = Set<Need>()
    func need(_ n: Need) {
      isEmpty = false
      if distinct.insert(n).inserted { needs.append(n) }
    }
    /// What one kept id asks, from its old section's record to its new
    /// one's (asked again, it asks the same, once).
    func keptItem(_ id: String, from oldSection: Int, to newSection: Int, updated: Bool) {
      let from = oldPlace(oldSection), to = newPlace(newSection)
      if effect.reinsertedItems.contains(id) {
        // Deleted from a deleted section, it can go early, alone; into an
        // inserted section, it can come late: only kept sections constrain.
        switch (from, to) {
        case (.kept(let s), .kept(let t)): need(.reinsert(from: s, to: t))
        case (.kept(let s), _): need(.freeStage(s))
        case (_, .kept(let t)): need(.freeStage(t))
        default: isEmpty = false
        }
        return
      }
      if effect.movedItems.contains(id) || from != to {
        need(.move(from: from, to: to, updated: updated))
      } else if updated, case .kept(let s) = from {
        need(.freeStage(s))
      }
    }
    // A kept id asks nothing unless the changeset moves it or inserts it
    // again, its section id changes, its section is inserted again (from
    // deleted to inserted), or its content changes.
    func keptItem(_ id: String) {
      guard let kept = pair.kept(id) else { return }
      keptItem(id, from: kept.from, to: kept.to, updated: kept.changed)
    }
    for id in effect.reinsertedItems { keptItem(id) }
    for id in effect.movedItems { keptItem(id) }
    for item in pair.crossSection { keptItem(item.id, from: item.from, to: item.to, updated: item.changed) }
    for item in pair.updatedInPlace { keptItem(item.id, from: item.section, to: item.section, updated: true) }
    for section in pair.old where effect.reinsertedSections.contains(section.id) {
      for id in section.items { keptItem(id) }
    }
    // A gone id needs a stage where its kept section is free (in a deleted
    // one it goes with the section); a new id likewise.
    for r in pair.sectionsLosingItems {
      if case .kept(let s) = oldPlace(r) { need(.freeStage(s)) }
    }
    for r in pair.sectionsGainingItems {
      if case .kept(let t) = newPlace(r) { need(.freeStage(t)) } else { isEmpty = false }
    }
  }

  /// Whether stages `1...k` can hold the operations; `nil` past the budget.
  func fits(in k: Int) -> Bool? {
    var stage = [Int](repeating: 0, count: variables)
    // Each need and section condition is checked as soon as its last variable is placed.
    var due = [[Int]](repeating: [], count: variables + 1)
    func lastVariable(_ records: [Int]) -> Int {
      records.flatMap { [sections[$0].move, sections[$0].update, sections[$0].delete, sections[$0].insert] }.max() ?? -1
    }
    for (n, need) in needs.enumerated() { due[lastVariable(records(of: need)) + 1].append(n) }
    var sectionDue = [[Int]](repeating: [], count: variables)
    for (r, s) in sections.enumerated() where (s.move >= 0 && s.update >= 0) || s.delete >= 0 {
      sectionDue[s.delete >= 0 ? max(s.delete, s.insert) : max(s.move, s.update)].append(r)
    }
    var nodes = 0

    func busy(_ r: Int, _ x: Int) -> Bool {
      let s = sections[r]
      return (s.move >= 0 && stage[s.move] == x) || (s.update >= 0 && stage[s.update] == x)
    }
    func canLeave(_ p: Place, at m: Int) -> Bool {
      switch p {
      case .kept(let r): return !busy(r, m)
      case .deleted(let r): return sections[r].lastDelete ? m < k : m < stage[sections[r].delete]
      case .inserted: return false
      }
    }
    func canJoin(_ p: Place, at m: Int) -> Bool {
      switch p {
      case .kept(let r): return !busy(r, m)
      case .inserted(let r): return sections[r].firstInsert ? m > 1 : m > stage[sections[r].insert]
      case .deleted: return false
      }
    }
    func met(_ need: Need) -> Bool {
      switch need {
      case .freeStage(let r):
        return (1...k).contains { !busy(r, $0) }
      case .reinsert(let s, let t):
        guard let gone = (1...k).first(where: { !busy(s, $0) }) else { return false }
        return (gone...k).contains { !busy(t, $0) }
      case .move(let from, let to, let updated):
        return (1...k).contains { m in
          guard canLeave(from, at: m) && canJoin(to, at: m) else { return false }
          guard updated else { return true }
          // Updated where it was (before the move) or where it goes (after).
          let before = (1..<m).contains { u in if case .kept(let r) = from { return !busy(r, u) } else { return true } }
          let after = m < k && (m + 1...k).contains { u in if case .kept(let r) = to { return !busy(r, u) } else { return true } }
          return before || after
        }
      }
    }
    func sectionsHold(upTo v: Int) -> Bool {
      // A kept section's move and update apart; a section's id deleted no later than inserted again.
      sectionDue[v].allSatisfy { r in
        let s = sections[r]
        return s.delete >= 0 ? stage[s.delete] <= stage[s.insert] : stage[s.move] != stage[s.update]
      }
    }
    func place(_ v: Int) -> Bool? {
      if v == variables { return reloadsLand(stage, in: k) }
      for x in 1...k {
        nodes += 1
        if nodes > FewestStages.budget { return nil }
        stage[v] = x
        guard sectionsHold(upTo: v), due[v + 1].allSatisfy({ met(needs[$0]) }) else { continue }
        switch place(v + 1) {
        case true?: return true
        case nil: return nil
        case false?: continue
        }
      }
      stage[v] = 0
      return false
    }
    guard due[0].allSatisfy({ met(needs[$0]) }) else { return false }
    return place(0)
  }

  /// Whether each section reload lands where its section belongs, for the
  /// sections' stages `stage` in `1...k`. UIKit reads a reload as a delete
  /// at its old index and an insert at that index shifted by the stage's
  /// section deletes and inserts, not by its moves (the rules article's
  /// sources; WWDC 2018 session 225). Between stages the order is the
  /// exhaustive search's: sections that never move keep their order; a
  /// moving one stands where it was until its move, then where it goes,
  /// old-side before new-side between two unmoved ones.
  func reloadsLand(_ stage: [Int], in k: Int) -> Bool {
    let movingStages = Set(sections.compactMap { $0.move >= 0 ? stage[$0.move] : nil })
    let reloading = sections.indices.filter { sections[$0].update >= 0 && movingStages.contains(stage[sections[$0].update]) }
    guard !reloading.isEmpty else { return true }
    // Unmoved kept sections, in the (same) old and new order.
    var anchorsBeforeOld = [Int](repeating: 0, count: sections.count + 1)
    var anchorsBeforeNew = anchorsBeforeOld
    let anchor = sections.indices.map { r in
      sections[r].move < 0 && sections[r].delete < 0 && oldIndex[r] >= 0 && newIndex[r] >= 0
    }
    var byOld = sections.indices.filter { oldIndex[$0] >= 0 }, byNew = sections.indices.filter { newIndex[$0] >= 0 }
    byOld.sort { oldIndex[$0] < oldIndex[$1] }
    byNew.sort { newIndex[$0] < newIndex[$1] }
    var count = 0
    for r in byOld { anchorsBeforeOld[r] = count; if anchor[r] { count += 1 } }
    count = 0
    for r in byNew { anchorsBeforeNew[r] = count; if anchor[r] { count += 1 } }
    /// The sections after stage `x` (0: before the first), in order, as
    /// (record, new side): a section deleted and inserted again is two.
    func order(after x: Int) -> [(record: Int, isNew: Bool)] {
      var present: [(record: Int, isNew: Bool, key: (Int, Int, Int))] = []
      for (r, s) in sections.enumerated() {
        let oldKey = (anchorsBeforeOld[r], 0, oldIndex[r]), newKey = (anchorsBeforeNew[r], 1, newIndex[r])
        if anchor[r] {
          present.append((r, false, (anchorsBeforeOld[r], 2, 0)))
        } else if s.move >= 0 {
          present.append(stage[s.move] <= x ? (r, false, newKey) : (r, false, oldKey))
        } else {
          let deleted = s.lastDelete ? x >= k : s.delete >= 0 && stage[s.delete] <= x
          let inserted = s.firstInsert ? x >= 1 : s.insert >= 0 && stage[s.insert] <= x
          if oldIndex[r] >= 0 && (s.lastDelete || s.delete >= 0) && !deleted { present.append((r, false, oldKey)) }
          if newIndex[r] >= 0 && (s.firstInsert || s.insert >= 0) && inserted { present.append((r, true, newKey)) }
        }
      }
      present.sort { $0.key < $1.key }
      return present.map { ($0.record, $0.isNew) }
    }
    for x in Set(reloading.map { stage[sections[$0].update] }) {
      let before = order(after: x - 1), after = order(after: x)
      let deleted = before.indices.filter { b in !after.contains { $0 == before[b] } }
      let inserted = after.indices.filter { a in !before.contains { $0 == after[a] } }
      for r in reloading where stage[sections[r].update] == x {
        let s = before.firstIndex { $0.record == r && !$0.isNew }!
        var target = s - deleted.count { $0 < s }
        for i in inserted where i <= target { target += 1 }
        if target != after.firstIndex(where: { $0.record == r && !$0.isNew })! { return false }
      }
    }
    return true
  }

  func records(of need: Need) -> [Int] {
    func record(_ p: Place) -> Int {
      switch p { case .kept(let r), .deleted(let r), .inserted(let r): return r }
    }
    switch need {
    case .freeStage(let r): return [r]
    case .reinsert(let s, let t): return [s, t]
    case .move(let from, let to, _): return [record(from), record(to)]
    }
  }
}
