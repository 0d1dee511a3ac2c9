import DiffHarness
import FaultyStrategies
import Foundation
import SnapshotDiff

// The harness with the faulty strategies known too, for tests:
//   fuzz-fixture fuzz-worker …        a fuzz worker
//   fuzz-fixture verify STRATEGY PATH…  `diffbench verify` with one strategy
let all = Strategies.all + FaultyStrategies.all
var arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "verify" where arguments.count >= 3:
  let strategy = all.filter { $0.name == arguments[1] }
  let verifier = CorpusVerifier(
    strategies: strategy, isolation: [CommandLine.arguments[0], "fuzz-worker"], output: { print($0) },
    errors: { FileHandle.standardError.write(Data(("diffbench: " + $0 + "\n").utf8)) })
  exit(verifier.run(paths: Array(arguments.dropFirst(2))))
case "fuzz-worker":
  exit(FuzzWorker.main(arguments: Array(arguments.dropFirst()), strategies: all))
default:
  exit(FuzzWorker.main(arguments: arguments, strategies: all))
}
