import DiffVerification
import SnapshotDiff

// Other people's benchmarks, each a suite of workloads defined as its source
// defines it (`bench --suite NAME`). Each function names its source; where
// we differ, it says how.

/// A suite of built-in workloads from one published benchmark: the prefix
/// of its workloads' names, and where its definitions come from.
package struct WorkloadSuite: Sendable {
  package let name: String
  package let source: String

  package static let all = [
    WorkloadSuite(name: "jsfb", source: "krausest/js-framework-benchmark: webdriver-ts/src/benchmarksCommon.ts (020d62e), benchmarksPuppeteer.ts (665fc2c), frameworks/keyed/vanillajs/src/Main.js (145f798)"),
    WorkloadSuite(name: "diffutil", source: "Android's DiffUtil javadoc (developer.android.com/reference/androidx/recyclerview/widget/DiffUtil): run times on lists of random UUID strings"),
    WorkloadSuite(name: "dk-readme", source: "ra1028/DifferenceKit: Benchmark/Sources/main.swift and BenchmarkTools.swift (02ca196, 1.3.0+1), the README's table"),
    WorkloadSuite(name: "listkit", source: "Iron-Ham/Lists: Tests/Benchmarks/IGListDiffBenchmarks.swift (75fe3fe), the README's table against IGListKit"),
  ]

  /// Whether a workload is one of the suite's: its name is the suite's, then `-`.
  package func contains(_ workload: String) -> Bool { workload.hasPrefix(name + "-") }

  /// The suite's workloads, in the grid's order.
  package var workloads: [Workload] { Workload.all.filter { contains($0.name) } }

  package static func named(_ name: String) -> WorkloadSuite? { all.first { $0.name == name } }

  /// The suite a workload belongs to, or `nil` for one of our grid's.
  package static func of(_ workload: String) -> WorkloadSuite? { all.first { $0.contains(workload) } }
}

// MARK: - js-framework-benchmark

/// One table of js-framework-benchmark's keyed implementations: rows with
/// numeric ids from 1 up (Main.js's `this.id++`) and a label. Labels are
/// ours (`label-N`, random N): the benchmark draws three words.
struct JSFBTable {
  var rng = SplitMix64(seed: Workload.seed &+ 30, iteration: 0)
  var nextID = 1

  /// `buildData(count)`: `count` new rows.
  mutating func build(_ count: Int) -> Items {
    (0..<count).map { _ in
      defer { nextID += 1 }
      return ("\(nextID)", "label-\(rng.int(below: 1_000_000))")
    }
  }

  static func draft(_ rows: Items) -> SnapshotDraft { one(rows, section: "tbody") }
}

/// `jsfb-create-1k` (01_run1k, "creating 1,000 rows"): an empty table, then `run`.
func jsfbCreate(_ count: Int) -> (SnapshotDraft, SnapshotDraft) {
  var table = JSFBTable()
  return (JSFBTable.draft([]), JSFBTable.draft(table.build(count)))
}

/// `jsfb-replace-all-1k` (02_replace1k, "updating all 1,000 rows"): `run`
/// again on a table of 1,000: every row new, ids continuing.
func jsfbReplaceAll() -> (SnapshotDraft, SnapshotDraft) {
  var table = JSFBTable()
  let old = table.build(1_000)
  return (JSFBTable.draft(old), JSFBTable.draft(table.build(1_000)))
}

/// `jsfb-partial-update-1k` (03_update10th1k_x16, "updating every 10th
/// row for 1,000 rows"): rows 0, 10, …, 990 get " !!!" appended to their
/// label (Main.js's `updateData`). The README said 10,000 rows; the
/// benchmark's definition is 1,000.
func jsfbPartialUpdate() -> (SnapshotDraft, SnapshotDraft) {
  var table = JSFBTable()
  let old = table.build(1_000)
  var new = old
  for k in stride(from: 0, to: new.count, by: 10) { new[k].content += " !!!" }
  return (JSFBTable.draft(old), JSFBTable.draft(new))
}

