import Foundation

/// Reduces a failing pair while a predicate still says it fails the same way:
/// drop sections, then halves, quarters … single items (from both sides, then
/// from one), then simplify contents and rename ids and sections to short
/// names. Greedy, repeated until a whole round finds nothing smaller.
///
/// Every candidate keeps ids unique, so it is always a valid pair. Candidates
/// are made one at a time, as they are tried: a round that succeeds early
/// builds only the few it tried.
/// What shrinks a failing case: a pair (``Shrinker``) or a session
/// (``TraceShrinker``), within a budget of candidates and seconds.
package protocol FailureShrinker {
  associatedtype Case
  var seconds: Double { get set }
  var isExhausted: Bool { get }
  /// Whether the case still fails the same way (one candidate of the budget).
  func stillFails(_ candidate: Case) -> Bool
  mutating func shrink(_ start: Case) -> Case
}

extension FailureShrinker {
  /// Re-checks `start`, then shrinks it within `seconds` from now (the
  /// re-check included): the smallest case that still fails, and whether
  /// it failed again at all and how far shrinking got.
  package mutating func shrinkIfItFailsAgain(_ start: Case, seconds: Double) -> (result: Case, failsAgain: Bool, finished: Bool) {
    let deadline = Date(timeIntervalSinceNow: seconds)
    guard seconds > 0 else { return (start, true, false) }
    guard stillFails(start) else { return (start, false, false) }
    self.seconds = max(0, deadline.timeIntervalSinceNow)
    // The shrunk case is the last candidate that failed: not checked again
    // (a hang would cost one more deadline past the time given).
    let shrunk = shrink(start)
    return (shrunk, true, !isExhausted)
  }
}

