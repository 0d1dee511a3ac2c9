@testable import DiffBenchmarks
import Testing

/// The counting lanes: the largest workloads are taken first, the results
/// kept in the run's order (checked end to end by `CountedRunTests`).
@Suite struct InstructionCounterTests {
  @Test func theLanesTakeTheMostCountingWorkFirst() throws {
    let names = ["random-1e2", "dk-5k", "trace-frontpage", "random-1e4", "paging-append"]
    let workloads = try names.map { name in try #require(Workload.all.first { $0.name == name }) }
    let order = InstructionCounter.order(workloads)
    #expect(order.map { names[$0] } == ["trace-frontpage", "random-1e4", "dk-5k", "paging-append", "random-1e2"])
    var lanes = InstructionCounter.Lanes(order: order, position: BenchProgress(cellsTotal: 0))
    var taken: [Int] = []
    while let k = lanes.take() { taken.append(k) }
    #expect(taken == order && lanes.results.count == names.count)
    // After a failure, nothing more is taken.
    lanes = InstructionCounter.Lanes(order: order, position: BenchProgress(cellsTotal: 0))
    _ = lanes.take()
    lanes.failed = true
    #expect(lanes.take() == nil)
  }
}