/// `jsfb-select-row-1k` (04_select1k, "highlighting a selected row"): row
/// 2 (index 1) gets the `danger` class, and the row the warm-up selected
/// last (the 10th, `nth-of-type(10)` with 5 warm-up clicks) loses it; the
/// class is part of each row's content here.
func jsfbSelectRow() -> (SnapshotDraft, SnapshotDraft) {
  var table = JSFBTable()
  var old = table.build(1_000)
  old[9].content += " danger"
  var new = old
  new[9].content.removeLast(" danger".count)
  new[1].content += " danger"
  return (JSFBTable.draft(old), JSFBTable.draft(new))
}

/// `jsfb-swap-rows-1k` (05_swap1k, "swap 2 rows for table with 1,000
/// rows"): rows 1 and 998 change places (Main.js's `swapRows`).
func jsfbSwapRows() -> (SnapshotDraft, SnapshotDraft) {
  var table = JSFBTable()
  let old = table.build(1_000)
  var new = old
  new.swapAt(1, 998)
  return (JSFBTable.draft(old), JSFBTable.draft(new))
}

/// `jsfb-remove-row-1k` (06_remove-one-1k, "removing one row"): the 4th
/// row (`tbody>tr:nth-of-type(4)`) removed from 1,000. The benchmark's
/// warm-up has removed 6 rows before; here the table is whole.
func jsfbRemoveRow() -> (SnapshotDraft, SnapshotDraft) {
  var table = JSFBTable()
  let old = table.build(1_000)
  var new = old
  new.remove(at: 3)
  return (JSFBTable.draft(old), JSFBTable.draft(new))
}

/// `jsfb-append-1k-to-1k` (08_create1k-after1k_x2): `add` on a table of
/// 1,000: 1,000 rows appended. The benchmark's description says "to a
/// table of 10,000 rows", but its implementation (benchmarksPuppeteer.ts's
/// `benchAppendToManyRows`: `#run`, then `#add`, checks row 2,000) appends
/// to 1,000, and so does this.
func jsfbAppend() -> (SnapshotDraft, SnapshotDraft) {
  var table = JSFBTable()
  let old = table.build(1_000)
  return (JSFBTable.draft(old), JSFBTable.draft(old + table.build(1_000)))
}

/// `jsfb-clear-1k` (09_clear1k_x8, "clearing a table with 1,000 rows").
func jsfbClear() -> (SnapshotDraft, SnapshotDraft) {
  var table = JSFBTable()
  return (JSFBTable.draft(table.build(1_000)), JSFBTable.draft([]))
}

// MARK: - DiffUtil

/// `diffutil-N-M`: DiffUtil's javadoc table, a list of `count` random UUID
/// strings and `modifications` random modifications. The javadoc does not
/// say which kinds; each here is an insert, a delete, a move or a content
/// change, drawn equally. (Its rows "without moves" are DiffUtil's option
/// not to look for moves: every strategy here looks for them.)
func diffUtil(count: Int, modifications: Int) -> (SnapshotDraft, SnapshotDraft) {
  var rng = SplitMix64(seed: Workload.seed &+ 31, iteration: UInt64(count * 1_000 + modifications))
  let old: Items = (0..<count).map { _ in (uuid(&rng), "v0") }
  var new = old
  for _ in 0..<modifications {
    switch rng.int(below: 4) {
    case 0: new.insert((uuid(&rng), "v0"), at: rng.int(in: 0...new.count))
    case 1 where !new.isEmpty: new.remove(at: rng.int(below: new.count))
    case 2 where !new.isEmpty:
      let item = new.remove(at: rng.int(below: new.count))
      new.insert(item, at: rng.int(in: 0...new.count))
    case 3 where !new.isEmpty: new[rng.int(below: new.count)].content += "+"
    default: new.append((uuid(&rng), "v0"))
    }
  }
  return (one(old), one(new))
}

// MARK: - DifferenceKit's README

/// `dk-readme-5k`, `dk-readme-100k`: DifferenceKit's `BenchmarkData`
/// exactly (remove `deleteRange`, insert as many new ids at
/// `insertRange.lowerBound`, shuffle `shuffleRange`), with UUID ids as its
/// `UUID()`s, written as `uuidString` does (upper case). Our `dk-*`
/// workloads keep the layout with short ids.
func differenceKitReadme(count: Int, delete: Range<Int>, insert: Range<Int>, shuffle: Range<Int>) -> (SnapshotDraft, SnapshotDraft) {
  var rng = SplitMix64(seed: Workload.seed &+ 32, iteration: UInt64(count))
  let source: Items = (0..<count).map { _ in (uuid(&rng).uppercased(), "") }
  var target = source
  target.removeSubrange(delete)
  target.insert(contentsOf: insert.map { _ in (uuid(&rng).uppercased(), "") }, at: insert.lowerBound)
  var shuffled = Array(target[shuffle])
  rng.shuffle(&shuffled)
  target.replaceSubrange(shuffle, with: shuffled)
  return (one(source), one(target))
}

