import DiffResults
import SnapshotDiff

/// A workload of its own kind: an operation on the snapshot apps build and
/// query (no diff), timed and counted like a strategy's diff, in the row
/// of the subject `snapshot`.
///
/// The first seven are the operations ListKit's README times beside
/// Apple's `NSDiffableDataSourceSnapshot` (github.com/Iron-Ham/Lists,
/// "Performance"); ``published`` gives both figures as that README states
/// them, measured on Apple Silicon: another machine's times, a reference
/// only. Ids are strings (`item-12`), as apps' mostly are.
package struct SnapshotOperation: Sendable {
  /// Milliseconds: Apple's snapshot and ListKit's, from ListKit's README.
  package var published: (apple: Double, listKit: Double)?
  /// Builds the input, untimed, and returns the timed call.
  package let prepare: @Sendable () -> () -> Void

  /// The source and hardware of ``published``.
  package static let publishedSource = "ListKit's README (github.com/Iron-Ham/Lists), Apple Silicon"
}

/// The name every snapshot workload's row carries in the strategy column.
package let snapshotSubject = "snapshot"

extension Workload {
  typealias Strings = Snapshot<String, String, String>

  static func labels(_ count: Int, _ prefix: String = "item") -> [String] { (0..<count).map { "\(prefix)-\($0)" } }

  static func oneSection(_ ids: [String]) -> Strings {
    var snapshot = Strings()
    snapshot.appendSections(["main"])
    snapshot.appendItems(ids)
    return snapshot
  }

  /// The timed call of an edit: a copy of `snapshot` edited, as an app
  /// edits the snapshot the data source hands it.
  static func editing(_ snapshot: Strings, _ edit: @escaping (inout Strings) -> Void) -> () -> Void {
    {
      var edited = snapshot
      edit(&edited)
      blackHole(edited)
    }
  }

  static func snapshot(_ name: String, items: Int, published: (Double, Double)? = nil, _ prepare: @escaping @Sendable () -> () -> Void) -> Workload {
    Workload(name: name, quick: true, items: items, source: .snapshot(SnapshotOperation(published: published, prepare: prepare)))
  }

  /// The snapshot operations, in the order ListKit's README lists them,
  /// then two of ours: a list built one `appendItems` call per item, and
  /// lookups by id.
  static let snapshotOperations: [Workload] = [
    snapshot("snapshot-build-10k", items: 10_000, published: (1.22, 0.002)) {
      let ids = labels(10_000)
      return { blackHole(oneSection(ids)) }
    },
    snapshot("snapshot-build-50k", items: 50_000, published: (6.01, 0.006)) {
      let ids = labels(50_000)
      return { blackHole(oneSection(ids)) }
    },
    snapshot("snapshot-build-100x100", items: 10_000, published: (3.98, 0.060)) {
      let sections = labels(100, "section"), ids = labels(10_000)
      return {
        var snapshot = Strings()
        snapshot.appendSections(sections)
        for s in 0..<100 { snapshot.appendItems(Array(ids[(s * 100)..<(s * 100 + 100)]), toSection: sections[s]) }
        blackHole(snapshot)
      }
    },
    snapshot("snapshot-delete-5k-of-10k", items: 10_000, published: (2.45, 1.21)) {
      let snapshot = oneSection(labels(10_000)), doomed = Array(snapshot.itemIdentifiers.prefix(5_000))
      return editing(snapshot) { $0.deleteItems(doomed) }
    },
    snapshot("snapshot-delete-25-of-50-sections", items: 5_000, published: (1.85, 0.18)) {
      var snapshot = Strings()
      let sections = labels(50, "section")
      snapshot.appendSections(sections)
      for s in 0..<50 { snapshot.appendItems(labels(100, "s\(s)"), toSection: sections[s]) }
      let doomed = stride(from: 0, to: 50, by: 2).map { sections[$0] }
      return editing(snapshot) { $0.deleteSections(doomed) }
    },
    snapshot("snapshot-reload-5k-of-10k", items: 10_000, published: (1.55, 0.099)) {
      let snapshot = oneSection(labels(10_000)), marked = Array(snapshot.itemIdentifiers.prefix(5_000))
      return editing(snapshot) { $0.reloadItems(marked) }
    },
    snapshot("snapshot-item-identifiers-100x-10k", items: 10_000, published: (46.4, 0.051)) {
      let snapshot = oneSection(labels(10_000))
      return {
        var count = 0
        for _ in 0..<100 { count &+= snapshot.itemIdentifiers.count }
        blackHole(count)
      }
    },
    snapshot("snapshot-append-one-by-one-10k", items: 10_000) {
      let ids = labels(10_000)
      return {
        var snapshot = Strings()
        snapshot.appendSections(["main"])
        for id in ids { snapshot.appendItems([id]) }
        blackHole(snapshot)
      }
    },
    snapshot("snapshot-index-path-100x-10k", items: 10_000) {
      let snapshot = oneSection(labels(10_000))
      let wanted = (0..<100).map { "item-\($0 * 97)" }
      return {
        var sum = 0
        for id in wanted { sum &+= snapshot.indexPath(of: id)!.item }
        blackHole(sum)
      }
    },
  ]
}

extension Summary {
  /// The snapshot operations measured, beside the figures ListKit's README
  /// publishes for Apple's snapshot and its own (another machine's: a
  /// reference, not a comparison), or `nil` when none was measured.
  package static func snapshotTable(_ cells: [CellResult]) -> String? {
    let measured = cells.filter { $0.strategy == snapshotSubject && !$0.storage.isEmpty }
    guard !measured.isEmpty else { return nil }
    var lines = [
      "snapshot operations: ours here, median; Apple's and ListKit's as published by \(SnapshotOperation.publishedSource)",
      "workload                             ours (ms)  Apple (ms)  ListKit (ms)  Apple / ours",
    ]
    for cell in measured {
      let rows = cell.rows
      let times = rows.compactMap(\.wallNanoseconds).map { Double($0) / 1e6 }
      let ours = times.isEmpty ? 0 : Statistics.median(times)
      guard case .snapshot(let operation)? = Workload.all.first(where: { $0.name == cell.workload })?.source else { continue }
      let counted = rows.first?.instructions.map { "\($0) instr" }
      let published = operation.published
      lines.append(
        cell.workload.padding(toLength: 36, withPad: " ", startingAt: 0)
          + (counted ?? String(format: "%9.3f", ours)).leftPadded(11)
          + (published.map { String(format: "%.3f", $0.apple) } ?? "-").leftPadded(12)
          + (published.map { String(format: "%.3f", $0.listKit) } ?? "-").leftPadded(14)
          + (published.flatMap { counted == nil && ours > 0 ? String(format: "%.1f×", $0.apple / ours) : nil } ?? "-").leftPadded(14))
    }
    return lines.joined(separator: "\n")
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String { String(repeating: " ", count: Swift.max(0, width - count)) + self }
}
