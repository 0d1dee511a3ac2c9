import ArgumentParser
import DiffFuzzing
import DiffSupport
import DiffVerification
import Foundation

struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Turn saved libFuzzer inputs into shrunk regressions in the corpus.",
    discussion: """
      Each FILE is a libFuzzer input (a crash-… file, or any input): its bytes decode to a \
      snapshot pair in the format of diffbench-libfuzzer (PairBytes). The pair goes through \
      every strategy (or those named) and the min_moves check, each in a worker process, \
      with the oracles of `fuzz`. Each failure is shrunk while the same strategy fails the \
      same way and written to --out with found_by (the input's path, the strategy, the failure \
      and the command that replays it), where `make test` replays it from then on.
      Exit status: 0 nothing failed (nothing written), 1 regressions written, 2 invalid input.
      """)

  @OptionGroup var strategies: StrategyOptions
  @OptionGroup var timeout: TimeoutOption

  @Option(help: "Where shrunk regressions are written.")
  var out = "Corpus/regressions"

  @Option(help: "Items a side at most, as the fuzz target decoded them (its DIFFBENCH_FUZZ_MAX_ITEMS).")
  var maxItems = PairBytes.fuzzTargetItems

  @Argument(help: "libFuzzer inputs.")
  var files: [String]

  func validate() throws {
    if files.isEmpty { throw ValidationError("give at least one libFuzzer input file") }
  }

  func run() throws {
    var written = 0
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else {
        printError("\(file): cannot be read")
        throw ExitCode(2)
      }
      let drafts = PairBytes.decodeSpelled(Array(data), limit: maxItems)
      guard let old = try? drafts.old.snapshot(), let new = try? drafts.new.snapshot() else {
        printError("\(file): decodes to an invalid pair (a bug in PairBytes)")
        throw ExitCode(2)
      }
      let pair = CorpusCase(name: "", old: old, new: new)
      let input = (file as NSString).lastPathComponent
      print("\(file): \(old.numberOfItems) → \(new.numberOfItems) items")
      for name in strategies.selected.map({ Checked.strategy($0.name) }) + [.minimumMoves] {
        let client = WorkerClient(command: workerCommand, checking: name, timeout: timeout.timeout)
        guard let failure = client.check(pair) else { continue }
        let slug = failure.kind.description.replacingOccurrences(of: " ", with: "-")
        let regression = Regression.shrinkAndWrite(
          pair, strategy: name, kind: failure.kind, reported: failure.description, client: client, budget: 3_000,
          seconds: 120, folder: out, fileName: "\(name)-\(slug)-libfuzzer-\(input).json", origin: "libfuzzer",
          foundBy: [("libfuzzer_input", .string(file))])
        written += 1
        print(oneLine("FAIL \(name) (\(failure.kind)): \(regression.failure)"))
        print("  \(regression.outcome): \(regression.originalItems) → \(regression.shrunkItems) items")
        print("  wrote \(regression.file)")
        print("  replay: \(regression.replay)")
      }
    }
    print(written == 0 ? "no strategy fails on these inputs; nothing written" : "\(written) regressions written")
    if written > 0 { throw ExitCode(1) }
  }
}

struct SeedsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "seeds",
    abstract: "Encode corpus files as libFuzzer seed inputs.",
    discussion: """
      Every .json corpus file (folders recursively) is written to FOLDER as the bytes that \
      diffbench-libfuzzer decodes back into the same pair, up to the names of ids and contents \
      (PairBytes.encode): one file per case, named after it. `make libfuzzer` starts from these.
      Exit status: 0 written, 2 invalid input.
      """)

  @Argument(help: "The folder to write seeds into.") var folder: String
  @Argument(help: "Corpus files or folders.") var paths: [String]

  func run() throws {
    let files: [String]
    do {
      files = try CorpusCase.files(at: paths)
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      printError("\(error)")
      throw ExitCode(2)
    }
    for file in files {
      let pair = try loadCase(file)
      let bytes = PairBytes.encode(old: SnapshotDraft(pair.old), new: SnapshotDraft(pair.new))
      let name = file.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: ".json", with: ".bin")
      try Data(bytes).write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent(name)))
    }
    print("wrote \(files.count) seeds to \(folder)")
  }
}
