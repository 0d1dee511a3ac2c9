import DiffVerification
import Foundation

/// One row of a report: one timed sample (SPEC §6).
public struct ReportRow: Equatable, Sendable {
  public var commit: String
  public var date: String
  public var host: String
  public var toolchain: String
  public var workload: String
  public var strategy: String
  public var nOld: Int
  public var nNew: Int
  public var sections: Int
  public var sample: Int
  public var wallNanoseconds: UInt64
  public var cpuNanoseconds: UInt64
  public var allocatedBytes: UInt64
  public var peakBytes: UInt64
  public var stages: Int
  public var sectionOperations: Int
  public var deletes: Int
  public var inserts: Int
  public var moves: Int
  public var updates: Int
  public var minMoves: Int
  public var verified: Bool

  public init(
    commit: String, date: String, host: String, toolchain: String, workload: String, strategy: String,
    nOld: Int, nNew: Int, sections: Int, sample: Int, wallNanoseconds: UInt64, cpuNanoseconds: UInt64,
    allocatedBytes: UInt64, peakBytes: UInt64, stages: Int, sectionOperations: Int, deletes: Int,
    inserts: Int, moves: Int, updates: Int, minMoves: Int, verified: Bool
  ) {
    self.commit = commit
    self.date = date
    self.host = host
    self.toolchain = toolchain
    self.workload = workload
    self.strategy = strategy
    self.nOld = nOld
    self.nNew = nNew
    self.sections = sections
    self.sample = sample
    self.wallNanoseconds = wallNanoseconds
    self.cpuNanoseconds = cpuNanoseconds
    self.allocatedBytes = allocatedBytes
    self.peakBytes = peakBytes
    self.stages = stages
    self.sectionOperations = sectionOperations
    self.deletes = deletes
    self.inserts = inserts
    self.moves = moves
    self.updates = updates
    self.minMoves = minMoves
    self.verified = verified
  }
}

/// The CSV report: exactly SPEC §6's columns, in order.
public enum CSVReport {
  public static let columns = [
    "commit", "date", "host", "toolchain", "workload", "strategy", "n_old", "n_new", "sections", "sample",
    "wall_ns", "cpu_ns", "alloc_bytes", "peak_bytes", "stages", "section_ops", "deletes", "inserts", "moves",
    "updates", "min_moves", "verified",
  ]
  public static let header = columns.joined(separator: ",")

  public static func text(_ rows: [ReportRow]) -> String {
    var out = header + "\n"
    for r in rows {
      let fields: [String] = [
        r.commit, r.date, r.host, r.toolchain, r.workload, r.strategy, "\(r.nOld)", "\(r.nNew)", "\(r.sections)",
        "\(r.sample)", "\(r.wallNanoseconds)", "\(r.cpuNanoseconds)", "\(r.allocatedBytes)", "\(r.peakBytes)",
        "\(r.stages)", "\(r.sectionOperations)", "\(r.deletes)", "\(r.inserts)", "\(r.moves)", "\(r.updates)",
        "\(r.minMoves)", r.verified ? "true" : "false",
      ]
      out += fields.map(escape).joined(separator: ",") + "\n"
    }
    return out
  }

  /// Writes the report to a temporary file, then renames it into place.
  public static func write(_ rows: [ReportRow], to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    try writeAtomically(text(rows), to: path)
  }

  static func escape(_ field: String) -> String {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// What is wrong with a report, where: one line.
  public struct ReadError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: String?
    public var message: String
    public init(file: String, line: Int, column: String?, message: String) {
      self.file = file
      self.line = line
      self.column = column
      self.message = message
    }
    public var description: String {
      "\(file):\(line)" + (column.map { ", column \($0)" } ?? "") + ": \(message)"
    }
  }

  /// Reads a report, strictly: the exact header, then rows of 22 fields with
  /// numbers where numbers belong and `true`/`false` in `verified`.
  public static func read(contentsOf path: String) throws(ReadError) -> [ReportRow] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ReadError(file: path, line: 0, column: nil, message: "cannot be read")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ReadError(file: path, line: 0, column: nil, message: "not UTF-8")
    }
    return try parse(text, file: path)
  }

  public static func parse(_ text: String, file: String) throws(ReadError) -> [ReportRow] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let first = lines.first else { throw ReadError(file: file, line: 1, column: nil, message: "empty file, expected the header") }
    guard first == header else {
      let got = first.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      let k = (0..<min(got.count, columns.count)).first { got[$0] != columns[$0] } ?? min(got.count, columns.count)
      let what = k < got.count ? "\"\(got[k])\"" : "nothing"
      let expected = k < columns.count ? "\"\(columns[k])\"" : "the end of the line"
      throw ReadError(file: file, line: 1, column: "\(k + 1)", message: "wrong header: \(what) where \(expected) belongs")
    }
    var rows: [ReportRow] = []
    for (index, line) in lines.enumerated().dropFirst() {
      let number = index + 1
      let fields = try split(String(line), file: file, line: number)
      guard fields.count == columns.count else {
        throw ReadError(file: file, line: number, column: nil, message: "\(fields.count) fields, expected \(columns.count)")
      }
      func int(_ k: Int) throws(ReadError) -> Int {
        guard let v = Int(fields[k]), v >= 0 else {
          throw ReadError(file: file, line: number, column: columns[k], message: "\"\(fields[k])\" is not a count")
        }
        return v
      }
      func u64(_ k: Int) throws(ReadError) -> UInt64 {
        guard let v = UInt64(fields[k]) else {
          throw ReadError(file: file, line: number, column: columns[k], message: "\"\(fields[k])\" is not a count")
        }
        return v
      }
      for k in [4, 5] where fields[k].isEmpty {
        throw ReadError(file: file, line: number, column: columns[k], message: "empty")
      }
      guard fields[21] == "true" || fields[21] == "false" else {
        throw ReadError(file: file, line: number, column: "verified", message: "\"\(fields[21])\" is not true or false")
      }
      rows.append(ReportRow(
        commit: fields[0], date: fields[1], host: fields[2], toolchain: fields[3], workload: fields[4], strategy: fields[5],
        nOld: try int(6), nNew: try int(7), sections: try int(8), sample: try int(9), wallNanoseconds: try u64(10),
        cpuNanoseconds: try u64(11), allocatedBytes: try u64(12), peakBytes: try u64(13), stages: try int(14),
        sectionOperations: try int(15), deletes: try int(16), inserts: try int(17), moves: try int(18),
        updates: try int(19), minMoves: try int(20), verified: fields[21] == "true"))
    }
    return rows
  }

  /// Splits one line into fields, with RFC 4180 quoting.
  static func split(_ line: String, file: String, line number: Int) throws(ReadError) -> [String] {
    var fields: [String] = []
    var field = ""
    var quoted = false
    var chars = line.makeIterator()
    var atFieldStart = true
    while let c = chars.next() {
      if quoted {
        if c == "\"" {
          var lookahead = chars
          if lookahead.next() == "\"" {
            field.append("\"")
            chars = lookahead
          } else {
            quoted = false
          }
        } else {
          field.append(c)
        }
      } else if c == "," {
        fields.append(field)
        field = ""
        atFieldStart = true
        continue
      } else if c == "\"" && atFieldStart {
        quoted = true
      } else {
        field.append(c)
      }
      atFieldStart = false
    }
    if quoted { throw ReadError(file: file, line: number, column: "\(fields.count + 1)", message: "unterminated quote") }
    fields.append(field)
    return fields
  }
}
