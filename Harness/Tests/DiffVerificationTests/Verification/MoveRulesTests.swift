@testable import DiffVerification
import SnapshotDiff
import Testing

/// The pair index the move-rule and stage-count oracles read: built with
/// one lookup an id, held to the plain id-by-id definitions kept here (the
/// index's first version) on the pairs the fuzzer draws.
@Suite struct MoveRulesTests {
  /// The definitions, one table an id each, as the index first computed them.
  struct Definitions {
    var greedyMoved = Set<String>()
    var reinsertedByScan = Set<String>()
    var changedContent = Set<String>()
    var crossSection = Set<String>()
    var updatedInPlace = Set<String>()
    var losing = Set<String>(), gaining = Set<String>()

    init(_ a: StringSnapshot, _ b: StringSnapshot) {
      let old = a.sections.map { ($0.id, $0.items.map(\.id)) }, new = b.sections.map { ($0.id, $0.items.map(\.id)) }
      var oldHome: [String: String] = [:], newHome: [String: String] = [:]
      for (id, items) in old { for item in items { oldHome[item] = id } }
      for (id, items) in new { for item in items { newHome[item] = id } }
      var oldContent: [String: String?] = [:]
      for item in a.allItems { oldContent[item.id] = item.content }
      for item in b.allItems {
        if let before = oldContent[item.id], before != item.content { changedContent.insert(item.id) }
      }
      for (section, items) in new {
        for id in items where oldHome[id] != nil {
          if oldHome[id] != section { crossSection.insert(id) } else if changedContent.contains(id) { updatedInPlace.insert(id) }
        }
        if items.contains(where: { oldHome[$0] == nil }) { gaining.insert(section) }
      }
      for (section, items) in old where items.contains(where: { newHome[$0] == nil }) { losing.insert(section) }
      // Greedy rank: a section id change, or a rank among the ids that stay.
      greedyMoved = crossSection
      let oldSections = Dictionary(old, uniquingKeysWith: { a, _ in a })
      for (section, items) in new {
        guard let before = oldSections[section] else { continue }
        let a = before.filter { newHome[$0] == section }, b = items.filter { oldHome[$0] == section }
        let rank = Dictionary(uniqueKeysWithValues: a.enumerated().map { ($1, $0) })
        for (r, id) in b.enumerated() where rank[id] != r { greedyMoved.insert(id) }
      }
      // Forward scan: sections in order past the last kept, items likewise.
      let sectionPosition = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.0, $0) })
      var lastSection = -1
      var kept = Set<String>()
      for (section, items) in new {
        guard let s = sectionPosition[section], s > lastSection else { continue }
        lastSection = s
        let position = Dictionary(uniqueKeysWithValues: old[s].1.enumerated().map { ($1, $0) })
        var last = -1
        for id in items {
          if let i = position[id], i > last {
            kept.insert(id)
            last = i
          }
        }
      }
      reinsertedByScan = Set(oldHome.keys).intersection(newHome.keys).subtracting(kept)
    }
  }

  @Test func theIndexAgreesWithTheDefinitionsOnGeneratedPairs() throws {
    let generator = PairGenerator(maxItems: 80, maxSections: 6)
    var seen = [Int](repeating: 0, count: 7)  // pairs where each is not empty
    for i in 0..<600 as Range<UInt64> {
      let pair = generator.pair(seed: 31, iteration: i)
      let old = try pair.old.snapshot(), new = try pair.new.snapshot()
      let index = _IndexedPair(old, new), reference = Definitions(old, new)
      #expect(index.greedyMovedItems() == reference.greedyMoved, "\(i)")
      #expect(index.forwardScan().reinsertedItems == reference.reinsertedByScan, "\(i)")
      let changed = new.itemIdentifiers.enumerated().filter { index.changed[$0.offset] }.map(\.element)
      #expect(Set(changed) == reference.changedContent, "\(i)")
      // A kept id's records are its sections before and after; a new id has none before.
      for id in new.itemIdentifiers {
        guard let kept = index.kept(id) else {
          #expect(old.indexOfItem(id) == nil, "\(i) \(id)")
          continue
        }
        #expect(index.sectionIDs[kept.to] == new.sectionIdentifier(containingItem: id), "\(i) \(id)")
        #expect(index.sectionIDs[kept.from] == old.sectionIdentifier(containingItem: id), "\(i) \(id)")
      }
      #expect(Set(index.crossSection.map(\.id)) == reference.crossSection, "\(i)")
      #expect(Set(index.updatedInPlace.map(\.id)) == reference.updatedInPlace, "\(i)")
      #expect(Set(index.sectionsLosingItems.map { index.sectionIDs[$0] }) == reference.losing, "\(i)")
      #expect(Set(index.sectionsGainingItems.map { index.sectionIDs[$0] }) == reference.gaining, "\(i)")
      let sets = [reference.greedyMoved, reference.reinsertedByScan, reference.changedContent, reference.crossSection,
                  reference.updatedInPlace, reference.losing, reference.gaining]
      for (k, set) in sets.enumerated() where !set.isEmpty { seen[k] += 1 }
    }
    // Every fact was there to get wrong, on many pairs.
    #expect(seen.allSatisfy { $0 >= 30 }, "\(seen)")
  }

  /// The LCS oracle's shortcut: the longest common subsequence of the old
  /// positions 0..<n and the new order's positions (-1 for a new id) is the
  /// longest increasing run of those positions.
  @Test func anLCSWithThePositionsIsTheirLongestIncreasingRun() {
    var rng = SplitMix64(seed: 0x1c5, iteration: 0)
    for _ in 0..<500 {
      let n = Int.random(in: 0...30, using: &rng)
      var kept = Array(0..<n).shuffled(using: &rng).prefix(Int.random(in: 0...n, using: &rng)).map { $0 }
      kept += Array(repeating: -1, count: Int.random(in: 0...5, using: &rng))
      kept.shuffle(using: &rng)
      #expect(Reference.longestCommonLength(Array(0..<n), kept) == Reference.longestIncreasingLength(kept.filter { $0 >= 0 }), "\(kept)")
    }
  }
}
