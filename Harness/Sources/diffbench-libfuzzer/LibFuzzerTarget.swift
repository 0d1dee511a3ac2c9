import CLibFuzzerDriver
import DiffVerification
import Foundation
import SnapshotDiff

#if FAULTY_STRATEGIES
  import FaultyStrategies
#endif

// libFuzzer's entry point: the bytes decode to a snapshot pair (PairBytes:
// counts, or an edit script when the first byte is 0xE0 or more), the
// strategies diff it in-process, and the oracles of `diffbench fuzz` judge
// each changeset (rules, exact target, ids, the strategy's promises,
// min_moves against its reference). A failure traps, so libFuzzer keeps the
// input; `diffbench import` turns it into a shrunk regression.
//
// DIFFBENCH_FUZZ_STRATEGIES=a,b limits the strategies; a build with
// -DFAULTY_STRATEGIES also knows the test-only faulty ones, by name.
// Each input runs one strategy, picked by its last byte: measured from an
// empty corpus with the five strategies and one faulty one, that finds the
// faulty one sooner than running all five on every input (median of 3:
// forgets-updates 3.7 s against 9.3 s, the others alike).
// DIFFBENCH_FUZZ_ALL=1 runs every strategy on every input instead. DIFFBENCH_FUZZ_MAX_ITEMS caps each side of a
// decoded pair (default 256; `diffbench fuzz` covers the large ones), and
// DIFFBENCH_FUZZ_REFERENCE_ITEMS the side the quadratic reference min_moves
// runs on (default 256: exact on every pair the cap lets through).

let environment = ProcessInfo.processInfo.environment

/// The strategies this process fuzzes, chosen once.
let fuzzedStrategies: [Contender] = {
  var known = Contenders.all
  #if FAULTY_STRATEGIES
    known += FaultyStrategies.all
  #endif
  guard let names = environment["DIFFBENCH_FUZZ_STRATEGIES"], !names.isEmpty else {
    return Contenders.all
  }
  return names.split(separator: ",").map { name in
    guard let strategy = known.first(where: { $0.name == name }) else {
      fatalError("DIFFBENCH_FUZZ_STRATEGIES: unknown strategy '\(name)'; known: \(known.map(\.name).joined(separator: ", "))")
    }
    return strategy
  }
}()

let picksOneStrategy = environment["DIFFBENCH_FUZZ_ALL"] != "1"
let maxItems = environment["DIFFBENCH_FUZZ_MAX_ITEMS"].flatMap { Int($0) } ?? PairBytes.fuzzTargetItems
let referenceItems = environment["DIFFBENCH_FUZZ_REFERENCE_ITEMS"].flatMap { Int($0) } ?? 256

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  if ReaderTarget.isSelected {
    ReaderTarget.run(bytes)
    return 0
  }
  let drafts = PairBytes.decodeSpelled(bytes, limit: maxItems)
  guard let old = try? drafts.old.snapshot(), let new = try? drafts.new.snapshot() else {
    fatalError("PairBytes decoded an invalid pair: every byte string must decode to a valid one")
  }
  let oracle = PairOracle(old: old, new: new, limits: OracleLimits(referenceItems: referenceItems))
  let strategies = picksOneStrategy ? [fuzzedStrategies[Int(bytes.last ?? 0) % fuzzedStrategies.count]] : fuzzedStrategies
  for strategy in strategies {
    if let failure = Verifier.verify(strategy, oracle: oracle) {
      fatalError("\(strategy.name): \(failure)")
    }
  }
  if let failure = oracle.metricFailure { fatalError("min_moves: \(failure)") }
  return 0
}
