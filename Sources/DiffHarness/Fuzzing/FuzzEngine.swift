import Foundation
import SnapshotDiff

/// What `diffbench fuzz` runs: how many pairs, through which strategies, where
/// failures go.
public struct FuzzConfiguration: Sendable {
  public var seed: UInt64
  /// Stop after this many pairs, or …
  public var iterations: UInt64?
  /// … after this many seconds (one of the two; neither means 1,000 pairs).
  public var seconds: Double?
  public var strategies: [String]
  public var jobs: Int
  public var maxItems: Int
  public var outputFolder: String
  /// The worker command: an executable that runs ``FuzzWorker`` with the
  /// arguments that follow, e.g. `[path to diffbench, "fuzz-worker"]`.
  public var workerCommand: [String]
  /// Failures of one strategy in one way that are shrunk and written; the
  /// rest are counted.
  public var keepPerKind = 2

  public init(
    seed: UInt64, iterations: UInt64? = nil, seconds: Double? = nil, strategies: [String], jobs: Int,
    maxItems: Int = 2_000, outputFolder: String, workerCommand: [String]
  ) {
    self.seed = seed
    self.iterations = iterations
    self.seconds = seconds
    self.strategies = strategies
    self.jobs = jobs
    self.maxItems = maxItems
    self.outputFolder = outputFolder
    self.workerCommand = workerCommand
  }
}

/// One failure found, shrunk and written.
public struct FuzzFinding: Sendable {
  public var strategy: String
  public var failure: String
  public var kind: String
  public var iteration: UInt64
  public var originalItems: Int
  public var shrunkItems: Int
  public var file: String
  public var replay: String
  public var shrunk: CorpusCase
}

public struct FuzzReport: Sendable {
  public var seed: UInt64
  public var pairs: UInt64 = 0
  public var seconds: Double = 0
  public var findings: [FuzzFinding] = []
  /// Failures of a (strategy, kind) already kept, counted only.
  public var repeats = 0
  public var failures: Int { findings.count + repeats }
}

/// Runs pairs through the strategies in worker processes, so that a trap is
/// a failure like any other; shrinks each failure through a check server and
/// writes it as a corpus file.
public final class FuzzEngine: @unchecked Sendable {  // events and workers are guarded by `lock`
  public let configuration: FuzzConfiguration
  /// Called about twice a second with the report so far.
  public var progress: ((FuzzReport) -> Void)?
  /// Called once per finding, as soon as it is written.
  public var found: ((FuzzFinding) -> Void)?

  public init(configuration: FuzzConfiguration) { self.configuration = configuration }

  private enum Event {
    case ok(UInt64)
    case failed(UInt64, strategy: String, kind: String, message: String)
    case died(worker: Int, next: UInt64, how: String)
    case finished(worker: Int)
  }

  private let lock = NSLock()
  private var events: [Event] = []
  private var workers: [ChildProcess?] = []
  private var stopping = false

  private func post(_ event: Event) {
    lock.lock()
    events.append(event)
    lock.unlock()
  }

  public func run() -> FuzzReport {
    let c = configuration
    var report = FuzzReport(seed: c.seed)
    let start = Date()
    let jobs = max(1, c.jobs)
    let limit: UInt64? = c.iterations ?? (c.seconds == nil ? 1_000 : nil)
    workers = Array(repeating: nil, count: jobs)
    var running = 0
    for w in 0..<jobs where UInt64(w) < (limit ?? .max) {
      spawn(worker: w, first: UInt64(w), step: UInt64(jobs), limit: limit)
      running += 1
    }
    var kept: [String: Int] = [:]
    var lastProgress = Date.distantPast
    var servers: [String: CheckServer] = [:]
    func server(_ strategy: String) -> CheckServer {
      if let s = servers[strategy] { return s }
      let s = CheckServer(command: c.workerCommand, strategy: strategy)
      servers[strategy] = s
      return s
    }
    func handle(failure kind: String, message: String, strategy: String, iteration: UInt64) {
      let key = "\(strategy)\t\(kind)"
      if kept[key, default: 0] >= c.keepPerKind {
        report.repeats += 1
        return
      }
      kept[key, default: 0] += 1
      if let finding = shrinkAndWrite(strategy: strategy, kind: kind, message: message, iteration: iteration, server: server(strategy)) {
        report.findings.append(finding)
        found?(finding)
      } else {
        report.repeats += 1
      }
    }

    while running > 0 {
      if let seconds = c.seconds, Date().timeIntervalSince(start) >= seconds, !stopping {
        lock.lock()
        stopping = true
        let all = workers
        lock.unlock()
        for worker in all { worker?.terminate() }
      }
      lock.lock()
      let batch = events
      events.removeAll()
      lock.unlock()
      if batch.isEmpty { Thread.sleep(forTimeInterval: 0.02) }
      for event in batch {
        switch event {
        case .ok:
          report.pairs += 1
        case let .failed(i, strategy, kind, message):
          handle(failure: kind, message: message, strategy: strategy, iteration: i)
        case let .died(w, next, how):
          if stopping { running -= 1; continue }
          // Which strategy killed it? Check the pair with each, each in its own server.
          let pair = casePair(iteration: next)
          for strategy in c.strategies {
            if case .crashed(let crash)? = server(strategy).check(pair) {
              handle(failure: "crash", message: "crashed: \(crash.isEmpty ? how : crash)", strategy: strategy, iteration: next)
            }
          }
          report.pairs += 1
          let following = next + UInt64(jobs)
          if following < (limit ?? .max) {
            spawn(worker: w, first: following, step: UInt64(jobs), limit: limit)
          } else {
            running -= 1
          }
        case .finished:
          running -= 1
        }
      }
      if Date().timeIntervalSince(lastProgress) >= 0.5 {
        report.seconds = Date().timeIntervalSince(start)
        progress?(report)
        lastProgress = Date()
      }
    }
    report.seconds = Date().timeIntervalSince(start)
    return report
  }

