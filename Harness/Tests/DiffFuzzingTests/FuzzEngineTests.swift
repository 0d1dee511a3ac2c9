import DiffFuzzing
import DiffVerification
import FaultyStrategies
import Foundation
import SnapshotDiff
import Testing

/// The fuzzer against deliberately broken strategies: each is caught within a
/// bounded number of pairs and shrunk to a handful of items.
@Suite(.serialized) struct FuzzEngineTests {
  /// `fuzz-fixture`, built beside the test bundle.
  static let fixture: String = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return bundle.appendingPathComponent("fuzz-fixture").path
  }()

  static let worker = [fixture, "worker"]

  func fuzz(
    _ strategy: String, iterations: UInt64 = 300, timeout: Double = 10, keep: Int = 1, jobs: Int = 2, maxItems: Int = 200
  ) throws -> (FuzzReport, String) {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(strategy)-\(UUID().uuidString)").path
    var configuration = FuzzConfiguration(
      seed: 42, iterations: iterations, strategies: [strategy], jobs: jobs, maxItems: maxItems, timeout: timeout,
      outputFolder: out, workerCommand: Self.worker)
    configuration.keepPerKind = keep
    configuration.shrinkSeconds = 60
    return (FuzzEngine(configuration: configuration).run(), out)
  }

  func expectCaughtAndShrunk(
    _ strategy: String, kinds: Set<VerificationFailure.Kind>, atMost items: Int = 6, timeout: Double = 10,
    iterations: UInt64 = 300, maxItems: Int = 200
  ) throws {
    let (report, out) = try fuzz(strategy, iterations: iterations, timeout: timeout, maxItems: maxItems)
    defer { try? FileManager.default.removeItem(atPath: out) }
    #expect(report.pairs == iterations)
    let finding = try #require(report.findings.first { $0.strategy == strategy }, "\(strategy) was not caught in \(iterations) pairs")
    #expect(kinds.contains(finding.kind), "\(finding.kind): \(finding.failure)")
    #expect(finding.shrunkItems <= items, "shrunk only to \(finding.shrunkItems) items: \(finding.fileText)")
    #expect(finding.shrunkItems < finding.originalItems || finding.originalItems <= items)
    // The file is a valid corpus case (or trace) that still fails the same way, with where it came from.
    let client = WorkerClient(command: Self.worker, checking: .strategy(strategy), timeout: timeout)
    if finding.isTrace {
      let trace = try TraceReader.parse(Array(try String(contentsOfFile: finding.file, encoding: .utf8).utf8))
      #expect(finding.file.hasSuffix(".jsonl") && trace.count >= 2)
      #expect(trace.first?.extra.first?.key == "found_by")
      #expect(trace.first?.extra.first?.value["strategy"] == .string(strategy))
      // UIKit's words for the case written, as a check of it gives them.
      #expect(trace.first?.extra.first?.value["uikit"] == .string(finding.uikit))
      #expect(finding.uikit == client.check(trace: trace)?.inUIKit)
      #expect(client.check(trace: trace)?.kind == finding.kind)
    } else {
      let written = try CorpusCase.load(contentsOf: finding.file)
      #expect(written.extra.first?.key == "found_by")
      #expect(written.extra.first?.value["strategy"] == .string(strategy))
      #expect(written.extra.first?.value["uikit"] == .string(finding.uikit))
      #expect(finding.uikit == client.check(written)?.inUIKit)
      #expect(client.check(written)?.kind == finding.kind)
    }
    #expect(finding.replay == "diffbench verify --strategy \(strategy) \(finding.file)")
    // No other strategy (nor min_moves) is blamed.
    #expect(report.findings.allSatisfy { $0.strategy == strategy }, "\(report.findings.map(\.failure))")
  }

  @Test func catchesATrap() throws {
    // Each candidate that traps costs a worker's restart: pairs of at most 40 items.
    try expectCaughtAndShrunk("trapping", kinds: [.crash], maxItems: 40)
  }

  @Test func catchesAnOffByOneMove() throws {
    try expectCaughtAndShrunk("off-by-one", kinds: [.rule(7), .rule(3), .wrongResult, .rule(1)])
  }

  @Test func catchesForgottenUpdatesOnMovedItems() throws {
    try expectCaughtAndShrunk("forgets-updates", kinds: [.wrongResult])
  }

  @Test func catchesABrokenRule() throws {
    try expectCaughtAndShrunk("breaks-rule-2", kinds: [.rule(2)])
    // What a finding tells a library's authors UIKit does with it, where only its kind is known.
    #expect(VerificationFailure.Kind.rule(2).inUIKit.hasPrefix("NSInternalInconsistencyException"))
    #expect(VerificationFailure.Kind.tooManyStages.inUIKit.hasPrefix("no exception"))
  }

  @Test func catchesAHangAndShrinksIt() throws {
    // Each shrink candidate that still hangs costs the deadline: a short one
    // (its other calls, at most 40 items, are short beside it even in a
    // debug build), and few candidates: small pairs.
    try expectCaughtAndShrunk("hangs", kinds: [.hang], atMost: 4, timeout: 0.25, maxItems: 40)
  }

  @Test func catchesAnIncreasingSubsequenceThatIsNotTheLongest() throws {
    try expectCaughtAndShrunk("not-longest", kinds: [.notMinimal], atMost: 10)
  }

  @Test func catchesAValidButWorseNaive() throws {
    try expectCaughtAndShrunk("naive-drops-last", kinds: [.moveRule])
  }

  @Test func catchesAGreedyRuleOffByOneAcrossSections() throws {
    try expectCaughtAndShrunk("heckel-boundary", kinds: [.moveRule], atMost: 6)
  }

  @Test(arguments: ["matching-short-items", "matching-out-of-range", "matching-used-twice", "matching-moved-insert"])
  func reportsAMalformedMatching(strategy: String) throws {
    try expectCaughtAndShrunk(strategy, kinds: [.invalidMatching], atMost: 4)
  }

  /// Ids as apps write them are drawn per pair: long ones that share their
  /// first 8 bytes catch a comparison cut short, ids spelled two ways that
  /// Swift calls equal catch a comparison of bytes.
  @Test func catchesAnIDComparisonOfEightBytes() throws {
    try expectCaughtAndShrunk("prefix-ids", kinds: [.wrongResult, .wrongIDs, .invalidResult, .rule(1), .rule(2), .rule(3), .rule(4), .rule(5), .rule(6), .rule(7)])
  }

  @Test func catchesAnIDComparisonOfBytesNotCanonicalEquivalence() throws {
    try expectCaughtAndShrunk("bytewise-ids", kinds: [.wrongIDs])
  }

  /// Pairs whose ids are all integers are diffed on `Int` ids too, and
  /// that changeset checked: a strategy wrong only there is caught.
  @Test func catchesAStrategyWrongOnlyOnIntIDs() throws {
    try expectCaughtAndShrunk("int-path-drops-insert", kinds: [.wrongCount, .wrongResult, .wrongIDs, .rule(7)])
  }

  @Test func catchesAnUnneededStage() throws {
    try expectCaughtAndShrunk("splits-shifted-sections", kinds: [.tooManyStages], atMost: 6)
  }

  /// Past one stage: a changeset that needs two or more, given one more.
  @Test func catchesAnUnneededStageBeyondTheFirst() throws {
    try expectCaughtAndShrunk("updates-sections-apart", kinds: [.tooManyStages], atMost: 8)
  }

  /// Issue 72's regression planted: a section reload beside a section
  /// move kept in a batch of its own where a stage there could hold it.
  @Test func catchesAReloadKeptApartFromAMove() throws {
    try expectCaughtAndShrunk("reloads-apart-from-moves", kinds: [.tooManyStages], atMost: 8)
  }

  @Test func catchesABlockedCallByTheWallClockBackstop() throws {
    // Blocks without using CPU: the backstop is 10 × the 0.1 s deadline.
    // Each blocked pair costs the backstop: a few small pairs only.
    try expectCaughtAndShrunk("blocks", kinds: [.hang], atMost: 4, timeout: 0.1, iterations: 6, maxItems: 40)
  }

  @Test func keepsAFailureThatDependsOnTheHashSeed() throws {
    // Workers hash alike, so the re-check and the shrinker see it fail again.
    try expectCaughtAndShrunk("seed-dependent", kinds: [.rule(7), .rule(3), .wrongResult, .rule(1)])
    let (report, out) = try fuzz("seed-dependent")
    defer { try? FileManager.default.removeItem(atPath: out) }
    #expect(report.notReproduced == 0)
  }

  @Test func writesAFailureThatDoesNotReproduce() throws {
    // Fails on every second call in its process: the fresh worker that
    // re-checks a pair passes (a session's re-check calls it once an apply,
    // and fails again). One job: with two, which worker's failure arrives
    // first, a pair's or a session's, varied with the machine's load.
    let (report, out) = try fuzz("every-other-call", keep: 2, jobs: 1)
    defer { try? FileManager.default.removeItem(atPath: out) }
    let finding = try #require(report.findings.first { $0.outcome == .notReproduced }, "\(report.findings.map(\.outcome))")
    #expect(report.notReproduced >= 1)
    // Written as it was found, with the message first reported and its iteration.
    let foundBy = finding.isTrace
      ? try TraceReader.parse(Array(try String(contentsOfFile: finding.file, encoding: .utf8).utf8)).first?.extra.first?.value
      : try CorpusCase.load(contentsOf: finding.file).extra.first?.value
    #expect(finding.shrunkItems == finding.originalItems)
    #expect(foundBy?["outcome"] == .string("not reproduced"))
    #expect(foundBy?["iteration"] == .number(String(finding.iteration)))
    #expect(finding.failure.isEmpty == false)
    #expect(report.failures == report.findings.count + report.repeats)
  }

  @Test func secondsBoundTheRunShrinkingIncluded() throws {
    // Every shrink candidate of a hang costs its deadline; the run still
    // ends soon after --seconds: what is in flight then may run to its wall
    // backstop (10 s for a 1 s deadline). An unbounded shrink of a hang takes
    // minutes, so the 60 s margin still catches it, and holds on a busy machine.
    // 12 s, past that backstop: a hang is found even when the machine is so
    // busy that the worker never gets its 1 s of CPU (3 s was not, under load).
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-bound-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: out) }
    var configuration = FuzzConfiguration(
      seed: 42, seconds: 12, strategies: ["hangs"], jobs: 2, maxItems: 200, timeout: 1, outputFolder: out,
      workerCommand: Self.worker)
    configuration.keepPerKind = 2
    let report = FuzzEngine(configuration: configuration).run()
    #expect(report.findings.first?.kind == .hang)
    #expect(report.seconds < 12 + 60, "ran \(report.seconds) s")
  }

  @Test func catchesAStrategyWrongOnlyFromItsOwnResultsInASession() throws {
    // Fuzzed pairs never chain; only the sessions fuzz draws can catch it.
    let (report, out) = try fuzz("trusts-recorded", iterations: 300)
    defer { try? FileManager.default.removeItem(atPath: out) }
    let finding = try #require(report.findings.first, "not caught in 300 iterations")
    #expect(finding.isTrace && finding.file.hasSuffix(".jsonl"))
    #expect(finding.failure.hasPrefix("apply "), "\(finding.failure)")
    #expect(PairGenerator.drawsTrace(finding.iteration))
    let trace = try TraceReader.parse(Array(try String(contentsOfFile: finding.file, encoding: .utf8).utf8))
    #expect(trace.count >= 3 && trace.count <= 4, "\(finding.fileText)")  // two applies: one to remember, one to go wrong
    #expect(finding.shrunkItems <= 12, "\(finding.fileText)")
  }

  @Test func sameSeedSamePairs() {
    let generator = PairGenerator(maxItems: 300)
    for i in 0..<50 as Range<UInt64> {
      #expect(generator.pair(seed: 7, iteration: i).old == generator.pair(seed: 7, iteration: i).old)
      #expect(generator.pair(seed: 7, iteration: i).new == generator.pair(seed: 7, iteration: i).new)
    }
  }

  @Test func correctStrategiesPass() throws {
    let (report, out) = try fuzz("hashmap", iterations: 200)
    defer { try? FileManager.default.removeItem(atPath: out) }
    #expect(report.pairs == 200 && report.failures == 0)
    // Every pair and session counted under the shape it was drawn in, each with its time.
    var expected: [IDShape: UInt64] = [:]
    for i in 0..<UInt64(200) { expected[PairGenerator.idShape(seed: 42, iteration: i), default: 0] += 1 }
    #expect(report.byShape.mapValues(\.pairs) == expected)
    #expect(report.byShape.values.allSatisfy { $0.seconds > 0 && $0.perSecond > 0 })
    #expect(Set(report.byShape.keys) == Set(IDShape.allCases))
  }
}

