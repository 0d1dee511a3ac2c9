import DiffVerification
import SnapshotDiff
import Testing

@Suite struct FuzzSamplerTests {
  @Test func smallPairsAlwaysLargeOnesOnceAnInterval() {
    var sampler = FuzzSampler(smallItems: 10, interval: 1)
    #expect(sampler.limits(oldItems: 10, newItems: 3, now: 0) == .full)
    #expect(sampler.limits(oldItems: 11, newItems: 3, now: 0.1) == .full)  // the first large pair
    #expect(sampler.limits(oldItems: 500, newItems: 500, now: 0.5) == .none)
    #expect(sampler.limits(oldItems: 2, newItems: 2, now: 0.6) == .full)
    #expect(sampler.limits(oldItems: 500, newItems: 1, now: 1.05) == .none)
    #expect(sampler.limits(oldItems: 500, newItems: 1, now: 1.1) == .full)
  }

  @Test func cheapCallsAlwaysExpensiveOnesWithinTheirShareOfTheRun() {
    var sampler = FuzzSampler(cheapSeconds: 0.001, expensiveShare: 0.1)
    #expect(sampler.runs("stdlib", estimatedSeconds: 0.0005, now: 0))
    #expect(sampler.runs("stdlib", estimatedSeconds: 0.5, now: 0))
    sampler.spent("stdlib", seconds: 0.3)
    #expect(!sampler.runs("stdlib", estimatedSeconds: 0.5, now: 1))  // 0.3 s spent of 0.1 allowed
    #expect(sampler.runs("naive", estimatedSeconds: 0.5, now: 1))  // each strategy its own share
    #expect(sampler.runs("stdlib", estimatedSeconds: 0.0001, now: 1))  // cheap calls always
    #expect(sampler.runs("stdlib", estimatedSeconds: 0.5, now: 3))  // 0.3 of 0.3 allowed
  }

  @Test func limitsDecideWhichReferenceOraclesRun() throws {
    let old = try StringSnapshot(section: "main", items: ["a", "b", "c"].map { .init($0) })
    let new = try StringSnapshot(section: "main", items: ["c", "a", "b"].map { .init($0) })
    #expect(PairOracle(old: old, new: new).referenceMinimumMoves == 1)
    let none = PairOracle(old: old, new: new, limits: .none)
    #expect(none.referenceMinimumMoves == nil && none.minimumMoves == 1)
    // Heckel's valid changeset moves more than the standard library's rule
    // says: caught by the difference oracle, unseen without it.
    let wrong = Heckel().changeset(from: old, to: new)
    #expect(Verifier.verify(wrong, madeBy: Stdlib().traits, oracle: PairOracle(old: old, new: new))?.kind == .moveRule)
    #expect(Verifier.verify(wrong, madeBy: Stdlib().traits, oracle: PairOracle(old: old, new: new, limits: OracleLimits(differenceItems: -1))) == nil)
  }
}
