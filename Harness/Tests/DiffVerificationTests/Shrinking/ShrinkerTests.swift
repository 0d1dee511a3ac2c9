import DiffVerification
import Foundation
import Testing

@Suite struct ShrinkerTests {
  @Test func shrinksToTheItemsThatMatter() {
    // Fails while "x" comes before "y" in new and after it in old.
    func fails(_ pair: Shrinker.Pair) -> Bool {
      let old = pair.old.sections.flatMap { $0.items.map(\.id) }
      let new = pair.new.sections.flatMap { $0.items.map(\.id) }
      guard let ox = old.firstIndex(of: "x"), let oy = old.firstIndex(of: "y"),
        let nx = new.firstIndex(of: "x"), let ny = new.firstIndex(of: "y")
      else { return false }
      return oy < ox && nx < ny
    }
    let filler = (0..<300).map { (id: "f\($0)", content: "c") }
    let old = SnapshotDraft(sections: [
      .init(id: "A", items: Array(filler[0..<100]) + [("y", "")] + Array(filler[100..<200])),
      .init(id: "B", items: [("x", "1")] + Array(filler[200..<300])),
    ])
    var new = old
    new.sections[0].items.insert(("x", "2"), at: 50)
    new.sections[1].items.removeFirst()
    var shrinker = Shrinker { fails($0) }
    let small = shrinker.shrink((old, new))
    #expect(fails(small))
    #expect(small.old.itemCount + small.new.itemCount == 4)
    // old keeps y in A and x in B; new needs only A.
    #expect(small.old.sections.count + small.new.sections.count == 3)
  }
}

extension ShrinkerTests {
  @Test func stopsAtItsBudgetOfCandidates() {
    let old = SnapshotDraft(sections: [.init(id: "A", items: (0..<100).map { (id: "i\($0)", content: "") })])
    var calls = 0
    var shrinker = Shrinker(budget: 25) { _ in calls += 1; return false }
    _ = shrinker.shrink((old, old))
    #expect(calls == 25 && shrinker.tried == 25)
  }

  @Test func stopsAtItsBudgetOfTime() {
    let old = SnapshotDraft(sections: [.init(id: "A", items: (0..<100).map { (id: "i\($0)", content: "") })])
    // Each try takes a quarter of a second on the shrinker's own clock, so a
    // one-second budget allows exactly four: the verdict is the rule's, not
    // the machine's speed.
    var clock = Date(timeIntervalSinceReferenceDate: 0)
    var shrinker = Shrinker(seconds: 1) { _ in clock += 0.25; return false }
    shrinker.now = { clock }
    _ = shrinker.shrink((old, old))
    #expect(shrinker.tried == 4)
  }
}