@Suite struct CorpusVerifierTests {
  /// Runs `fuzz-fixture verify STRATEGY` on a fresh folder holding a swap
  /// (`1-swap.json`) and a delete (`2-drop.json`); returns the folder, status and output.
  func verifyWithFixture(_ strategy: String) throws -> (dir: String, status: Int32, text: String) {
    try verify(strategy, timeout: 1, files: [
      "1-swap.json": #"{"old": ["a", "b"], "new": ["b", "a"]}"#, "2-drop.json": #"{"old": ["a", "b"], "new": ["a"]}"#,
    ])
  }

  /// Runs `fuzz-fixture verify [--timeout T] STRATEGY DIR` on a fresh folder
  /// holding `files`; returns the folder (removed by then), status and output.
  func verify(_ strategy: String, timeout: Double? = nil, files: [String: String]) throws -> (dir: String, status: Int32, text: String) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("verify-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: FuzzEngineTests.fixture)
    process.arguments = ["verify"] + (timeout.map { ["--timeout", "\($0)"] } ?? []) + [strategy, dir]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (dir, process.terminationStatus, text)
  }

  @Test func aTrapIsAFailureAndTheRestStillRun() throws {
    // The trapping strategy traps on any move: the swap kills its worker, the delete passes.
    let (dir, status, text) = try verifyWithFixture("trapping")
    #expect(status == 1)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("\(dir)/1-swap.json: trapping: crash: crashed: ") == true)
    #expect(lines.first?.contains("Index out of range") == true, "\(lines)")
    #expect(lines.last == "1 passed, 1 failed (crash 1, wrong screen 0, cost 0)")
  }

