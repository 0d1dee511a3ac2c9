import ArgumentParser
import DiffBenchmarks
import DiffFuzzing
import DiffResults
import DiffVerification
import Foundation

/// The comparison as Markdown, from a bench summary (and fuzz summaries):
/// what the README's "How it compares" holds, generated, never typed.
struct TableCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "table",
    abstract: "Print a bench summary (and fuzz summaries) as Markdown tables, one column per strategy.",
    discussion: """
      Per workload: each strategy's time over the floor's (median of the run's samples, each \
      divided by the floor's of its round), its moves against min_moves and its stages against min_stages; per \
      built-in session, each strategy's per-apply median and p99; per fuzz summary (`fuzz \
      --summary`), pairs fuzzed, skipped, failures by severity and those kept by kind. A cell without rows says why: \
      "no sections" (a strategy without sections, on a workload with them) or "skipped" (its cost).
      Exit status: 0 printed, 2 invalid input.
      """)

  @Argument(help: "A report: a summary (`<report>.summary.csv`) or a raw one, summarized.")
  var summary: String

  @Option(help: "A fuzz summary (JSON, as `fuzz --summary` writes it); repeatable.")
  var fuzz: [String] = []

  func run() throws {
    let cells: [CellSummary]
    var fuzzed: [FuzzSummary] = []
    do {
      cells = try ReportFile.read(contentsOf: summary)
    } catch {
      printError(error.description)
      throw ExitCode(2)
    }
    for file in fuzz {
      do {
        fuzzed.append(try FuzzSummary.read(contentsOf: file))
      } catch {
        printError("\(file): not a fuzz summary: \(error.localizedDescription)")
        throw ExitCode(2)
      }
    }
    print(Self.markdown(cells, fuzzed: fuzzed, source: summary), terminator: "")
  }

  /// The tables. Strategies in the order of this executable's list, then any
  /// other the summary has; workloads in the summary's order.
  static func markdown(_ cells: [CellSummary], fuzzed: [FuzzSummary], source: String) -> String {
    var byKey: [CellKey: CellSummary] = [:]
    var workloads: [String] = []
    var named = Set<String>()
    // Snapshot operations diff nothing: `bench` prints them in a table of
    // their own (beside Apple's and ListKit's figures), not here.
    let operations = Set(Workload.all.filter(\.isSnapshotOperation).map(\.name))
    for cell in cells where !operations.contains(cell.workload) {
      byKey[cell.key] = cell
      if !workloads.contains(cell.workload) { workloads.append(cell.workload) }
      named.insert(cell.strategy)
    }
    let strategies = Contenders.names.filter(named.contains) + named.subtracting(Contenders.names).subtracting(Yardstick.allCases.map(\.rawValue)).sorted()
    let strategyList = Contenders.all
    /// Why a cell has no rows.
    func missing(_ workload: String, _ strategy: String) -> String {
      guard let traits = strategyList.first(where: { $0.name == strategy })?.traits, !traits.handlesSections,
        let w = Workload.all.first(where: { $0.name == workload })
      else { return "skipped" }
      var flat = true
      try? w.forEachApply { apply, _ in
        let (old, new) = apply.strings
        if !traits.handles(old, new) { flat = false }
      }
      return flat ? "skipped" : "no sections"
    }
    func row(_ fields: [String]) -> String { "| " + fields.joined(separator: " | ") + " |\n" }
    func header(_ first: String) -> String {
      row([first] + strategies) + row(Array(repeating: "---", count: strategies.count + 1))
    }
    func figure(_ x: Double) -> String {
      x >= 100 ? String(format: "%.0f", x) : x >= 10 ? String(format: "%.1f", x) : String(format: "%.2f", x)
    }
    var s = "<!-- `diffbench table \(source)`; regenerate, do not edit -->\n"
    // Our grid first, then each suite (another benchmark's rows) apart.
    var groups = [(title: "Time over the floor (median; lower is better):", workloads: workloads.filter { WorkloadSuite.of($0) == nil })]
    for suite in WorkloadSuite.all {
      let rows = workloads.filter(suite.contains)
      if !rows.isEmpty { groups.append(("The `\(suite.name)` suite, time over the floor (\(suite.source)):", rows)) }
    }
    for (k, group) in groups.enumerated() where !group.workloads.isEmpty {
      s += (k == 0 ? "" : "\n") + group.title + "\n\n" + header("workload")
      for w in group.workloads {
        s += row([w] + strategies.map { name in
          guard let cell = byKey[CellKey(workload: w, strategy: name)] else { return missing(w, name) }
          return cell.runs.last.map { figure($0.median) + "×" } ?? "–"
        })
      }
    }
    s += "\nMoves / min_moves, stages / min_stages (summed over a session's applies):\n\n" + header("workload")
    for w in workloads {
      s += row([w] + strategies.map { name in
        guard let cell = byKey[CellKey(workload: w, strategy: name)] else { return missing(w, name) }
        return "\(cell.counts.moves)/\(cell.minMoves), \(cell.counts.stages)/\(cell.minStages.map(String.init) ?? "?")"
      })
    }
    let sessions = workloads.filter { w in cells.contains { $0.workload == w && $0.isTrace } }
    if !sessions.isEmpty {
      s += "\nPer apply, median / p99 (ms):\n\n" + header("session")
      for w in sessions {
        s += row([w] + strategies.map { name in
          guard let cell = byKey[CellKey(workload: w, strategy: name)] else { return missing(w, name) }
          guard let session = cell.session, !cell.counted else { return "–" }
          return String(format: "%.3f / %.3f", session.median / 1e6, session.p99 / 1e6)
        })
      }
    }
    if !fuzzed.isEmpty {
      s += "\nFuzz:\n\n" + row(["strategies", "seconds", "pairs", "skipped (no sections)", "crash", "wrong screen", "cost", "kept, by kind"])
        + row(Array(repeating: "---", count: 8))
      for f in fuzzed {
        var kinds: [String: Int] = [:]
        for finding in f.findings { kinds["\(finding.kind)", default: 0] += 1 }
        let kept = kinds.isEmpty ? "none" : kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        // A summary from before severities were counted gives its total alone.
        let bySeverity = f.severities.map { ["\($0.crash)", "\($0.wrongScreen)", "\($0.cost)"] } ?? ["\(f.failures) in all", "–", "–"]
        s += row([f.strategies.joined(separator: " "), String(format: "%.0f", f.seconds), "\(f.pairs)", "\(f.skipped)"] + bySeverity + [kept])
      }
    }
    return s
  }
}
