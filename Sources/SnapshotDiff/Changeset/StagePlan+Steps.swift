// The general plan's steps, in order: what the matching needs (Analysis),
// the stage of each phase (Phases), which operation goes in which phase
// (assignPhases), and the states the stages go between.
extension _StagePlan {
  /// What the general plan reads off the matching: where each item and
  /// section went, which items cross sections, which sections must come
  /// early, and what stops stages 2 and 3 from being one.
  struct Analysis {
    var oldSectionOf: [Int32]
    /// For each old section, its new index, or -1 when deleted.
    var oldSectionNew: [Int]
    /// For each old item, its new flat index, or -1 when removed.
    var oldItemNew: [Int32]
    var crosses: [Bool]
    /// New sections inserted in the pre stage (kept items join them).
    var early: [Bool]
    /// Deleted old sections that a kept item leaves.
    var keptLeaves: [Bool]
    var needsPre = false
    var split = false

    init(oldStarts: [Int], newStarts: [Int], matching m: Matching, itemChanged: [Bool], sectionChanged: [Bool]) {
      let oldSections = oldStarts.count - 1, newSections = newStarts.count - 1
      let oldItems = oldStarts.last!, newItems = newStarts.last!
      oldSectionOf = _sectionOfEachItem(oldStarts)
      let newSectionOf = _sectionOfEachItem(newStarts)
      oldSectionNew = [Int](repeating: -1, count: oldSections)
      for t in 0..<newSections where m.sectionOldIndex[t] >= 0 { oldSectionNew[m.sectionOldIndex[t]] = t }
      oldItemNew = [Int32](repeating: -1, count: oldItems)
      for j in 0..<newItems where m.itemOldIndex[j] >= 0 { oldItemNew[m.itemOldIndex[j]] = Int32(j) }
      crosses = [Bool](repeating: false, count: newItems)
      early = [Bool](repeating: false, count: newSections)
      keptLeaves = [Bool](repeating: false, count: oldSections)
      // Sections that stage 3 moves or updates, and whether items change in them.
      var sectionChanges = [Bool](repeating: false, count: newSections)
      for t in 0..<newSections where m.sectionOldIndex[t] >= 0 && (m.sectionMoved[t] || sectionChanged[t]) {
        sectionChanges[t] = true
      }
      for j in 0..<newItems {
        let o = m.itemOldIndex[j]
        let t = Int(newSectionOf[j])
        if o < 0 {
          if sectionChanges[t] { split = true }  // an insert into a changed section
          continue
        }
        let s = Int(oldSectionOf[o])
        let moved = m.sectionOldIndex[t] != s || m.itemMoved[j]
        crosses[j] = m.sectionOldIndex[t] != s
        if crosses[j] {
          if m.sectionOldIndex[t] < 0 { early[t] = true; needsPre = true }
          if oldSectionNew[s] < 0 { split = true; keptLeaves[s] = true }  // leaves a deleted section
        }
        if moved && itemChanged[j] { needsPre = true }
        if (moved || itemChanged[j]) && (sectionChanges[t] || (oldSectionNew[s] >= 0 && sectionChanges[oldSectionNew[s]])) {
          split = true
        }
      }
      if !split {
        // A delete inside a kept section that stage 3 changes.
        for i in 0..<oldItems where oldItemNew[i] < 0 {
          let t = oldSectionNew[Int(oldSectionOf[i])]
          if t >= 0 && sectionChanges[t] { split = true; break }
        }
      }
    }
  }

  /// The stage number of each phase (-1 for a pre stage the plan lacks).
  struct Phases {
    let pre: Int
    let items: Int
    let sections: Int
    let post: Int

    init(_ a: Analysis) {
      pre = a.needsPre ? 0 : -1
      items = pre + 1
      sections = a.split ? items + 1 : items
      post = sections + 1
    }
  }

