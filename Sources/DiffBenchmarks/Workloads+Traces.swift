import DiffVerification
import SnapshotDiff

// The built-in sessions: each a trace from a fixed seed, made one snapshot
// at a time (never held whole), as an app would apply them to one screen.

/// `trace-paging`: a banner of 5 above a product list that grows by a page
/// of 20 per apply: 501 snapshots, 500 applies.
func pagingSession() -> TraceSource {
  let banner = SnapshotDraft.Section(id: "banner", items: ids("banner-", 0..<5))
  var page = 0
  return TraceSource {
    guard page <= 500 else { return nil }
    page += 1
    let products = (0..<(20 * page)).map { (id: "product-\($0)", content: "\(999 + $0 % 50 * 100)") }
    return TraceSnapshot(name: "page \(page)", snapshot: try! SnapshotDraft(sections: [banner, .init(id: "products", items: products)]).snapshot())
  }
}

/// `trace-chat`: 10,000 messages; each apply appends 1–3, and now and then
/// edits one (its content) or deletes one: 1,000 applies.
func chatSession() -> TraceSource {
  var rng = SplitMix64(seed: Workload.seed &+ 10, iteration: 0)
  var messages = (0..<10_000).map { (id: "m\($0)", content: "text \($0)") }
  var next = messages.count
  var step = -1
  return TraceSource {
    step += 1
    guard step <= 1_000 else { return nil }
    if step > 0 {
      for _ in 0..<rng.int(in: 1...3) {
        messages.append(("m\(next)", "text \(next)"))
        next += 1
      }
      if rng.chance(0.1) { messages[rng.int(below: messages.count)].content += " (edited)" }
      if rng.chance(0.05) { messages.remove(at: rng.int(below: messages.count)) }
    }
    return TraceSnapshot(name: "apply \(step)", snapshot: try! one(messages, section: "messages").snapshot())
  }
}

/// `trace-search`: 50,000 items filtered by a query typed one character at
/// a time, then erased: the list narrows and widens again; 20 applies.
func searchSession() -> TraceSource {
  var rng = SplitMix64(seed: Workload.seed &+ 11, iteration: 0)
  let letters = Array("abcd")
  let items = (0..<50_000).map { k in
    (id: "item-\(k)", content: String((0..<12).map { _ in letters[rng.int(below: letters.count)] }))
  }
  let query = Array("abcadbcadb")
  // Query lengths: 0, 1, …, 10, 9, …, 0.
  let lengths = Array(0...query.count) + Array((0..<query.count).reversed())
  var step = 0
  return TraceSource {
    guard step < lengths.count else { return nil }
    let typed = String(query[0..<lengths[step]])
    step += 1
    let shown = typed.isEmpty ? items : items.filter { $0.content.contains(typed) }
    return TraceSnapshot(name: "query '\(typed)'", snapshot: try! one(shown, section: "results").snapshot())
  }
}

/// `trace-feed`: pull to refresh on a ranked feed of 1,000: new items at the
/// top, scores re-rank a few percent, the tail falls off; 200 applies.
func feedSession() -> TraceSource {
  var rng = SplitMix64(seed: Workload.seed &+ 12, iteration: 0)
  // (id, score): ranked by score, highest first; content is the score.
  var feed = (0..<1_000).map { (id: "post-\($0)", score: 1_000_000 - $0 * 100) }
  var next = feed.count
  var top = 1_000_000
  var step = -1
  return TraceSource {
    step += 1
    guard step <= 200 else { return nil }
    if step > 0 {
      for _ in 0..<rng.int(in: 3...15) {
        top += 100
        feed.append(("post-\(next)", top))
        next += 1
      }
      for _ in 0..<(feed.count * 3 / 100) {
        let k = rng.int(below: feed.count)
        feed[k].score += rng.int(in: -5_000...5_000)
      }
      feed.sort { $0.score != $1.score ? $0.score > $1.score : $0.id < $1.id }
      feed.removeLast(max(0, feed.count - 1_000))
    }
    return TraceSnapshot(
      name: "refresh \(step)", snapshot: try! one(feed.map { ($0.id, "\($0.score)") }, section: "feed").snapshot())
  }
}

/// `trace-appstore`: the `appstore-sections` screen over a day: sections
/// reorder, a feature section is replaced, rankings shuffle, items change;
/// 100 applies.
func appStoreSession() -> TraceSource {
  var rng = SplitMix64(seed: Workload.seed &+ 13, iteration: 0)
  var (screen, _) = appStore()
  var features = 0
  var themes = 23
  var step = -1
  return TraceSource {
    step += 1
    guard step <= 100 else { return nil }
    if step > 0 {
      if rng.chance(0.2) {
        let a = rng.int(below: screen.sections.count), b = rng.int(below: screen.sections.count)
        screen.sections.swapAt(a, b)
      }
      if rng.chance(0.1), let f = screen.sections.firstIndex(where: { $0.id.hasPrefix("feature") }) {
        features += 1
        screen.sections[f] = .init(id: "feature-\(features)", content: "Featured \(features)", items: ids("app-f\(features)-", 0..<10))
      }
      if let r = screen.sections.firstIndex(where: { $0.id == "ranking" }) {
        for _ in 0..<rng.int(in: 1...5) {
          screen.sections[r].items.swapAt(rng.int(below: 30), rng.int(below: 30))
        }
      }
      let s = rng.int(below: screen.sections.count)
      if !screen.sections[s].items.isEmpty {
        screen.sections[s].items[rng.int(below: screen.sections[s].items.count)].content = "update \(step)"
      }
      if rng.chance(0.2), let t = screen.sections.firstIndex(where: { $0.id == "theme" }) {
        screen.sections[t].items.append(("app-t\(themes)", ""))
        themes += 1
      }
    }
    return TraceSnapshot(name: "hour \(step)", snapshot: try! screen.snapshot())
  }
}