package struct Shrinker: FailureShrinker {
  package typealias Pair = (old: SnapshotDraft, new: SnapshotDraft)
  /// A candidate, made when it is tried; `nil` when it would change nothing.
  typealias Candidate = () -> Pair?
  /// Whether a candidate still fails the same way.
  package var check: (Pair) -> Bool
  package func stillFails(_ candidate: Pair) -> Bool { check(candidate) }
  /// Upper bound on candidates tried, so a slow predicate cannot run forever …
  package var budget: Int
  /// … and on the time spent (a hang costs a whole timeout per candidate).
  package var seconds: Double
  package private(set) var tried = 0
  private var deadline = Date.distantFuture
  /// The clock the time budget reads (tests give one of their own, so that
  /// the budget's verdict never depends on the machine's speed).
  package var now: () -> Date = { Date() }

  package init(budget: Int = 5_000, seconds: Double = .infinity, stillFails: @escaping (Pair) -> Bool) {
    self.budget = budget
    self.seconds = seconds
    self.check = stillFails
  }

  /// Whether the budget of candidates or time is spent.
  package var isExhausted: Bool { tried >= budget || now() >= deadline }

  package mutating func shrink(_ start: Pair) -> Pair {
    deadline = seconds.isFinite ? now().addingTimeInterval(seconds) : .distantFuture
    var best = start
    var progress = true
    while progress && !isExhausted {
      progress = false
      for make in sectionRemovals(best) + itemRemovals(best) {
        if isExhausted { break }
        guard let candidate = make(), attempt(candidate) else { continue }
        best = candidate
        progress = true
        break
      }
      if progress { continue }
      for make in simplifications(best) {
        if isExhausted { break }
        guard let candidate = make(), candidate != best, attempt(candidate) else { continue }
        best = candidate
        progress = true
        break
      }
    }
    return best
  }

  mutating func attempt(_ candidate: Pair) -> Bool {
    guard !isExhausted else { return false }
    tried += 1
    return stillFails(candidate)
  }

  /// Sections dropped from both sides (by id), then from one side.
  func sectionRemovals(_ pair: Pair) -> [Candidate] {
    var result: [Candidate] = []
    let ids = pair.old.sections.map(\.id) + pair.new.sections.map(\.id).filter { id in !pair.old.sections.contains { $0.id == id } }
    for id in ids {
      result.append {
        var c = pair
        c.old.sections.removeAll { $0.id == id }
        c.new.sections.removeAll { $0.id == id }
        return c
      }
    }
    for side in 0..<2 {
      let sections = side == 0 ? pair.old.sections : pair.new.sections
      for s in sections.indices {
        result.append {
          var c = pair
          if side == 0 { c.old.sections.remove(at: s) } else { c.new.sections.remove(at: s) }
          return c
        }
      }
    }
    return result
  }

  /// Chunks of items dropped, largest first: by id from both sides, then
  /// from one side.
  func itemRemovals(_ pair: Pair) -> [Candidate] {
    let ids = pair.old.sections.flatMap { $0.items.map(\.id) } + pair.new.sections.flatMap { $0.items.map(\.id) }
    var seen = Set<String>()
    let unique = ids.filter { seen.insert($0).inserted }
    var result: [Candidate] = []
    var chunk = max(1, unique.count / 2)
    while true {
      for start in stride(from: 0, to: unique.count, by: chunk) {
        let range = start..<min(unique.count, start + chunk)
        result.append {
          let drop = Set(unique[range])
          var c = pair
          for s in c.old.sections.indices { c.old.sections[s].items.removeAll { drop.contains($0.id) } }
          for s in c.new.sections.indices { c.new.sections[s].items.removeAll { drop.contains($0.id) } }
          return c
        }
      }
      if chunk == 1 { break }
      chunk /= 2
    }
    for id in unique {
      for side in 0..<2 {
        result.append {
          var c = pair
          if side == 0 {
            for s in c.old.sections.indices { c.old.sections[s].items.removeAll { $0.id == id } }
          } else {
            for s in c.new.sections.indices { c.new.sections[s].items.removeAll { $0.id == id } }
          }
          return c == pair ? nil : c
        }
      }
    }
    return result
  }

  /// Contents emptied one at a time, then short names for everything.
  func simplifications(_ pair: Pair) -> [Candidate] {
    var result: [Candidate] = []
    for side in 0..<2 {
      let draft = side == 0 ? pair.old : pair.new
      for s in draft.sections.indices {
        if !draft.sections[s].content.isEmpty {
          result.append {
            var c = pair
            if side == 0 { c.old.sections[s].content = "" } else { c.new.sections[s].content = "" }
            return c
          }
        }
        for k in draft.sections[s].items.indices where !draft.sections[s].items[k].content.isEmpty {
          result.append {
            var c = pair
            if side == 0 { c.old.sections[s].items[k].content = "" } else { c.new.sections[s].items[k].content = "" }
            return c
          }
        }
      }
    }
    result.append { renamed(pair) }
    return result
  }

  /// Items named a, b, c … and sections S1, S2 … in order of first appearance;
  /// contents c1, c2 ….
  func renamed(_ pair: Pair) -> Pair {
    var items: [String: String] = [:], sections: [String: String] = [:], contents: [String: String] = [:]
    func name(_ id: String, _ table: inout [String: String], _ make: (Int) -> String) -> String {
      if let n = table[id] { return n }
      let n = make(table.count)
      table[id] = n
      return n
    }
    func letters(_ k: Int) -> String {
      var k = k, s = ""
      repeat { s = String(UnicodeScalar(UInt8(97 + k % 26))) + s; k = k / 26 - 1 } while k >= 0
      return s
    }
    var c = pair
    for side in 0..<2 {
      var draft = side == 0 ? c.old : c.new
      for s in draft.sections.indices {
        draft.sections[s].id = name(draft.sections[s].id, &sections) { "S\($0 + 1)" }
        if !draft.sections[s].content.isEmpty {
          draft.sections[s].content = name(draft.sections[s].content, &contents) { "c\($0 + 1)" }
        }
        for k in draft.sections[s].items.indices {
          draft.sections[s].items[k].id = name(draft.sections[s].items[k].id, &items, letters)
          if !draft.sections[s].items[k].content.isEmpty {
            draft.sections[s].items[k].content = name(draft.sections[s].items[k].content, &contents) { "c\($0 + 1)" }
          }
        }
      }
      if side == 0 { c.old = draft } else { c.new = draft }
    }
    return c
  }
}
