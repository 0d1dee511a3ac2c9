import DiffBenchmarks
import DiffFuzzing
import Foundation
import Testing

@Suite struct VerifyCommandTests {
  let good = #"{"name": "swap", "old": ["a", "b"], "new": ["b", "a"]}"#

  @Test func passingCorpus() throws {
    let run = try diffbench(["verify", corpusFolder])
    #expect(run.status == 0)
    #expect(run.out.hasSuffix(" passed, 0 failed\n"))
  }

  @Test func oneStrategyOneFile() throws {
    let dir = try folder(["swap.json": good])
    let run = try diffbench(["verify", "--strategy", "myers", dir + "/swap.json"])
    #expect(run.status == 0)
    #expect(run.out == "1 passed, 0 failed\n")
  }

  /// `--summary`: every verdict, typed, as the printed lines give them: a
  /// pass, a failure with its file, strategy, kind and severity.
  @Test func theSummaryHoldsEveryVerdictTyped() throws {
    let dir = try folder(["swap.json": good])
    let run = try faultyDiffbench(["verify", "--strategy", "off-by-one", "--strategy", "hashmap", "--uikit", "ios13", "--summary", dir + "/s.json", dir + "/swap.json"])
    #expect(run.status == 1)
    let summary = try VerifySummary.read(contentsOf: dir + "/s.json")
    #expect(summary.strategies == ["off-by-one", "hashmap"] && summary.uikit == "ios13")
    #expect(summary.passed == 1 && summary.failed == 1 && summary.severities.total == 1)
    let failure = try #require(summary.failures.first)
    #expect(failure.file == dir + "/swap.json" && failure.strategy == "off-by-one")
    #expect(run.out.contains("\(failure.file): \(failure.strategy): "))
    // A summary that cannot be written is one line and exit 2, the verdicts printed still.
    let unwritable = try diffbench(["verify", "--quiet", "--summary", dir + "/no/such/folder/s.json", dir + "/swap.json"])
    #expect(unwritable.status == 2 && unwritable.out.hasSuffix("passed, 0 failed\n"))
    #expect(unwritable.err.split(separator: "\n").count == 1 && unwritable.err.contains("no/such/folder/s.json"))
  }

  /// `bench --strategy`: the named strategies beside the yardsticks, nothing else.
  @Test func benchRacesTheNamedStrategiesOnly() throws {
    let dir = try folder([:])
    let run = try diffbench(["bench", "--quick", "--quiet", "--strategy", "heckel", "--filter", "random-1e2", "--out", dir + "/r.csv"])
    #expect(run.status == 0, "\(run.err)")
    let summary = try String(contentsOfFile: dir + "/r.summary.csv", encoding: .utf8)
    let strategies = Set(summary.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[5] })
    #expect(strategies == ["floor", "scan", "heckel"])
  }

  @Test func invalidFilesAreReportedAndSkipped() throws {
    let dir = try folder([
      "a/good.json": good,
      "a/not-json.json": "{\"old\": [",
      "a/wrong-shape.json": #"{"old": {"rows": []}, "new": []}"#,
      "a/duplicate.json": #"{"old": ["a", "a"], "new": []}"#,
      "a/empty.json": "",
      "a/b/nested.json": good,
      "a/notes.txt": "ignored",
    ])
    // --quiet: no progress lines among the errors, which still show.
    let run = try diffbench(["verify", "--quiet", dir])
    #expect(run.status == 2)
    #expect(run.out == "10 passed, 0 failed\n")  // two good files × five strategies
    let errors = run.err.split(separator: "\n").map(String.init)
    #expect(errors.count == 4)
    #expect(errors.contains("diffbench: \(dir)/a/not-json.json: invalid JSON at line 1, column 10: unexpected end of input, expected a value"))
    #expect(errors.contains("diffbench: \(dir)/a/wrong-shape.json: $.old: unknown key \"rows\" (a snapshot has only \"sections\")"))
    #expect(errors.contains("diffbench: \(dir)/a/duplicate.json: $.old: duplicate item id \"a\" at [0, 0] and [0, 1]"))
    #expect(errors.contains("diffbench: \(dir)/a/empty.json: empty file, expected a JSON object"))
  }

  /// A leading UTF-8 byte order mark (what many Windows editors write) is
  /// accepted, as RFC 8259 allows; a character JSON does not expect is
  /// named as the file has it, not as one of its bytes.
  @Test func aByteOrderMarkIsAcceptedAndACharacterIsShownAsWritten() throws {
    let bom = "\u{FEFF}"
    let dir = try folder([
      "bom.json": bom + good, "bom.jsonl": bom + "[\"a\", \"b\"]\n[\"b\", \"a\"]\n",
      "quote.json": "{\u{201C}old\u{201D}: [], \"new\": []}",
    ])
    let run = try diffbench(["verify", "--quiet", dir + "/bom.json", dir + "/bom.jsonl"])
    #expect(run.status == 0 && run.out == "10 passed, 0 failed\n", "\(run.out) \(run.err)")
    let quote = try diffbench(["verify", "--quiet", dir + "/quote.json"])
    #expect(quote.status == 2)
    #expect(quote.err == "diffbench: \(dir)/quote.json: invalid JSON at line 1, column 2: expected a string key, found '\u{201C}'\n", "\(quote.err)")
    let value = try folder(["value.json": "{\"old\": \u{201C}a\u{201D}, \"new\": []}"])
    let named = try diffbench(["verify", "--quiet", value + "/value.json"])
    #expect(named.status == 2 && named.err.contains("unexpected character '\u{201C}'"), "\(named.err)")
  }

  @Test func missingPathIsInvalidInput() throws {
    let run = try diffbench(["verify", "/no/such/place"])
    #expect(run.status == 2)
    #expect(run.err == "diffbench: /no/such/place: no such file or folder\n")
  }

  @Test func usageErrorsExitTwo() throws {
    #expect(try diffbench(["verify"]).status == 2)
    let unknown = try diffbench(["verify", "--strategy", "quantum", corpusFolder])
    #expect(unknown.status == 2)
    #expect(unknown.err.contains("unknown strategy 'quantum'"))
    #expect(try diffbench(["frobnicate"]).status == 2)
  }

  @Test func listNamesStrategiesThenWorkloads() throws {
    let run = try diffbench(["list"])
    #expect(run.status == 0)
    let lines = run.out.split(separator: "\n").map(String.init)
    #expect(Array(lines.prefix(5)) == ["hashmap", "heckel", "myers", "naive", "stdlib"])
    #expect(lines.contains("dk-100k") && lines.contains("sections-10x10k") && lines.contains("identical-100k"))
    #expect(lines.count == 5 + Workload.names.count)
    // Every workload is named in the Diffbench article's workloads: its names are CSV keys.
    let article = try String(
      contentsOfFile: corpusFolder.replacingOccurrences(of: "/Corpus", with: "/Harness/Sources/DiffBenchCLI/DiffBenchCLI.docc/Diffbench.md"),
      encoding: .utf8)
    let workloads = try #require(article.range(of: "## Workloads")).lowerBound
    let section = article[workloads...]
    for name in Workload.names {
      #expect(section.contains("`\(name)`"), "the Diffbench article's workloads do not name `\(name)`")
    }
    #expect(lines.contains("trace-chat") && lines.contains("int-100k") && lines.contains("shuffle-1m"))
  }
}

