// The general plan's fallback to the fewest stages: where its phases come
// to three or more, a search for a stage per operation in fewer.
extension _StagePlan {
  /// A stage (0-based) for each operation of the matching, and the count.
  ///
  /// Inserted sections go in the first stage and deleted ones in the last
  /// (nothing gains from later or earlier); the search places each kept
  /// section's move and update, and then every item's operations fit
  /// around them: an item operation is never in a stage that moves or
  /// updates its section (rule 6), an item leaving a deleted section moves
  /// before the last stage (rule 4), one joining an inserted section after
  /// the first (rule 5), and a moved item that changes is updated in
  /// another stage than it moves (rule 2), before where it was or after
  /// where it goes.
  struct Schedule {
    var count: Int
    var sectionMove: [Int]
    var sectionUpdate: [Int]
    /// Per new item: the stage it moves (or crosses) in, and is updated in.
    var itemMove: [Int]
    var itemUpdate: [Int]
    /// Per new section: the stage of its item deletes, inserts and in-place updates.
    var inPlace: [Int]
  }

  /// Search nodes tried for one count before the phases stand.
  static let scheduleBudget = 100_000

  /// A schedule in fewer than `limit` stages, if the rules allow one.
  /// Places: a new section's index, or `newSections + s` for deleted old section `s`.
  /// - Parameter reloadsApart: whether no section is updated in a stage
  ///   that moves sections: UIKit places a section reload ignoring moves
  ///   (``Changeset/Stage/apply(to:updates:)``), so beside one it can land elsewhere.
  static func schedule(
    _ a: Analysis, oldStarts: [Int], newStarts: [Int], matching m: Matching,
    itemChanged: [Bool], sectionChanged: [Bool], below limit: Int, reloadsApart: Bool = false
  ) -> Schedule? {
    let newSections = newStarts.count - 1, newItems = newStarts.last!
    let newSectionOf = _sectionOfEachItem(newStarts)
    // Variables: the move and update of each kept section that has them.
    var moveVariable = [Int](repeating: -1, count: newSections)
    var updateVariable = [Int](repeating: -1, count: newSections)
    var variables = 0
    // An update variable right after its section's move variable: the two apart (rule 2).
    var apart: [Bool] = []
    var isMove: [Bool] = []
    for t in 0..<newSections where m.sectionOldIndex[t] >= 0 {
      if m.sectionMoved[t] { moveVariable[t] = variables; variables += 1; apart.append(false); isMove.append(true) }
      if sectionChanged[t] { updateVariable[t] = variables; variables += 1; apart.append(m.sectionMoved[t]); isMove.append(false) }
    }
    struct Need { var from: Int, to: Int, updated: Bool, moves: Bool }
    func place(ofOld s: Int) -> Int { a.oldSectionNew[s] >= 0 ? a.oldSectionNew[s] : newSections + s }
    // Each distinct need once, found by sorting packed keys (no hashing on this path).
    let places = newSections + oldStarts.count
    var keys: [Int] = []
    func need(from: Int, to: Int, updated: Bool, moves: Bool) {
      keys.append(((from * places + to) * 2 + (updated ? 1 : 0)) * 2 + (moves ? 1 : 0))
    }
    for j in 0..<newItems {
      let t = Int(newSectionOf[j]), o = m.itemOldIndex[j]
      if o < 0 {
        if m.sectionOldIndex[t] >= 0 { need(from: t, to: t, updated: false, moves: false) }
      } else if a.crosses[j] || m.itemMoved[j] {
        need(from: place(ofOld: Int(a.oldSectionOf[o])), to: t, updated: itemChanged[j], moves: true)
      } else if itemChanged[j] {
        need(from: t, to: t, updated: false, moves: false)
      }
    }
    for i in 0..<(oldStarts.last!) where a.oldItemNew[i] < 0 {
      let t = a.oldSectionNew[Int(a.oldSectionOf[i])]
      if t >= 0 { need(from: t, to: t, updated: false, moves: false) }
    }
    keys.sort()
    var needList: [Need] = []
    for (n, key) in keys.enumerated() where n == 0 || keys[n - 1] != key {
      needList.append(Need(from: key / 4 / places, to: key / 4 % places, updated: key & 2 != 0, moves: key & 1 != 0))
    }

    for k in 2..<max(limit, 2) {
      var stage = [Int](repeating: -1, count: variables)
      func busy(_ p: Int, _ x: Int) -> Bool {
        guard p < newSections else { return false }
        return (moveVariable[p] >= 0 && stage[moveVariable[p]] == x) || (updateVariable[p] >= 0 && stage[updateVariable[p]] == x)
      }
      func isKept(_ p: Int) -> Bool { p < newSections && m.sectionOldIndex[p] >= 0 }
      /// Stages for a need: (move, update), -1 where none; nil if none fit.
      func stages(for n: Need) -> (Int, Int)? {
        guard n.moves else { return (0..<k).first { !busy(n.from, $0) }.map { ($0, -1) } }
        for x in 0..<k {
          let leaves = isKept(n.from) ? !busy(n.from, x) : x < k - 1
          let joins = isKept(n.to) ? !busy(n.to, x) : x > 0
          guard leaves && joins else { continue }
          guard n.updated else { return (x, -1) }
          if let u = (0..<x).first(where: { !isKept(n.from) || !busy(n.from, $0) }) { return (x, u) }
          if let u = (x + 1..<k).first(where: { !isKept(n.to) || !busy(n.to, $0) }) { return (x, u) }
        }
        return nil
      }
      func variablesOf(_ p: Int) -> [Int] { p < newSections ? [moveVariable[p], updateVariable[p]] : [] }
      var due = [[Need]](repeating: [], count: variables + 1)
      for n in needList { due[((variablesOf(n.from) + variablesOf(n.to)).max() ?? -1) + 1].append(n) }
      var nodes = 0
      /// Whether the variables from `v` on can be placed; `nil` past the budget.
      func assign(_ v: Int) -> Bool? {
        if v == variables { return true }
        for x in 0..<k {
          nodes += 1
          if nodes > scheduleBudget { return nil }
          stage[v] = x
          if apart[v] && stage[v - 1] == x { continue }
          if reloadsApart && (0..<v).contains(where: { isMove[$0] != isMove[v] && stage[$0] == x }) { continue }
          guard due[v + 1].allSatisfy({ stages(for: $0) != nil }) else { continue }
          switch assign(v + 1) {
          case true?: return true
          case nil: return nil
          case false?: continue
          }
        }
        stage[v] = -1
        return false
      }
      guard due[0].allSatisfy({ stages(for: $0) != nil }) else { continue }
      switch assign(0) {
      case nil: return nil
      case false?: continue
      case true?: break
      }
      var schedule = Schedule(
        count: k, sectionMove: [Int](repeating: -1, count: newSections), sectionUpdate: [Int](repeating: -1, count: newSections),
        itemMove: [Int](repeating: -1, count: newItems), itemUpdate: [Int](repeating: -1, count: newItems),
        inPlace: [Int](repeating: -1, count: newSections))
      for t in 0..<newSections {
        if moveVariable[t] >= 0 { schedule.sectionMove[t] = stage[moveVariable[t]] }
        if updateVariable[t] >= 0 { schedule.sectionUpdate[t] = stage[updateVariable[t]] }
        if isKept(t) { schedule.inPlace[t] = (0..<k).first { !busy(t, $0) } ?? -1 }
      }
      for j in 0..<newItems where m.itemOldIndex[j] >= 0 {
        let t = Int(newSectionOf[j]), o = m.itemOldIndex[j]
        if a.crosses[j] || m.itemMoved[j] {
          let (x, u) = stages(for: Need(from: place(ofOld: Int(a.oldSectionOf[o])), to: t, updated: itemChanged[j], moves: true))!
          schedule.itemMove[j] = x
          schedule.itemUpdate[j] = u
        } else if itemChanged[j] {
          schedule.itemUpdate[j] = schedule.inPlace[t]
        }
      }
      return schedule
    }
    return nil
  }