  private func spawn(worker w: Int, first: UInt64, step: UInt64, limit: UInt64?) {
    let c = configuration
    var command = c.workerCommand + [
      "--seed", String(c.seed), "--first", String(first), "--step", String(step), "--max-items", String(c.maxItems),
    ]
    if let limit { command += ["--limit", String(limit)] }
    for s in c.strategies { command += ["--strategy", s] }
    guard let child = try? ChildProcess(command: command, withInput: false) else {
      post(.died(worker: w, next: first, how: "cannot start \(command[0])"))
      return
    }
    lock.lock()
    workers[w] = child
    lock.unlock()
    let thread = Thread { [self] in
      var next = first
      while let line = child.readLine() {
        let fields = line.split(separator: " ", maxSplits: 2).map(String.init)
        if fields.count == 2, fields[0] == "ok", let i = UInt64(fields[1]) {
          post(.ok(i))
          next = i + step
        } else if fields.count == 3, fields[0] == "fail", let i = UInt64(fields[1]) {
          let parts = fields[2].split(separator: "\t", maxSplits: 2).map(String.init)
          post(.failed(i, strategy: parts[0], kind: parts.count > 1 ? parts[1] : "?", message: parts.count > 2 ? parts[2] : ""))
        }
      }
      if let how = child.waitForAbnormalEnd() {
        post(.died(worker: w, next: next, how: how))
      } else {
        post(.finished(worker: w))
      }
    }
    thread.start()
  }

  func casePair(iteration: UInt64) -> CorpusCase {
    let drafts = PairGenerator(maxItems: configuration.maxItems).pair(seed: configuration.seed, iteration: iteration)
    return CorpusCase(name: "", old: try! drafts.old.snapshot(), new: try! drafts.new.snapshot())
  }

  /// Shrinks the pair of `iteration` while `strategy` still fails with the
  /// same kind, and writes it to the output folder.
  func shrinkAndWrite(strategy: String, kind: String, message: String, iteration: UInt64, server: CheckServer) -> FuzzFinding? {
    let c = configuration
    let original = casePair(iteration: iteration)
    var lastMessage = message
    var shrinker = Shrinker(budget: 3_000) { pair in
      guard let old = try? pair.old.snapshot(), let new = try? pair.new.snapshot() else { return false }
      guard let failure = server.check(CorpusCase(name: "", old: old, new: new)), failure.kind == kind else { return false }
      lastMessage = failure.description
      return true
    }
    // Confirm it fails on its own first (and take the message from the checker).
    guard shrinker.stillFails((SnapshotDraft(original.old), SnapshotDraft(original.new))) else { return nil }
    let shrunkDrafts = shrinker.shrink((SnapshotDraft(original.old), SnapshotDraft(original.new)))
    // Re-check the result, so the message is the shrunk case's own.
    _ = shrinker.stillFails(shrunkDrafts)
    guard let old = try? shrunkDrafts.old.snapshot(), let new = try? shrunkDrafts.new.snapshot() else { return nil }

    let slug = kind.replacingOccurrences(of: " ", with: "-")
    let fileName = "\(strategy)-\(slug)-\(c.seed)-\(iteration).json"
    let path = (c.outputFolder as NSString).appendingPathComponent(fileName)
    let replay = "diffbench verify --strategy \(strategy) \(path)"
    let foundBy: JSONValue = .object([
      ("seed", .number(String(c.seed))), ("iteration", .number(String(iteration))),
      ("strategy", .string(strategy)), ("failure", .string(lastMessage)),
      ("replay", .string(replay)),
    ])
    let shrunk = CorpusCase(
      name: "fuzz: \(strategy) \(kind), shrunk from \(original.old.numberOfItems + original.new.numberOfItems) items",
      old: old, new: new, extra: [("found_by", foundBy)])
    do {
      try FileManager.default.createDirectory(atPath: c.outputFolder, withIntermediateDirectories: true)
      try writeAtomically(shrunk.fileText, to: path)
    } catch {
      FileHandle.standardError.write("diffbench: cannot write \(path): \(error)\n".data(using: .utf8)!)
    }
    return FuzzFinding(
      strategy: strategy, failure: lastMessage, kind: kind, iteration: iteration,
      originalItems: original.old.numberOfItems + original.new.numberOfItems,
      shrunkItems: old.numberOfItems + new.numberOfItems, file: path, replay: replay, shrunk: shrunk)
  }
}

/// Writes to a temporary file beside `path`, then renames it into place, so
/// that a reader never sees half a file and a crash never loses the old one.
public func writeAtomically(_ text: String, to path: String) throws {
  let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
  try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
  if rename(temporary, path) != 0 {
    let code = errno
    try? FileManager.default.removeItem(atPath: temporary)
    throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(code))])
  }
}