  @Test func aHangIsAFailureAndTheRestStillRun() throws {
    // The hanging strategy hangs on the delete-and-insert: more than 1 s of CPU time.
    let (dir, status, text) = try verify("hangs", timeout: 1, files: [
      "1-hang.json": #"{"old": ["a"], "new": ["x", "y"]}"#, "2-swap.json": #"{"old": ["a", "b"], "new": ["b", "a"]}"#,
    ])
    #expect(status == 1)
    // A hang either way: by its CPU time, or, starved on a loaded machine,
    // by the wall-clock backstop. Which one says how busy the machine was.
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(text)")
    #expect(lines.first?.hasPrefix("\(dir)/1-hang.json: hangs: crash: hang: ") == true, "\(text)")
    #expect(lines.last == "1 passed, 1 failed (crash 1, wrong screen 0, cost 0)")
  }

  @Test func aTraceIsWalkedFromEachStrategysOwnResults() throws {
    // Right on every recorded pair, wrong from its own result: caught at apply 2, named.
    let session = """
      {"name": "start", "sections": [{"id": "A", "items": ["a", "b", "c", "d"]}]}
      {"name": "d to the front", "sections": [{"id": "A", "items": ["d", "a", "b", "c"]}]}
      {"name": "c to the front", "sections": [{"id": "A", "items": ["c", "d", "a", "b"]}]}

      """
    let (dir, status, text) = try verify("trusts-recorded", files: ["session.jsonl": session])
    #expect(status == 1)
    #expect(text.hasPrefix("\(dir)/session.jsonl: trusts-recorded: wrong screen: apply 2 (c to the front): "), "\(text)")
    #expect(text.hasSuffix("0 passed, 1 failed (crash 0, wrong screen 1, cost 0)\n"))
    // Given the recorded snapshots themselves, pair after pair, it is right.
    let trace = try TraceReader.parse(Array(session.utf8))
    for k in 1..<trace.count {
      #expect(Verifier.verify(Contender(TrustsRecordedSnapshots()), from: trace[k - 1].snapshot, to: trace[k].snapshot) == nil)
    }
  }

