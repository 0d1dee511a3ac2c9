import CLibFuzzerDriver
import DiffVerification
import Foundation
import SnapshotDiff

#if FAULTY_STRATEGIES
  import FaultyStrategies
#endif

// libFuzzer's entry point: the bytes decode to a snapshot pair (PairBytes),
// every strategy diffs it in-process, and the oracles of `diffbench fuzz`
// judge each changeset (rules, exact target, ids, the strategy's promises,
// min_moves against its reference). A failure traps, so libFuzzer keeps the
// input; `diffbench import` turns it into a shrunk regression.
//
// DIFFBENCH_FUZZ_STRATEGIES=a,b limits the strategies; a build with
// -DFAULTY_STRATEGIES also knows the test-only faulty ones, by name.

/// The strategies this process fuzzes, chosen once.
let fuzzedStrategies: [any DiffStrategy] = {
  var known = Strategies.all
  #if FAULTY_STRATEGIES
    known += FaultyStrategies.all
  #endif
  guard let names = ProcessInfo.processInfo.environment["DIFFBENCH_FUZZ_STRATEGIES"], !names.isEmpty else {
    return Strategies.all
  }
  return names.split(separator: ",").map { name in
    guard let strategy = known.first(where: { $0.name == name }) else {
      fatalError("DIFFBENCH_FUZZ_STRATEGIES: unknown strategy '\(name)'; known: \(known.map(\.name).joined(separator: ", "))")
    }
    return strategy
  }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  if ReaderTarget.isSelected {
    ReaderTarget.run(bytes)
    return 0
  }
  let drafts = PairBytes.decode(bytes)
  guard let old = try? drafts.old.snapshot(), let new = try? drafts.new.snapshot() else {
    fatalError("PairBytes decoded an invalid pair: every byte string must decode to a valid one")
  }
  let oracle = PairOracle(old: old, new: new)
  for strategy in fuzzedStrategies {
    if let failure = Verifier.verify(strategy, oracle: oracle) {
      fatalError("\(strategy.name): \(failure)")
    }
  }
  if let failure = oracle.metricFailure { fatalError("min_moves: \(failure)") }
  return 0
}
