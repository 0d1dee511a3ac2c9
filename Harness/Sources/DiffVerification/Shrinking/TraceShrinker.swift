import Foundation

/// Reduces a failing session while a predicate still says it fails the same
/// way: fewer applies first (cut after the failing apply, then drop
/// snapshots one by one), then smaller snapshots (ids and sections dropped
/// from every snapshot at once, in halves, quarters … one at a time); a
/// session down to one apply is shrunk as a pair (``Shrinker``).
package struct TraceShrinker: FailureShrinker {
  package typealias Trace = [SnapshotDraft]
  package var check: (Trace) -> Bool
  package func stillFails(_ candidate: Trace) -> Bool { check(candidate) }
  /// The apply (from 1) that failed, when known: everything after it is cut first.
  package var failingApply: Int?
  package var budget: Int
  package var seconds: Double
  package private(set) var tried = 0
  private var deadline = Date.distantFuture
  private var pairExhausted = false

  package init(budget: Int = 3_000, seconds: Double = .infinity, stillFails: @escaping (Trace) -> Bool) {
    self.budget = budget
    self.seconds = seconds
    self.check = stillFails
  }

  package var isExhausted: Bool { tried >= budget || Date() >= deadline || pairExhausted }

  mutating func attempt(_ candidate: Trace) -> Bool {
    guard !isExhausted, candidate.count >= 2 else { return false }
    tried += 1
    return stillFails(candidate)
  }

  package mutating func shrink(_ start: Trace) -> Trace {
    deadline = seconds.isFinite ? Date(timeIntervalSinceNow: seconds) : .distantFuture
    var best = start
    if let n = failingApply, n + 1 < best.count, attempt(Array(best[...n])) { best = Array(best[...n]) }
    // Fewer applies: drop snapshots one at a time, the earliest first.
    var progress = true
    while progress && best.count > 2 && !isExhausted {
      progress = false
      for k in best.indices where best.count > 2 {
        var candidate = best
        candidate.remove(at: k)
        if attempt(candidate) { best = candidate; progress = true; break }
      }
    }
    // Smaller snapshots: ids and sections dropped everywhere at once.
    progress = true
    while progress && !isExhausted {
      progress = false
      for remove in removals(best) {
        let candidate = best.map { remove($0) }
        if candidate != best && attempt(candidate) { best = candidate; progress = true; break }
      }
    }
    // Down to a pair: the pair shrinker's simplifications (contents, names) too.
    if best.count == 2 && !isExhausted {
      let check = self.check
      var pair = Shrinker(budget: max(0, budget - tried), seconds: deadline.timeIntervalSinceNow) { check([$0.old, $0.new]) }
      let shrunk = pair.shrink((best[0], best[1]))
      tried += pair.tried
      pairExhausted = pair.isExhausted
      best = [shrunk.old, shrunk.new]
    }
    return best
  }

  /// Ways to drop ids or sections from a snapshot, larger cuts first.
  func removals(_ trace: Trace) -> [(SnapshotDraft) -> SnapshotDraft] {
    var sections: [String] = [], items: [String] = []
    var seenSections = Set<String>(), seenItems = Set<String>()
    for snapshot in trace {
      for section in snapshot.sections {
        if seenSections.insert(section.id).inserted { sections.append(section.id) }
        for item in section.items where seenItems.insert(item.id).inserted { items.append(item.id) }
      }
    }
    var result: [(SnapshotDraft) -> SnapshotDraft] = sections.map { id in
      { draft in var d = draft; d.sections.removeAll { $0.id == id }; return d }
    }
    var size = items.count / 2
    while size >= 1 {
      for start in stride(from: 0, to: items.count, by: size) {
        let chunk = Set(items[start..<min(items.count, start + size)])
        result.append { draft in
          var d = draft
          for s in d.sections.indices { d.sections[s].items.removeAll { chunk.contains($0.id) } }
          return d
        }
      }
      size /= 2
    }
    return result
  }
}
