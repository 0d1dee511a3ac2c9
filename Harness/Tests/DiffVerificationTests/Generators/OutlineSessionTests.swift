import DiffVerification
import SnapshotDiff
import Testing

/// `fuzz`'s outline sessions: every other session drawn, one section of an
/// outline's visible rows, whose steps expand and collapse rows.
@Suite struct OutlineSessionTests {
  @Test func everyOtherSessionIsAnOutlinesVisibleRows() throws {
    #expect((0..<64).filter { PairGenerator.drawsTrace($0) }.filter { PairGenerator.drawsOutline($0) }.count == 4)
    #expect((0..<64).allSatisfy { !PairGenerator.drawsOutline($0) || PairGenerator.drawsTrace($0) })
    var expands = 0, collapses = 0
    for iteration in stride(from: UInt64(15), to: 16 * 40, by: 16) {
      let trace = PairGenerator(maxItems: 300).trace(seed: 7, iteration: iteration)
      #expect(trace.count >= 3)
      for (old, new) in zip(trace, trace.dropFirst()) {
        #expect(new.sections.count == 1 && new.itemCount <= 300)
        _ = try new.snapshot()  // unique ids
        let (a, b) = (old.sections[0].items.map(\.id), new.sections[0].items.map(\.id))
        // An expand shows two or more rows at once in one block; a collapse hides them.
        if b.count >= a.count + 2, Set(a).isSubset(of: Set(b)) { expands += 1 }
        if a.count >= b.count + 2, Set(b).isSubset(of: Set(a)) { collapses += 1 }
      }
    }
    #expect(expands > 20 && collapses > 20, "\(expands) expands, \(collapses) collapses")
  }

  @Test func stepsKeepTheOutlineAndItsScreenInStep() throws {
    var rng = SplitMix64(seed: 3)
    var session = OutlineSession(roots: 3, folders: 2, files: 4, expanded: 0.5, &rng)
    #expect(session.outline.items.count == 3 + 6 + 24)
    for _ in 0..<200 {
      let step = session.step(&rng)
      #expect(["expand", "collapse", "add", "delete", "edit"].contains(step.split(separator: " ")[0]))
      #expect(session.draft.sections[0].items.map(\.id) == session.outline.visibleItems)
    }
  }
}
