import Foundation

/// One row of `results/peers-history-PEER.csv` (`make peers-history`): a
/// peer's release under one `--uikit` target, built or not, its findings by
/// severity and its time over the floor. The columns are the Comparing
/// article's ("A peer across its releases").
package struct PeerRelease: Equatable, Sendable {
  package var peer = ""
  package var release = ""
  package var uikit = ""
  package var built = false
  package var manifest = ""
  /// Findings by severity, the corpus's and fuzz's together; `nil` where it did not build.
  package var crash: Int?
  package var wrongScreen: Int?
  package var cost: Int?
  package var firstKind = ""
  package var firstFinding = ""
  /// Its medians over the floor's on the benched rows; `nil` where not benched.
  package var timesFloor: Double?
  package var note = ""
  /// Each kind of crash and wrong screen found, with its first case:
  /// `severity: kind=case`, separated by "; ".
  package var kinds = ""

  package init() {}

  /// Crashes and wrong screens: what a user of the release would meet.
  package var harmful: Int? { crash.flatMap { c in wrongScreen.map { c + $0 } } }
}

/// The peers-history CSV format, read strictly as the bench reports are.
package enum PeerHistoryFile {
  package typealias Column = CSVColumn<PeerRelease>
  package static let columns: [Column] = [
    .text("peer", \.peer, required: true), .text("release", \.release, required: true), .text("uikit", \.uikit, required: true),
    .flag("built", \.built), .text("manifest", \.manifest),
    .optional("crash", \.crash), .optional("wrong_screen", \.wrongScreen), .optional("cost", \.cost),
    .text("first_kind", \.firstKind), .text("first_finding", \.firstFinding),
    Column("x_floor", write: { $0.timesFloor.map { String(format: "%.2f", $0) } ?? "" }) { row, field in
      if field.isEmpty { row.timesFloor = nil; return nil }
      guard let v = Double(field), v.isFinite, v > 0 else { return "\"\(field)\" is not a ratio above 0" }
      row.timesFloor = v
      return nil
    },
    .text("note", \.note), .text("kinds", \.kinds),
  ]

  /// Whether a file is a peer's history by its name (`peers-history-PEER.csv`).
  package static func isHistory(_ path: String) -> Bool {
    let name = (path as NSString).lastPathComponent
    return name.hasPrefix("peers-history-") && name.hasSuffix(".csv")
  }

  package static func read(contentsOf path: String) throws(CSVReport.ReadError) -> [PeerRelease] {
    try parse(try CSVReport.readText(path), file: path)
  }

  package static func parse(_ text: String, file: String) throws(CSVReport.ReadError) -> [PeerRelease] {
    try CSVTable.parse(try CSVRecords.parse(text, file: file), columns: columns, empty: PeerRelease(), file: file)
  }

  package static func text(_ rows: [PeerRelease]) -> String { CSVTable.text(rows, columns: columns) }
}