  /// The state after stage `x` of a schedule (-1: the old snapshot).
  /// Sections and items keep their order unless they move: each is placed
  /// after the unmoved kept ones before it (anchors), where it was until
  /// it moves and where it goes after, old places before new ones.
  static func scheduledState(
    after x: Int, _ plan: Schedule, _ a: Analysis, oldStarts: [Int], newStarts: [Int], matching m: Matching
  ) -> State {
    let newSections = newStarts.count - 1, oldSections = oldStarts.count - 1, newItems = newStarts.last!
    typealias Key = (gap: Int, side: Int, position: Int)
    func before(_ l: Key, _ r: Key) -> Bool { (l.gap, l.side, l.position) < (r.gap, r.side, r.position) }
    // Anchor sections: kept and unmoved; how many precede each old and new index.
    var anchorsBeforeNew = [Int](repeating: 0, count: newSections + 1)
    for t in 0..<newSections {
      anchorsBeforeNew[t + 1] = anchorsBeforeNew[t] + (m.sectionOldIndex[t] >= 0 && !m.sectionMoved[t] ? 1 : 0)
    }
    var anchorsBeforeOld = [Int](repeating: 0, count: oldSections + 1)
    for s in 0..<oldSections {
      let t = a.oldSectionNew[s]
      anchorsBeforeOld[s + 1] = anchorsBeforeOld[s] + (t >= 0 && !m.sectionMoved[t] ? 1 : 0)
    }
    var sections: [(key: Key, token: Int)] = []
    for t in 0..<newSections {
      let o = m.sectionOldIndex[t]
      if o < 0 {
        if x >= 0 { sections.append(((anchorsBeforeNew[t], 1, t), t)) }  // inserted in stage 0
      } else if !m.sectionMoved[t] {
        sections.append(((anchorsBeforeNew[t], 2, 0), t))
      } else if plan.sectionMove[t] <= x {
        sections.append(((anchorsBeforeNew[t], 1, t), t))
      } else {
        sections.append(((anchorsBeforeOld[o], 0, o), t))
      }
    }
    if x < plan.count - 1 {
      for s in 0..<oldSections where a.oldSectionNew[s] < 0 { sections.append(((anchorsBeforeOld[s], 0, s), newSections + s)) }
    }
    sections.sort { before($0.key, $1.key) }

    func isAnchor(_ j: Int) -> Bool {
      let o = m.itemOldIndex[j]
      return o >= 0 && !a.crosses[j] && !m.itemMoved[j]
    }
    var state = State()
    for (_, token) in sections {
      var items: [(key: Key, token: Int32)] = []
      if token >= newSections {
        let s = token - newSections
        for i in oldStarts[s]..<oldStarts[s + 1] {
          let j = Int(a.oldItemNew[i])
          if j < 0 || plan.itemMove[j] > x { items.append(((0, 0, i), j < 0 ? Int32(newItems + i) : Int32(j))) }
        }
      } else if m.sectionOldIndex[token] < 0 {
        for j in newStarts[token]..<newStarts[token + 1] where m.itemOldIndex[j] < 0 || plan.itemMove[j] <= x {
          items.append(((0, 1, j), Int32(j)))
        }
      } else {
        let s = m.sectionOldIndex[token], inPlaceDone = plan.inPlace[token] <= x
        var gap = 0
        for i in oldStarts[s]..<oldStarts[s + 1] {
          let j = Int(a.oldItemNew[i])
          if j >= 0 && isAnchor(j) {
            items.append(((gap, 2, 0), Int32(j)))
            gap += 1
          } else if j >= 0 ? plan.itemMove[j] > x : !inPlaceDone {
            items.append(((gap, 0, i), j >= 0 ? Int32(j) : Int32(newItems + i)))
          }
        }
        gap = 0
        for j in newStarts[token]..<newStarts[token + 1] {
          if isAnchor(j) { gap += 1; continue }
          if m.itemOldIndex[j] >= 0 ? plan.itemMove[j] <= x : inPlaceDone { items.append(((gap, 1, j), Int32(j))) }
        }
        items.sort { before($0.key, $1.key) }
      }
      state.sections.append(token)
      state.items.append(contentsOf: items.map(\.token))
      state.closeSection()
    }
    return state
  }
}