// MARK: - ListKit

/// ListKit's `IGListDiffBenchmarks` on `Int` ids, one section "main", no contents.
func listKit(_ old: [Int], _ new: [Int]) -> (IntSnapshot, IntSnapshot) {
  func snapshot(_ ids: [Int]) -> IntSnapshot {
    try! IntSnapshot(sections: [.init(0, content: 0, items: ids.map { .init($0, content: 0) })])
  }
  return (snapshot(old), snapshot(new))
}

/// `listkit-shuffle-10k`: ListKit's deterministic shuffle of 0..<10,000
/// (`swapAt(i, i * 7 % (i + 1))` from the end down).
func listKitShuffled() -> [Int] {
  var shuffled = Array(0..<10_000)
  for i in stride(from: shuffled.count - 1, through: 1, by: -1) { shuffled.swapAt(i, i * 7 % (i + 1)) }
  return shuffled
}

extension Workload {
  /// The suites' workloads (``WorkloadSuite``), in their sources' order.
  static let suites: [Workload] = [
    Workload(name: "jsfb-create-1k", quick: true, items: 1_000) { jsfbCreate(1_000) },
    Workload(name: "jsfb-replace-all-1k", quick: true, items: 1_000) { jsfbReplaceAll() },
    Workload(name: "jsfb-partial-update-1k", quick: true, items: 1_000) { jsfbPartialUpdate() },
    Workload(name: "jsfb-select-row-1k", quick: true, items: 1_000) { jsfbSelectRow() },
    Workload(name: "jsfb-swap-rows-1k", quick: true, items: 1_000) { jsfbSwapRows() },
    Workload(name: "jsfb-remove-row-1k", quick: true, items: 1_000) { jsfbRemoveRow() },
    Workload(name: "jsfb-create-10k", quick: true, items: 10_000) { jsfbCreate(10_000) },
    Workload(name: "jsfb-append-1k-to-1k", quick: true, items: 2_000) { jsfbAppend() },
    Workload(name: "jsfb-clear-1k", quick: true, items: 1_000) { jsfbClear() },
    Workload(name: "diffutil-100-10", quick: true, items: 110) { diffUtil(count: 100, modifications: 10) },
    Workload(name: "diffutil-100-100", quick: true, items: 200) { diffUtil(count: 100, modifications: 100) },
    Workload(name: "diffutil-1000-50", quick: true, items: 1_050) { diffUtil(count: 1_000, modifications: 50) },
    Workload(name: "diffutil-1000-200", quick: true, items: 1_200) { diffUtil(count: 1_000, modifications: 200) },
    Workload(name: "dk-readme-5k", quick: true, items: 5_000) {
      differenceKitReadme(count: 5_000, delete: 2_000..<3_000, insert: 3_000..<4_000, shuffle: 0..<200)
    },
    Workload(name: "dk-readme-100k", quick: false, items: 100_000) {
      differenceKitReadme(count: 100_000, delete: 20_000..<30_000, insert: 30_000..<40_000, shuffle: 0..<2_000)
    },
    Workload(name: "listkit-10k-half-overlap", quick: true, items: 10_000, source: .intPair({ listKit(Array(0..<10_000), Array(5_000..<15_000)) })),
    Workload(name: "listkit-50k-half-overlap", quick: true, items: 50_000, source: .intPair({ listKit(Array(0..<50_000), Array(25_000..<75_000)) })),
    Workload(name: "listkit-no-change-10k", quick: true, items: 10_000, source: .intPair({ listKit(Array(0..<10_000), Array(0..<10_000)) })),
    Workload(name: "listkit-shuffle-10k", quick: true, items: 10_000, source: .intPair({ listKit(Array(0..<10_000), listKitShuffled()) })),
  ]
}
