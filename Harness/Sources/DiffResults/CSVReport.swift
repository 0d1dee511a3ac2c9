import DiffSupport
import Foundation

/// Where a report's row or cell comes from and what it measured: the run
/// (commit, date, host, toolchain) and the cell (workload, subject, sizes).
package struct CellIdentity: Equatable, Sendable {
  package var commit = ""
  package var date = ""
  package var host = ""
  package var toolchain = ""
  package var workload = ""
  package var strategy = ""
  package var nOld = 0
  package var nNew = 0
  package var sections = 0
  package init() {}
}

/// One row of a report (the diffbench article): one timed sample, or one
/// counted cell. Its identity's and its counts' fields read as its own
/// (`row.workload`, `row.moves`).
@dynamicMemberLookup
package struct ReportRow: Equatable, Sendable {
  package var identity = CellIdentity()
  package var sample = 0
  /// What the row measured: one diff's wall and thread CPU time (a timed
  /// row), or the instructions it executed under callgrind (a counted row).
  package enum Measured: Equatable, Sendable {
    case time(wallNanoseconds: UInt64, cpuNanoseconds: UInt64)
    case instructions(UInt64)
  }
  package var measured = Measured.instructions(0)
  package var allocatedBytes: UInt64 = 0
  package var peakBytes: UInt64 = 0
  /// The changeset's counts (`floor` and `scan`: 0).
  package var counts = ChangesetCounts()
  package var minMoves = 0
  package var verified = true
  /// The apply of a trace workload, from 1; empty (`nil`) for a pair.
  package var step: Int?
  /// The fewest stages the rules allow for the changeset's operations;
  /// empty (`nil`) for a yardstick, or where it is not known.
  package var minStages: Int?

  package init() {}

  package subscript<T>(dynamicMember key: WritableKeyPath<CellIdentity, T>) -> T {
    get { identity[keyPath: key] }
    set { identity[keyPath: key] = newValue }
  }
  package subscript<T>(dynamicMember key: WritableKeyPath<ChangesetCounts, T>) -> T {
    get { counts[keyPath: key] }
    set { counts[keyPath: key] = newValue }
  }

  package init(
    commit: String, date: String, host: String, toolchain: String, workload: String, strategy: String,
    nOld: Int, nNew: Int, sections: Int, sample: Int, wallNanoseconds: UInt64?, cpuNanoseconds: UInt64?,
    allocatedBytes: UInt64, peakBytes: UInt64, stages: Int, sectionOperations: Int, deletes: Int,
    inserts: Int, moves: Int, updates: Int, minMoves: Int, verified: Bool, instructions: UInt64? = nil,
    step: Int? = nil
  ) {
    (identity.commit, identity.date, identity.host, identity.toolchain) = (commit, date, host, toolchain)
    (identity.workload, identity.strategy) = (workload, strategy)
    (identity.nOld, identity.nNew, identity.sections) = (nOld, nNew, sections)
    self.sample = sample
    if let instructions {
      measured = .instructions(instructions)
    } else {
      measured = .time(wallNanoseconds: wallNanoseconds ?? 0, cpuNanoseconds: cpuNanoseconds ?? 0)
    }
    self.allocatedBytes = allocatedBytes
    self.peakBytes = peakBytes
    (counts.stages, counts.sectionOperations, counts.deletes) = (stages, sectionOperations, deletes)
    (counts.inserts, counts.moves, counts.updates) = (inserts, moves, updates)
    self.minMoves = minMoves
    self.verified = verified
    self.step = step
  }

  /// Wall time of one diff; `nil` in a counted row. (Setting a time makes
  /// the row a timed one.)
  package var wallNanoseconds: UInt64? {
    get { if case .time(let wall, _) = measured { wall } else { nil } }
    set { if let newValue { measured = .time(wallNanoseconds: newValue, cpuNanoseconds: cpuNanoseconds ?? 0) } }
  }
  /// Thread CPU time of one diff; `nil` in a counted row.
  package var cpuNanoseconds: UInt64? {
    get { if case .time(_, let cpu) = measured { cpu } else { nil } }
    set { if let newValue { measured = .time(wallNanoseconds: wallNanoseconds ?? 0, cpuNanoseconds: newValue) } }
  }
  /// Instructions one diff executed; `nil` in a timed row.
  package var instructions: UInt64? {
    get { if case .instructions(let count) = measured { count } else { nil } }
    set { if let newValue { measured = .instructions(newValue) } }
  }

  /// Whether the row counts instructions rather than timing.
  package var isCounted: Bool { instructions != nil }

  /// What a row measured: instructions when counted, else wall nanoseconds.
  package static func measure(_ row: ReportRow) -> Double {
    row.instructions.map { Double($0) } ?? row.wallNanoseconds.map { Double($0) } ?? 0
  }
}

