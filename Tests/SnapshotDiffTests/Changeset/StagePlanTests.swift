import DiffVerification
import PropertyBased
@testable import SnapshotDiff
import Testing

/// The stage plan's direct shortcut gives exactly what the general plan
/// gives, stage for stage and operation for operation.
@Suite struct StagePlanTests {
  static let matchers = Contenders.library.compactMap { $0.strategy as? any MatchingStrategy }

  @Test func everyStrategyMatches() {
    #expect(Self.matchers.count >= 4)
  }

  func both(_ strategy: some MatchingStrategy, _ old: Snap, _ new: Snap) throws -> (Changeset<String, String, String>, Changeset<String, String, String>) {
    let matching = strategy.matching(from: old, to: new)
    return (try Changeset(from: old, to: new, checking: matching), try Changeset(from: old, to: new, generalPlanFor: matching))
  }

  @Test func shortcutEqualsGeneralPlanOnRandomPairs() async {
    await propertyCheck(count: 600, input: Gen.uint64(), Gen.int(in: 0...40)) { seed, size in
      let drafts = PairGenerator(maxItems: size, maxSections: 5).pair(seed: seed, iteration: 0)
      let old = try drafts.old.snapshot(), new = try drafts.new.snapshot()
      for strategy in Self.matchers {
        let (shortcut, general) = try both(strategy, old, new)
        #expect(shortcut == general, "\(strategy.name), seed \(seed), size \(size)")
      }
    }
  }

  /// A section filled from empty is written as its inserts at once, and a
  /// section emptied as its deletes, by the direct path (a list created or
  /// cleared); an item crossing in or out, or the section moving, takes
  /// the item-by-item path or the general plan. Each side gives what the
  /// general plan gives, and the target.
  @Test func aFilledOrEmptiedSectionIsWrittenAtOnce() throws {
    func snap(_ sections: [(String, [String])]) throws -> Snap {
      try Snap(sections: sections.map { id, items in .init(id, items: items.map { .init($0, content: "c-\($0)") }) })
    }
    let cases: [(String, Snap, Snap, direct: Bool)] = [
      ("filled from empty", try snap([("A", []), ("B", ["b1"])]), try snap([("A", ["n1", "n2", "n3"]), ("B", ["b1"])]), true),
      ("filled, one item crossing in", try snap([("A", []), ("B", ["b1"])]), try snap([("A", ["n1", "b1", "n2"]), ("B", [])]), true),
      ("filled after other inserts", try snap([("A", ["a1"]), ("B", [])]), try snap([("A", ["a1", "x"]), ("B", ["n1", "n2"])]), true),
      ("filled and moved", try snap([("A", []), ("B", ["b1"]), ("C", ["c1"])]), try snap([("B", ["b1"]), ("C", ["c1"]), ("A", ["n1"])]), false),
      ("emptied", try snap([("A", ["a1", "a2", "a3"]), ("B", ["b1"])]), try snap([("A", []), ("B", ["b1"])]), true),
      ("emptied, one item moving out", try snap([("A", ["a1", "a2", "a3"]), ("B", ["b1"])]), try snap([("A", []), ("B", ["b1", "a2"])]), true),
      ("emptied after other deletes", try snap([("A", ["a1", "a2"]), ("B", ["b1", "b2"])]), try snap([("A", ["a1"]), ("B", [])]), true),
      ("emptied after a deleted section", try snap([("X", ["x1"]), ("A", ["a1", "a2"]), ("B", ["b1"])]), try snap([("A", []), ("B", ["b1"])]), true),
      ("filled after a deleted section", try snap([("X", ["x1"]), ("A", [])]), try snap([("A", ["n1", "n2"])]), true),
      ("emptied and moved", try snap([("A", ["a1"]), ("B", ["b1"]), ("C", ["c1"])]), try snap([("B", ["b1"]), ("C", ["c1"]), ("A", [])]), false),
    ]
    for (name, old, new, direct) in cases {
      for strategy in Self.matchers {
        let matching = strategy.matching(from: old, to: new)
        let (shortcut, general) = try both(strategy, old, new)
        #expect(shortcut == general, "\(name), \(strategy.name)")
        #expect(try shortcut.apply(to: old) == new, "\(name), \(strategy.name)")
        guard strategy is Hashmap else { continue }
        let taken = _StagePlan.direct(
          from: old, to: new, matching: matching, itemChanged: nil, sectionChanged: nil, unchangedRuns: matching._unchangedRuns)
        #expect((taken != nil) == direct, "\(name)")
      }
    }
  }

  /// Each reason for a second stage, and none: the shortcut takes the first
  /// (a pre stage of updates) and the last, and gives up on the others
  /// (or their stages would differ from the general plan's).
  @Test func shortcutGivesUpWhereTheRulesNeedMoreStages() throws {
    let old = try Snap(sections: [
      .init("A", items: [.init("a1"), .init("a2"), .init("a3")]),
      .init("B", items: [.init("b1"), .init("b2")]),
    ])
    func new(_ sections: [Snap.Section]) throws -> Snap { try Snap(sections: sections) }
    let cases: [(String, Snap, Int)] = [
      ("a moved item that changes", try new([.init("A", items: [.init("a3", content: "x"), .init("a1"), .init("a2")]), .init("B", items: [.init("b1"), .init("b2")])]), 2),
      ("an item joins an inserted section", try new([.init("A", items: [.init("a2"), .init("a3")]), .init("C", items: [.init("a1")]), .init("B", items: [.init("b1"), .init("b2")])]), 2),
      ("an item leaves a deleted section", try new([.init("A", items: [.init("a1"), .init("a2"), .init("a3"), .init("b1")])]), 2),
      ("an insert inside a moved section", try new([.init("B", items: [.init("b1"), .init("m"), .init("b2")]), .init("A", items: [.init("a1"), .init("n"), .init("a2"), .init("a3")])]), 2),
      ("a section that moves and changes", try new([.init("B", content: "x", items: [.init("b1"), .init("b2")]), .init("A", items: [.init("a1"), .init("a2"), .init("a3")])]), 2),
      ("one stage", try new([.init("B", items: [.init("b1"), .init("b2")]), .init("A", items: [.init("a1"), .init("a2"), .init("a3")]), .init("C", items: [.init("c")])]), 1),
    ]
    for (name, target, stages) in cases {
      for strategy in Self.matchers {
        let (shortcut, general) = try both(strategy, old, target)
        #expect(shortcut == general, "\(name), \(strategy.name)")
        // Stage counts as hashmap moves (naive, say, moves nothing).
        if strategy is Hashmap { #expect(shortcut.stages.count == stages, "\(name)") }
        #expect(try shortcut.apply(to: old) == target, "\(name), \(strategy.name)")
      }
    }
  }
}