@Suite struct ProgressCommandTests {
  /// A 300-apply session: 40 items, one moved and one changed an apply.
  static func session() -> String {
    var items = (0..<40).map { "item-\($0)" }
    var lines: [String] = []
    for step in 0...300 {
      if step > 0 { items.insert(items.removeLast(), at: step % 40) }
      let json = items.enumerated().map { k, id in #"{"id": "\#(id)", "content": "\#(k == step % 40 ? step : 0)"}"# }
      lines.append(#"{"sections": [{"id": "s", "items": [\#(json.joined(separator: ", "))]}]}"#)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Progress goes to standard error only: standard output is the same
  /// byte for byte with it and without it (--quiet).
  @Test func verifyShowsProgressOnStandardErrorAndTheSameStandardOutput() throws {
    let dir = try folder(["session.jsonl": Self.session(), "swap.json": #"{"old": ["a", "b"], "new": ["b", "a"]}"#])
    let shown = try diffbench(["verify", dir])
    let quiet = try diffbench(["verify", "--quiet", dir])
    #expect(shown.status == 0 && quiet.status == 0, "\(shown.err)")
    #expect(shown.out == quiet.out)
    #expect(shown.out.hasSuffix("passed, 0 failed\n"))
    #expect(quiet.err.isEmpty, "\(quiet.err)")
    // Not a terminal: plain lines, the first at once, naming the file of
    // two, the strategies walking it together, and the applies of the trace.
    let first = try #require(shown.err.split(separator: "\n").first)
    #expect(first.hasPrefix("[1/2] \(dir)/session.jsonl 5 strategies: 0/300 applies"), "\(shown.err)")
  }

  /// A snapshot operation: one cell, counted as one, printed again beside
  /// the published figures; it has no file form.
  @Test func benchPrintsSnapshotOperationsBesideThePublishedFigures() throws {
    let dir = try folder([:])
    let run = try diffbench(["bench", "--quick", "--filter", "snapshot-build-100x100", "--filter", "random-1e2", "--out", dir + "/r.csv"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.err.contains("bench: 2 workloads, 9 cells"), "\(run.err)")
    #expect(run.out.contains("snapshot operations: ours here, median; Apple's and ListKit's as published by ListKit's README"), "\(run.out)")
    let written = try diffbench(["workload", "snapshot-build-10k"])
    #expect(written.status == 2 && written.err.contains("is a snapshot operation"), "\(written.err)")
  }

  @Test func benchLinesNameTheirPositionAndTimeLeft() throws {
    let dir = try folder([:])
    let run = try diffbench(["bench", "--quick", "--filter", "random-1e2", "--out", dir + "/r.csv"])
    #expect(run.status == 0, "\(run.err)")
    // No least time: a cell of short samples stops at 100, under its budget.
    #expect(run.err.contains("bench: 1 workloads, 8 cells, --uikit ") && !run.err.contains("at least"), "\(run.err)")
    // Plain lines: the first at once, and the last cell's.
    #expect(run.err.contains("[0/8] random-1e2: sampling · estimating"), "\(run.err)")
    #expect(run.err.contains("[8/8] random-1e2 ") && run.err.hasSuffix(" · done\n"), "\(run.err)")
    #expect(!run.out.contains("[1/8]") && !run.out.contains(" left"))
    let quiet = try diffbench(["bench", "--quick", "--quiet", "--filter", "random-1e2", "--out", dir + "/q.csv"])
    #expect(quiet.status == 0 && !quiet.err.contains("[1/8]"), "\(quiet.err)")
  }
}