/// One column of a CSV table of `Record`s: its header name, its field for a
/// record, and how a field sets it back (a message when the field is wrong).
/// Both report formats, raw and summary, are lists of these.
package struct CSVColumn<Record>: Sendable {
  package let name: String
  let write: @Sendable (Record) -> String
  let read: @Sendable (inout Record, String) -> String?

  init(_ name: String, write: @escaping @Sendable (Record) -> String, read: @escaping @Sendable (inout Record, String) -> String?) {
    self.name = name
    self.write = write
    self.read = read
  }

  static func text(_ name: String, _ key: WritableKeyPath<Record, String> & Sendable, required: Bool = false) -> Self {
    Self(name, write: { $0[keyPath: key] }) { record, field in
      if required && field.isEmpty { return "empty" }
      record[keyPath: key] = field
      return nil
    }
  }
  /// A count: a non-negative integer.
  static func count<N: FixedWidthInteger & Sendable>(_ name: String, _ key: WritableKeyPath<Record, N> & Sendable) -> Self {
    Self(name, write: { String($0[keyPath: key]) }) { record, field in
      guard let v = N(field), v >= 0 else { return "\"\(field)\" is not a count" }
      record[keyPath: key] = v
      return nil
    }
  }
  /// A count that is empty where it does not apply, or is not known.
  static func optional<N: FixedWidthInteger & Sendable>(_ name: String, _ key: WritableKeyPath<Record, N?> & Sendable) -> Self {
    Self(name, write: { $0[keyPath: key].map { String($0) } ?? "" }) { record, field in
      if field.isEmpty { record[keyPath: key] = nil; return nil }
      guard let v = N(field), v >= 0 else { return "\"\(field)\" is not a count" }
      record[keyPath: key] = v
      return nil
    }
  }
  static func flag(_ name: String, _ key: WritableKeyPath<Record, Bool> & Sendable) -> Self {
    Self(name, write: { $0[keyPath: key] ? "true" : "false" }) { record, field in
      guard field == "true" || field == "false" else { return "\"\(field)\" is not true or false" }
      record[keyPath: key] = field == "true"
      return nil
    }
  }
}

/// The header and rows of a CSV table, read strictly: the exact header (or
/// one of the `legacy` prefixes of it), then records of as many fields, each
/// valid for its column.
enum CSVTable {
  static func text<Record>(_ records: [Record], columns: [CSVColumn<Record>], preamble: String = "") -> String {
    var out = preamble + columns.map(\.name).joined(separator: ",") + "\n"
    for record in records { out += columns.map { escape($0.write(record)) }.joined(separator: ",") + "\n" }
    return out
  }

