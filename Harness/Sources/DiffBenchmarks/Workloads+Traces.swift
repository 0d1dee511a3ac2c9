import DiffVerification
import SnapshotDiff

// The built-in sessions: each a trace from a fixed seed, made one snapshot
// at a time (never held whole), as an app would apply them to one screen.

/// A session of `applies` applies: `snapshot(step)` for step 0 (the start)
/// through `applies`, in order, each made when it is asked for.
func session(applies: Int, _ snapshot: @escaping (_ step: Int) -> TraceSnapshot) -> TraceSource {
  var step = -1
  return TraceSource {
    step += 1
    return step <= applies ? snapshot(step) : nil
  }
}

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
  return session(applies: 1_000) { step in
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
  return session(applies: 200) { step in
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
  return session(applies: 100) { step in
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

/// `trace-ranking`: a daily ranking of 3,500 entries in 36 categories over
/// 2,500 days: each day about 110 entries leave, 110 arrive, 1,800 change
/// their figures (content) and 60 move, within their category or to another.
/// The shape of a real recording (a ranking's every daily revision).
func rankingSession() -> TraceSource {
  var rng = SplitMix64(seed: Workload.seed &+ 14, iteration: 0)
  var next = 0
  func entry() -> (id: String, content: String) {
    next += 1
    return ("entry-\(next)", "\(rng.int(below: 100_000)) stars")
  }
  var screen = SnapshotDraft(sections: (0..<36).map { c in
    .init(id: "category-\(c)", content: "Category \(c)", items: (0..<(3_500 / 36 + (c < 3_500 % 36 ? 1 : 0))).map { _ in entry() })
  })
  return session(applies: 2_500) { step in
    if step > 0 {
      func anyItem() -> (section: Int, item: Int)? {
        let s = rng.int(below: screen.sections.count)
        return screen.sections[s].items.isEmpty ? nil : (s, rng.int(below: screen.sections[s].items.count))
      }
      for _ in 0..<rng.int(in: 90...130) {
        if let (s, i) = anyItem() { screen.sections[s].items.remove(at: i) }
      }
      for _ in 0..<rng.int(in: 90...130) {
        let s = rng.int(below: screen.sections.count)
        screen.sections[s].items.insert(entry(), at: rng.int(in: 0...screen.sections[s].items.count))
      }
      for _ in 0..<rng.int(in: 50...70) {
        guard let (s, i) = anyItem() else { continue }
        let moved = screen.sections[s].items.remove(at: i)
        let t = rng.chance(0.5) ? s : rng.int(below: screen.sections.count)
        screen.sections[t].items.insert(moved, at: rng.int(in: 0...screen.sections[t].items.count))
      }
      for s in screen.sections.indices {
        for i in screen.sections[s].items.indices where rng.chance(0.51) {
          screen.sections[s].items[i].content = "\(rng.int(below: 100_000)) stars"
        }
      }
    }
    return TraceSnapshot(name: "day \(step)", snapshot: try! screen.snapshot())
  }
}

/// `trace-frontpage`: a news front page of 30 stories refreshed 500 times:
/// nearly every story's points and comments change each time, 1–3 stories
/// fall off and as many arrive, 5–10 change places.
func frontPageSession() -> TraceSource {
  var rng = SplitMix64(seed: Workload.seed &+ 15, iteration: 0)
  var next = 0
  func story() -> (id: String, content: String) {
    next += 1
    return ("story-\(40_000_000 + next)", "\(rng.int(below: 50)) points, \(rng.int(below: 20)) comments")
  }
  var stories = (0..<30).map { _ in story() }
  return session(applies: 500) { step in
    if step > 0 {
      let turnover = rng.int(in: 1...3)
      for _ in 0..<turnover { stories.remove(at: rng.int(below: stories.count)) }
      for _ in 0..<turnover { stories.insert(story(), at: rng.int(in: 0...stories.count)) }
      for _ in 0..<rng.int(in: 5...10) {
        let moved = stories.remove(at: rng.int(below: stories.count))
        stories.insert(moved, at: rng.int(in: 0...stories.count))
      }
      for k in stories.indices where rng.chance(0.9) {
        stories[k].content = "\(rng.int(below: 2_000)) points, \(rng.int(below: 900)) comments"
      }
    }
    return TraceSnapshot(name: "refresh \(step)", snapshot: try! one(stories, section: "stories").snapshot())
  }
}