  /// Sets the phase in which each kept item and section moves and is
  /// updated. Returns whether a last stage is needed (a section that moves
  /// and changes, with no pre stage free to update it).
  mutating func assignPhases(
    _ phase: Phases, _ a: Analysis, matching m: Matching, itemChanged: [Bool], sectionChanged: [Bool]
  ) -> Bool {
    // Old sections where stage 1 updates an item: a section can't be updated there too.
    var preItemUpdate = [Bool](repeating: false, count: oldSections)
    for j in 0..<newItems where m.itemOldIndex[j] >= 0 && itemChanged[j] && (a.crosses[j] || m.itemMoved[j]) {
      preItemUpdate[Int(a.oldSectionOf[m.itemOldIndex[j]])] = true
    }
    var needsPost = false
    itemMovePhase = [Int8](repeating: -1, count: newItems)
    itemUpdatePhase = [Int8](repeating: -1, count: newItems)
    for j in 0..<newItems where m.itemOldIndex[j] >= 0 {
      let moved = a.crosses[j] || m.itemMoved[j]
      if m.itemMoved[j] { itemMovePhase[j] = Int8(phase.items) }
      if itemChanged[j] { itemUpdatePhase[j] = Int8(moved ? phase.pre : phase.items) }
    }
    sectionMovePhase = [Int](repeating: -1, count: newSections)
    sectionUpdatePhase = [Int](repeating: -1, count: newSections)
    for t in 0..<newSections where m.sectionOldIndex[t] >= 0 {
      if m.sectionMoved[t] { sectionMovePhase[t] = phase.sections }
      if sectionChanged[t] {
        if !m.sectionMoved[t] {
          sectionUpdatePhase[t] = phase.sections
        } else if a.needsPre && !preItemUpdate[m.sectionOldIndex[t]] {
          sectionUpdatePhase[t] = phase.pre
        } else {
          sectionUpdatePhase[t] = phase.post
          needsPost = true
        }
      }
    }
    return needsPost
  }

  /// State 0: the old snapshot in tokens.
  static func oldState(oldStarts: [Int], _ a: Analysis, newSections: Int, newItems: Int) -> State {
    // Capacities reserved: growth by doubling would allocate each list twice over.
    var state = State()
    state.items.reserveCapacity(oldStarts.last!)
    for s in 0..<(oldStarts.count - 1) {
      state.sections.append(a.oldSectionNew[s] >= 0 ? a.oldSectionNew[s] : newSections + s)
      for i in oldStarts[s]..<oldStarts[s + 1] {
        state.items.append(a.oldItemNew[i] >= 0 ? a.oldItemNew[i] : Int32(newItems + i))
      }
      state.closeSection()
    }
    return state
  }

  /// State 1: early sections placed among the old ones, before the first
  /// kept, unmoved section that follows them in the new order, with their
  /// new items only.
  static func withEarlySections(
    _ state0: State, _ a: Analysis, oldStarts: [Int], newStarts: [Int], matching m: Matching
  ) -> State {
    let earlySections = (0..<(newStarts.count - 1)).filter { a.early[$0] }
    var state = State()
    var earlyItems = 0
    for t in earlySections {
      for j in newStarts[t]..<newStarts[t + 1] where m.itemOldIndex[j] < 0 { earlyItems += 1 }
    }
    state.items.reserveCapacity(oldStarts.last! + earlyItems)
    var next = 0
    func placeEarly(before limit: Int, into state: inout State) {
      while next < earlySections.count && earlySections[next] < limit {
        let t = earlySections[next]
        state.sections.append(t)
        for j in newStarts[t]..<newStarts[t + 1] where m.itemOldIndex[j] < 0 { state.items.append(Int32(j)) }
        state.closeSection()
        next += 1
      }
    }
    for s in 0..<(oldStarts.count - 1) {
      let t = a.oldSectionNew[s]
      if t >= 0 && !m.sectionMoved[t] { placeEarly(before: t, into: &state) }
      state.sections.append(state0.sections[s])
      state.items.append(contentsOf: state0.items[state0.starts[s]..<state0.starts[s + 1]])
      state.closeSection()
    }
    placeEarly(before: Int.max, into: &state)
    return state
  }

  /// State 2 (a split plan): sections as in state 1 less the deleted ones
  /// no kept item leaves, items as in the new snapshot; a deleted section
  /// that stays keeps only its removed items.
  static func itemsInPlace(_ state1: State, _ a: Analysis, oldStarts: [Int], newStarts: [Int], newItems: Int) -> State {
    let newSections = newStarts.count - 1
    var state = State()
    state.items.reserveCapacity(oldStarts.last! + newItems)
    for token in state1.sections {
      if token < newSections {
        state.items.append(contentsOf: Int32(newStarts[token])..<Int32(newStarts[token + 1]))
      } else {
        let s = token - newSections
        if !a.keptLeaves[s] { continue }
        for i in oldStarts[s]..<oldStarts[s + 1] where a.oldItemNew[i] < 0 { state.items.append(Int32(newItems + i)) }
      }
      state.sections.append(token)
      state.closeSection()
    }
    return state
  }

  /// State 3: the new snapshot.
  static func newState(newStarts: [Int]) -> State {
    var state = State()
    state.sections = Array(0..<(newStarts.count - 1))
    state.starts = newStarts
    state.items = Array(0..<Int32(newStarts.last!))
    return state
  }
}