  static func escape(_ field: String) -> String {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  static func parse<Record>(
    _ records: [CSVRecords.Record], columns: [CSVColumn<Record>], legacy: [Int] = [], empty: Record, file: String
  ) throws(CSVReport.ReadError) -> [Record] {
    guard let first = records.first else { throw CSVReport.ReadError(file: file, line: 1, column: nil, message: "empty file, expected the header") }
    let names = columns.map(\.name)
    let width = first.fields == names ? names.count : legacy.first { first.fields == Array(names.prefix($0)) }
    guard let width else {
      let got = first.fields
      let k = (0..<min(got.count, names.count)).first { got[$0] != names[$0] } ?? min(got.count, names.count)
      let what = k < got.count ? "\"\(got[k])\"" : "nothing"
      let expected = k < names.count ? "\"\(names[k])\"" : "the end of the line"
      throw CSVReport.ReadError(file: file, line: first.line, column: "\(k + 1)", message: "wrong header: \(what) where \(expected) belongs")
    }
    var result: [Record] = []
    for record in records.dropFirst() {
      guard record.fields.count == width else {
        throw CSVReport.ReadError(file: file, line: record.line, column: nil, message: "\(record.fields.count) fields, expected \(width)")
      }
      var value = empty
      for (column, field) in zip(columns.prefix(width), record.fields) {
        if let message = column.read(&value, field) { throw CSVReport.ReadError(file: file, line: record.line, column: column.name, message: message) }
      }
      result.append(value)
    }
    return result
  }
}

/// The raw CSV report: exactly the documented columns, in order, each defined
/// once, one row per timed sample (or counted cell).
package enum CSVReport {
  package typealias Column = CSVColumn<ReportRow>
  package static let columns: [Column] = [
    .text("commit", \.commit), .text("date", \.date), .text("host", \.host), .text("toolchain", \.toolchain),
    .text("workload", \.workload, required: true), .text("strategy", \.strategy, required: true),
    .count("n_old", \.nOld), .count("n_new", \.nNew), .count("sections", \.sections), .count("sample", \.sample),
    .optional("wall_ns", \.wallNanoseconds), .optional("cpu_ns", \.cpuNanoseconds),
    .count("alloc_bytes", \.allocatedBytes), .count("peak_bytes", \.peakBytes),
    .count("stages", \.stages), .count("section_ops", \.sectionOperations), .count("deletes", \.deletes),
    .count("inserts", \.inserts), .count("moves", \.moves), .count("updates", \.updates), .count("min_moves", \.minMoves),
    .flag("verified", \.verified),
    // A row is timed or counted, never both nor neither.
    Column("instructions", write: { $0.instructions.map(String.init) ?? "" }) { row, field in
      if field.isEmpty { return row.isCounted ? "neither times nor instructions" : nil }
      guard let v = UInt64(field) else { return "\"\(field)\" is not a count" }
      if !row.isCounted { return "times and instructions both: a row is timed or counted" }
      row.instructions = v
      return nil
    },
    Column("step", write: { $0.step.map(String.init) ?? "" }) { row, field in
      if field.isEmpty { row.step = nil; return nil }
      guard let v = Int(field), v >= 1 else { return "\"\(field)\" is not an apply number (from 1)" }
      row.step = v
      return nil
    },
    .optional("min_stages", \.minStages),
  ]
  package static var names: [String] { columns.map(\.name) }
  package static var header: String { names.joined(separator: ",") }
  /// Reports written before the `instructions` column have the first 22,
  /// those before `step` the first 23, those before `min_stages` the first 24.
  static let legacyCounts = [22, 23, 24]

  package static func text(_ rows: [ReportRow]) -> String { CSVTable.text(rows, columns: columns) }

  /// Writes the report to a temporary file, then renames it into place.
  package static func write(_ rows: [ReportRow], to path: String) throws {
    try writeAtomically(text(rows), to: path)
  }

  /// What is wrong with a report, where: one line.
  package struct ReadError: Error, Equatable, CustomStringConvertible {
    package var file: String
    var line: Int
    package var column: String?
    package var message: String
    package init(file: String, line: Int, column: String?, message: String) {
      self.file = file
      self.line = line
      self.column = column
      self.message = message
    }
    package var description: String {
      // One line, whatever the file's fields hold.
      oneLine("\(file):\(line)" + (column.map { ", column \($0)" } ?? "") + ": \(message)")
    }
  }

  /// Reads a report, strictly: the exact header (all columns, or the first
  /// ``legacyCounts`` of a report from before `instructions`, `step` or
  /// `min_stages`), then rows of as many fields,
  /// each valid for its column.
  package static func read(contentsOf path: String) throws(ReadError) -> [ReportRow] {
    try parse(try readText(path), file: path)
  }

  /// A report file's text, or the error naming it.
  static func readText(_ path: String) throws(ReadError) -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ReadError(file: path, line: 0, column: nil, message: "cannot be read")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ReadError(file: path, line: 0, column: nil, message: "not UTF-8")
    }
    return text
  }

  package static func parse(_ text: String, file: String) throws(ReadError) -> [ReportRow] {
    try CSVTable.parse(try CSVRecords.parse(text, file: file), columns: columns, legacy: legacyCounts, empty: ReportRow(), file: file)
  }
}

/// RFC 4180 records: fields separated by commas, records by newlines (CRLF
/// too), a quoted field may hold commas, doubled quotes and newlines.
enum CSVRecords {
  struct Record: Equatable {
    /// The line the record starts on, counted from 1.
    var line: Int
    var fields: [String]
  }

  static func parse(_ text: String, file: String) throws(CSVReport.ReadError) -> [Record] {
    var records: [Record] = []
    var fields: [String] = []
    var field = ""
    var line = 1, recordLine = 1
    var quoted = false, wasQuoted = false
    let chars = Array(text.unicodeScalars)
    var k = 0
    func endField() {
      fields.append(field)
      field = ""
      wasQuoted = false
    }
    while k < chars.count {
      let c = chars[k]
      if quoted {
        if c == "\"" {
          if k + 1 < chars.count && chars[k + 1] == "\"" {
            field.unicodeScalars.append("\"")
            k += 1
          } else {
            quoted = false
          }
        } else {
          if c == "\n" { line += 1 }
          field.unicodeScalars.append(c)
        }
      } else if c == "," {
        endField()
      } else if c == "\n" || c == "\r" {
        if c == "\r" && k + 1 < chars.count && chars[k + 1] == "\n" { k += 1 }
        endField()
        records.append(Record(line: recordLine, fields: fields))
        fields = []
        line += 1
        recordLine = line
      } else if c == "\"" && field.isEmpty && !wasQuoted {
        quoted = true
        wasQuoted = true
      } else {
        if wasQuoted {
          throw CSVReport.ReadError(file: file, line: line, column: "\(fields.count + 1)", message: "text after a closing quote")
        }
        field.unicodeScalars.append(c)
      }
      k += 1
    }
    if quoted { throw CSVReport.ReadError(file: file, line: recordLine, column: "\(fields.count + 1)", message: "unterminated quote") }
    if !field.isEmpty || !fields.isEmpty || wasQuoted {
      endField()
      records.append(Record(line: recordLine, fields: fields))
    }
    return records
  }
}