  /// A strategy without sections is not run on a pair with them: counted
  /// as skipped, never as passed; the closing line says so only then.
  @Test func aStrategyWithoutSectionsIsSkippedOnSectionedPairs() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flat-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try #"{"old": ["a", "b"], "new": ["b", "a"]}"#.write(toFile: dir + "/flat.json", atomically: true, encoding: .utf8)
    try #"{"old": {"sections": [{"id": "A", "items": ["a"]}, {"id": "B", "items": ["b"]}]}, "new": {"sections": [{"id": "B", "items": ["b", "a"]}]}}"#
      .write(toFile: dir + "/sections.json", atomically: true, encoding: .utf8)
    var lines: [String] = []
    let flat = CorpusVerifier(strategies: [Contender(Flat())], output: { lines.append($0) }, errors: { Issue.record("\($0)") })
    #expect(flat.run(paths: [dir]) == 0)
    #expect(lines.last == "1 passed, 0 failed, 1 skipped (no sections)")
    lines = []
    let both = CorpusVerifier(strategies: [Contender(Hashmap())], output: { lines.append($0) }, errors: { Issue.record("\($0)") })
    #expect(both.run(paths: [dir]) == 0)
    #expect(lines.last == "2 passed, 0 failed")
  }

  /// A trace is cut into shares of its applies, walked side by side by
  /// all strategies; each keeps its own verdict: a strategy wrong only from
  /// its own results is still caught (in each share; the earliest is
  /// reported), and a crash in one share is judged again one strategy at a
  /// time, so it is named and the others still pass.
  @Test func aTraceWalkedInSharesKeepsEachStrategysVerdict() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("groups-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var items = ["a", "b", "c", "d", "e"]
    var lines: [String] = []
    for _ in 0..<5 {
      lines.append("[" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
      items.append(items.removeFirst())
    }
    try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/rotate.jsonl", atomically: true, encoding: .utf8)
    func run(_ strategies: [Contender]) -> (Int32, [String]) {
      var output: [String] = []
      var verifier = CorpusVerifier(
        strategies: strategies, isolation: FuzzEngineTests.worker, timeout: 10, output: { output.append($0) },
        errors: { Issue.record("\($0)") })
      verifier.jobs = 2
      return (verifier.run(paths: [dir]), output)
    }
    let (status, output) = run([Contender(Hashmap()), Contender(TrustsRecordedSnapshots()), Contender(Heckel()), Contender(Myers())])
    #expect(status == 1)
    #expect(output.count == 2 && output.last == "3 passed, 1 failed (crash 1, wrong screen 0, cost 0)", "\(output)")
    #expect(output.first?.hasPrefix("\(dir)/rotate.jsonl: trusts-recorded: crash: apply 2: invalid stage: stage 0: rule 7") == true, "\(output)")
    let (crashed, lines2) = run([Contender(Hashmap()), Contender(TrustsRecordedSnapshots()), Contender(Trapping()), Contender(Heckel())])
    #expect(crashed == 1)
    #expect(lines2.count == 3 && lines2.last == "2 passed, 2 failed (crash 2, wrong screen 0, cost 0)", "\(lines2)")
    #expect(lines2.contains { $0.hasPrefix("\(dir)/rotate.jsonl: trapping: crash") }, "\(lines2)")
    #expect(lines2.contains { $0.hasPrefix("\(dir)/rotate.jsonl: trusts-recorded: crash: apply 2") }, "\(lines2)")
  }

  /// A failure only in a later share of the trace names its apply, the
  /// same whether the trace is walked whole or in shares.
  @Test func aFailureInALaterShareNamesItsApply() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shares-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // Apply 5 deletes product-00000011 and inserts product-00000012: the
    // eight-byte comparison takes one for the other. Every other apply appends.
    var items = ["product-00000001", "product-00000011"]
    var lines = [items]
    for k in 1...6 {
      if k == 5 { items.removeAll { $0 == "product-00000011" }; items.append("product-00000012") } else { items.append("x\(k)") }
      lines.append(items)
    }
    let text = lines.map { "[" + $0.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }.joined(separator: "\n")
    try (text + "\n").write(toFile: dir + "/late.jsonl", atomically: true, encoding: .utf8)
    for jobs in [1, 2, 3] {
      var output: [String] = []
      var verifier = CorpusVerifier(
        strategies: [Contender(Hashmap()), Contender(ComparesEightBytes())], isolation: FuzzEngineTests.worker, timeout: 10,
        output: { output.append($0) }, errors: { Issue.record("\($0)") })
      verifier.jobs = jobs
      #expect(verifier.run(paths: [dir]) == 1)
      #expect(output.count == 2 && output.first?.hasPrefix("\(dir)/late.jsonl: prefix-ids: ") == true, "\(output)")
      #expect(output.first?.contains(": apply 5: ") == true, "jobs \(jobs): \(output)")
      #expect(output.last == "1 passed, 1 failed (crash 0, wrong screen 1, cost 0)", "\(output)")
    }
  }

  /// Shares are consecutive runs of applies from the first, as even as
  /// whole applies allow, the last open to the end of the file.
  @Test func sharesCoverEveryApplyOnce() {
    for total in 1...40 {
      for jobs in 1...5 {
        let shares = CorpusVerifier.shares(of: total, jobs)
        #expect(shares.count == min(jobs, total))
        #expect(shares.first?.lowerBound == 1 && shares.last?.upperBound == .max)
        for k in shares.indices.dropFirst() { #expect(shares[k].lowerBound == shares[k - 1].upperBound + 1) }
        let sizes = shares.dropLast().map(\.count) + [total - shares.last!.lowerBound + 1]
        #expect(sizes.reduce(0, +) == total && sizes.max()! - sizes.min()! <= 1, "\(total) in \(jobs): \(sizes)")
      }
    }
  }

  @Test func aCallOffTheCPUIsNotAHang() throws {
    // Sleeps 1.5 s with a 1 s timeout: CPU time judges it, so it passes.
    let (_, status, text) = try verifyWithFixture("sleeps")
    #expect(text.hasSuffix("2 passed, 0 failed\n"), "\(text)")
    #expect(status == 0)
  }

  @Test(arguments: ["matching-short-items", "matching-out-of-range", "matching-used-twice", "matching-moved-insert"])
  func aMalformedMatchingIsReported(strategy: String) throws {
    let (dir, status, text) = try verify(strategy, files: ["case.json": #"{"old": ["a", "b"], "new": ["b", "a", "c"]}"#])
    #expect(status == 1)
    #expect(text.hasPrefix("\(dir)/case.json: \(strategy): crash: invalid matching: item"), "\(text)")
  }

  @Test func aFailingStrategyIsReportedWithWhatBroke() throws {
    let (dir, status, text) = try verifyWithFixture("breaks-rule-2")
    #expect(status == 1)
    #expect(text == """
      \(dir)/1-swap.json: breaks-rule-2: crash: invalid stage: stage 0: rule 2: item [0, 1] is the old position of both an item move and an item update; in UIKit: NSInternalInconsistencyException (one index path used twice before the update; its reason for this operation is not on record)
      1 passed, 1 failed (crash 1, wrong screen 0, cost 0)

      """)
  }
}

/// Test-only: hashmap, declared without sections.
struct Flat: MatchingStrategy, RefereedStrategy {
  var name: String { "flat" }
  var traits: StrategyTraits { StrategyTraits(moveRule: .minimal, handlesSections: false) }
  func matching<S: Hashable, I: Hashable, C: Equatable>(from old: Snapshot<S, I, C>, to new: Snapshot<S, I, C>) -> Matching {
    Hashmap().matching(from: old, to: new)
  }
}
