import DiffFuzzing
import DiffVerification
import FaultyStrategies
import Foundation
import SnapshotDiff

// The harness with the faulty strategies known too, for tests:
//   fuzz-fixture worker CONFIGURATION       a worker
//   fuzz-fixture verify [--timeout T] STRATEGY PATH…   `diffbench verify` with one strategy
//   fuzz-fixture fuzz [--timeout T] STRATEGY SECONDS OUT  `diffbench fuzz` with one strategy, 1 job
ChildRegistry.killChildrenOnSignals()
let all = Contenders.library + FaultyStrategies.all + [Contender(Sleeps()), Contender(IntPathDropsInsert())]
var arguments = Array(CommandLine.arguments.dropFirst())
let worker = [CommandLine.arguments[0], "worker"]
var timeout = 10.0
if arguments.count > 2, arguments[1] == "--timeout", let t = Double(arguments[2]) {
  timeout = t
  arguments.removeSubrange(1...2)
}
switch arguments.first {
case "verify" where arguments.count >= 3:
  let strategy = all.filter { $0.name == arguments[1] }
  let verifier = CorpusVerifier(
    strategies: strategy, isolation: worker, timeout: timeout, output: { print($0); fflush(nil) },
    errors: { FileHandle.standardError.write(Data(("diffbench: " + $0 + "\n").utf8)) })
  exit(verifier.run(paths: Array(arguments.dropFirst(2))))
case "fuzz" where arguments.count == 4:
  let configuration = FuzzConfiguration(
    seed: 1, seconds: Double(arguments[2]), strategies: [arguments[1]], jobs: 1, maxItems: 200, timeout: timeout,
    outputFolder: arguments[3], workerCommand: worker)
  print("started"); fflush(nil)
  exit(FuzzEngine(configuration: configuration).run().failures > 0 ? 1 : 0)
case "worker":
  exit(StrategyWorker.main(arguments: Array(arguments.dropFirst()), strategies: all))
default:
  FileHandle.standardError.write(Data("fuzz-fixture: unknown command\n".utf8))
  exit(2)
}
