import DiffResults
import DiffVerification
import Foundation
import SnapshotDiff

/// A named workload to time: a pair of snapshots, or a session of them (a
/// trace), generated from a fixed seed so that every commit times the same
/// applies, or read from a user's file. Names are CSV keys.
package struct Workload: Sendable {
  package var name: String
  /// Whether `--quick` runs it.
  package var quick: Bool
  /// Items on the larger side of its largest pair: counted runs cover up to
  /// 100,000 by default.
  package var items: Int
  package let source: Source

  /// What the workload diffs.
  package enum Source: Sendable {
    /// A pair of string snapshots.
    case pair(@Sendable () -> (old: SnapshotDraft, new: SnapshotDraft))
    /// A pair with `Int` ids and contents, timed through the strategies'
    /// `Int`-specialized entry point.
    case intPair(@Sendable () -> (old: IntSnapshot, new: IntSnapshot))
    /// A session: each snapshot applied to the state the one before left.
    case trace(@Sendable () throws(CorpusError) -> TraceSource)
    /// A corpus file (a pair), read when the workload runs.
    case file(String)
    /// An operation on a snapshot, no diff (``SnapshotOperation``).
    case snapshot(SnapshotOperation)
  }

  /// The cells of a grid: every subject on each workload, the snapshot
  /// operations' one subject on theirs.
  package static func cellCount(_ workloads: [Workload], subjects: Int) -> Int {
    workloads.reduce(0) { $0 + ($1.isSnapshotOperation ? 1 : subjects) }
  }

  /// Whether it is an operation on a snapshot rather than a diff.
  package var isSnapshotOperation: Bool {
    if case .snapshot = source { return true }
    return false
  }

  /// The subject of a snapshot operation, alone in its cells; `nil` for a
  /// workload the strategies diff.
  package var snapshotSubject: TimedSubject? {
    guard case .snapshot(let operation) = source else { return nil }
    return TimedSubject(operation)
  }

  /// The applies of a session (1 for a pair): with ``items``, what the
  /// time left is estimated from.
  package var applies = 1

  package init(name: String, quick: Bool, items: Int, applies: Int = 1, source: Source) {
    self.name = name
    self.quick = quick
    self.items = items
    self.applies = applies
    self.source = source
  }

  init(name: String, quick: Bool, items: Int, _ make: @escaping @Sendable () -> (SnapshotDraft, SnapshotDraft)) {
    self.init(name: name, quick: quick, items: items, source: .pair({ make() }))
  }

  /// Whether it is a session of applies rather than one pair.
  package var isTrace: Bool {
    if case .trace = source { return true }
    return false
  }

  /// The string pair (outside any timed region); an `Int` pair as strings;
  /// a trace's first apply.
  package func pair() -> (old: StringSnapshot, new: StringSnapshot) {
    switch source {
    case .pair(let make):
      let (old, new) = make()
      return (try! old.snapshot(), try! new.snapshot())
    case .intPair(let make):
      let (old, new) = make()
      return (old.strings, new.strings)
    case .trace(let make):
      let trace = try! make()
      let old = try! trace.next()!.snapshot
      return (old, try! trace.next()?.snapshot ?? old)
    case .file(let path):
      let pair = try! CorpusCase.load(contentsOf: path)
      return (pair.old, pair.new)
    case .snapshot:
      return (StringSnapshot(), StringSnapshot())
    }
  }

  /// One apply of a workload: the pair it diffs, strings or `Int`s.
  package enum Apply {
    case strings(StringSnapshot, StringSnapshot)
    case ints(IntSnapshot, IntSnapshot)

    /// The pair as strings, for the oracles.
    package var strings: (old: StringSnapshot, new: StringSnapshot) {
      switch self {
      case let .strings(old, new): return (old, new)
      case let .ints(old, new): return (old.strings, new.strings)
      }
    }
  }

  /// Calls `body` with each apply, in order: a pair's one (step `nil`), or a
  /// trace's, numbered from 1, made one at a time.
  package func forEachApply(_ body: (Apply, _ step: Int?) -> Void) throws(CorpusError) {
    switch source {
    case .pair, .file, .snapshot:  // a snapshot operation: one apply, its pair empty
      let (old, new) = pair()
      body(.strings(old, new), nil)
    case .intPair(let make):
      let (old, new) = make()
      body(.ints(old, new), nil)
    case .trace(let make):
      let trace = try make()
      guard var previous = try trace.next() else { return }
      var step = 0
      while let next = try trace.next() {
        step += 1
        body(.strings(previous.snapshot, next.snapshot), step)
        previous = next
      }
    }
  }

  package static let seed: UInt64 = 0x5EED_D1FF

  package static let all: [Workload] = [
    Workload(name: "dk-5k", quick: true, items: 5_000) { differenceKit(count: 5_000, drop: 2_000..<3_000, insert: 1_000, at: 3_000, shuffle: 200) },
    Workload(name: "dk-100k", quick: true, items: 100_000) { differenceKit(count: 100_000, drop: 20_000..<30_000, insert: 10_000, at: 30_000, shuffle: 2_000) },
    Workload(name: "dk-1m", quick: false, items: 1_000_000) { differenceKit(count: 1_000_000, drop: 200_000..<210_000, insert: 10_000, at: 300_000, shuffle: 2_000) },
    Workload(name: "scattered-5k", quick: true, items: 5_000) { scattered(count: 5_000, drop: 1_000, insert: 1_000, shuffle: 200) },
    Workload(name: "scattered-100k", quick: false, items: 100_000) { scattered(count: 100_000, drop: 10_000, insert: 10_000, shuffle: 2_000) },
    Workload(name: "scattered-1m", quick: false, items: 1_000_000) { scattered(count: 1_000_000, drop: 10_000, insert: 10_000, shuffle: 2_000) },
  ] + Growth.sweepSizes.map { n in
    // The scaling sweep, named and sized where growth exponents are fitted.
    Workload(name: Growth.sweepWorkload(items: n), quick: n <= 10_000, items: n) { random(count: n) }
  } + [
    Workload(name: "sections-10x10k", quick: false, items: 100_000) { sections() },
    Workload(name: "paging-append", quick: true, items: 1_025) { pagingAppend() },
    Workload(name: "empty-to-list", quick: true, items: 1_000) { emptyAndList(toList: true) },
    Workload(name: "list-to-empty", quick: true, items: 1_000) { emptyAndList(toList: false) },
    Workload(name: "appstore-sections", quick: true, items: 63) { appStore() },
    Workload(name: "reversed-10k", quick: true, items: 10_000) { reversed(count: 10_000) },
    Workload(name: "replace-all-10k", quick: true, items: 10_000) { replaceAll(count: 10_000) },
    Workload(name: "identical-100k", quick: false, items: 100_000) { identical(count: 100_000) },
    Workload(name: "shuffle-100k", quick: false, items: 100_000) { shuffled(count: 100_000) },
    Workload(name: "shuffle-1m", quick: false, items: 1_000_000) { shuffled(count: 1_000_000) },
    Workload(name: "uuid-100k", quick: false, items: 100_000) { uuids(count: 100_000) },
    Workload(name: "int-100k", quick: false, items: 100_000, source: .intPair({ ints(count: 100_000) })),
    Workload(name: "sections-1000x100", quick: false, items: 100_000) { manySections(sections: 1_000, items: 100) },
    Workload(name: "trace-paging", quick: true, items: 10_025, applies: 500, source: .trace({ pagingSession() })),
    Workload(name: "trace-chat", quick: false, items: 12_000, applies: 1_000, source: .trace({ chatSession() })),
    Workload(name: "trace-search", quick: false, items: 50_000, applies: 20, source: .trace({ searchSession() })),
    Workload(name: "trace-feed", quick: true, items: 1_000, applies: 200, source: .trace({ feedSession() })),
    Workload(name: "trace-appstore", quick: true, items: 80, applies: 100, source: .trace({ appStoreSession() })),
    Workload(name: "trace-frontpage", quick: true, items: 30, applies: 500, source: .trace({ frontPageSession() })),
    Workload(name: "trace-ranking", quick: false, items: 3_500, applies: 2_500, source: .trace({ rankingSession() })),
    Workload(name: "outline-3-level-5k", quick: true, items: 5_010, applies: 400, source: .trace({ outlineSession() })),
    Workload(name: "outline-expand-all-5k", quick: true, items: 5_010) { outlineExpandAll() },
  ] + suites + snapshotOperations + outlineOperations

  package static var names: [String] { all.map(\.name) }

  /// Whether a counted run (`bench --instructions`) covers it unless asked.
  package var countedByDefault: Bool { items <= 100_000 }

  /// A user's file as a workload named after it (without its extension): a
  /// corpus file (a pair) or a `.jsonl` trace.
  package static func file(_ path: String) -> Workload {
    let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    if isTraceFile(path) {
      var workload = Workload(name: name, quick: true, items: 0, source: .trace({ () throws(CorpusError) in
        let reader = try TraceReaderBox(path)
        return TraceSource { () throws(CorpusError) in try reader.next() }
      }))
      workload.path = path
      // For the time left: its applies, and its items guessed from its size
      // (about 30 bytes an item as `diffbench workload` writes them).
      workload.applies = max(1, TraceReader.applies(inFile: path) ?? 1)
      let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      workload.items = bytes / 30 / (workload.applies + 1)
      return workload
    }
    return Workload(name: name, quick: true, items: 0, source: .file(path))
  }

  /// What a counting child is given to find this workload again: its name,
  /// or a file's path.
  package var argument: String {
    if case .file(let path) = source { return path }
    return path ?? name
  }

  /// A trace file's path, for a trace read from a file.
  var path: String?

  /// A built-in workload by name, or a file by path (what a counting child is given).
  package static func resolve(_ nameOrPath: String) -> Workload? {
    all.first { $0.name == nameOrPath } ?? (FileManager.default.fileExists(atPath: nameOrPath) ? file(nameOrPath) : nil)
  }
}

/// A session's snapshots, one at a time: a generator's, or a trace file's.
package final class TraceSource: @unchecked Sendable {  // used by one thread at a time
  private let make: () throws(CorpusError) -> TraceSnapshot?

  package init(_ next: @escaping () throws(CorpusError) -> TraceSnapshot?) { make = next }

  /// The next snapshot, or `nil` at the end of the session.
  package func next() throws(CorpusError) -> TraceSnapshot? { try make() }
}

/// A ``TraceReader`` behind a reference, so a closure can advance it.
final class TraceReaderBox {
  var reader: TraceReader
  init(_ path: String) throws(CorpusError) { reader = try TraceReader(contentsOf: path) }
  func next() throws(CorpusError) -> TraceSnapshot? { try reader.next() }
}

extension Snapshot where SectionID == Int, ItemID == Int, Content == Int {
  /// The same snapshot with its ids and contents as decimal text: what the
  /// oracles, which read strings, judge an `Int` pair by.
  package var strings: StringSnapshot {
    try! StringSnapshot(sections: sections.map { section in
      StringSnapshot.Section(
        String(section.id), content: section.content.map(String.init),
        items: section.items.map { StringSnapshot.Item(String($0.id), content: $0.content.map(String.init)) })
    })
  }
}
