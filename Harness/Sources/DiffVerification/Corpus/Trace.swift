import Foundation
import SnapshotDiff

/// One snapshot of a trace (a session of applies): where it is in the file,
/// its optional name, and any other keys of its line's object (`found_by`).
package struct TraceSnapshot: Sendable {
  /// The line it was read from, counted from 1.
  package var line: Int
  package var name: String?
  package var snapshot: StringSnapshot
  package var extra: [(key: String, value: JSONValue)] = []

  package init(line: Int = 0, name: String? = nil, snapshot: StringSnapshot, extra: [(key: String, value: JSONValue)] = []) {
    self.line = line
    self.name = name
    self.snapshot = snapshot
    self.extra = extra
  }

  /// "apply 3 (after search 'ab')": how a failure names the apply that
  /// reached this snapshot.
  package func apply(_ number: Int) -> String {
    "apply \(number)" + (name.map { " (\($0))" } ?? "")
  }
}

/// Reads a trace file (JSON Lines: one snapshot a line, as the `old` and
/// `new` values of a corpus file are written, optionally with a `"name"`;
/// blank lines skipped) one snapshot at a time: memory is bounded by the
/// longest line and the snapshot being read, not by the file.
///
/// A line that is not a snapshot is invalid input: one line naming the file,
/// the line number, and what is wrong, with the path inside the JSON.
package struct TraceReader {
  package let file: String
  private var source: Source
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  private var lineNumber = 0
  /// Why the file could not be read to its end, once it could not.
  private var readError: String?

  private enum Source {
    case bytes
    case handle(FileHandle)
    /// Snapshots already made (a generated session): handed out in turn.
    case snapshots([TraceSnapshot], next: Int)
  }

  /// Reads from a file, in chunks.
  package init(contentsOf path: String) throws(CorpusError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
      let handle = FileHandle(forReadingAtPath: path)
    else { throw CorpusError(file: path, message: "cannot be read") }
    file = path
    source = .handle(handle)
  }

  /// Reads bytes already in memory (tests, fuzzing); `file` names them in errors.
  package init(bytes: [UInt8], file: String = "-") {
    self.file = file
    source = .bytes
    buffer = bytes
    atEnd = true
  }

  /// Hands out snapshots already in memory (a generated session), so they
  /// are walked exactly as a file is.
  package init(snapshots: [TraceSnapshot], file: String = "-") {
    self.file = file
    source = .snapshots(snapshots, next: 0)
    atEnd = true
  }

  /// How much is read from the file at a time.
  package static let chunk = 1 << 20

  /// Where the next line's bytes are in `buffer`, without its newline, or
  /// `nil` at the end.
  private mutating func nextLine() -> Range<Int>? {
    while true {
      let newline = buffer.withUnsafeBufferPointer { all -> Int? in
        guard start < all.count, let base = all.baseAddress, let hit = memchr(base + start, 0x0A, all.count - start) else { return nil }
        return UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
      }
      if let newline {
        defer { start = newline + 1 }
        return start..<newline
      }
      if atEnd {
        guard start < buffer.count else { return nil }
        defer { start = buffer.count }
        return start..<buffer.count
      }
      guard case .handle(let handle) = source else {
        atEnd = true
        continue
      }
      // A new buffer: the unfinished line, then the file's next bytes read
      // straight in (through `Data` and an append they were copied twice).
      let kept = buffer[start...]
      var failure: Int32 = 0
      buffer = Array(unsafeUninitializedCapacity: kept.count + Self.chunk) { room, count in
        kept.withUnsafeBufferPointer { _ = room.initialize(fromContentsOf: $0) }
        var got = -1
        repeat {
          got = read(handle.fileDescriptor, room.baseAddress! + kept.count, Self.chunk)
        } while got < 0 && errno == EINTR
        if got < 0 { failure = errno }
        count = kept.count + max(got, 0)
      }
      start = 0
      if buffer.count == kept.count {
        atEnd = true
        readError = failure == 0 ? nil : String(cString: strerror(failure))
        try? handle.close()
      }
    }
  }

  /// The next snapshot, or `nil` at the end of the file.
  package mutating func next() throws(CorpusError) -> TraceSnapshot? {
    if case .snapshots(let snapshots, let k) = source {
      guard k < snapshots.count else { return nil }
      source = .snapshots(snapshots, next: k + 1)
      return snapshots[k]
    }
    if let line = nextSnapshotLine() {
      let number = lineNumber
      let direct = buffer.withUnsafeBufferPointer { all in
        var parser = _JSONParser(bytes: UnsafeBufferPointer(rebasing: all[line]))
        return parser.directTraceLine(line: number)
      }
      if let direct { return direct }
      // Not plainly valid: the tree reader says what is wrong, and where.
      return try Self._readAsTree(Array(buffer[line]), line: number, file: file)
    }
    if let readError { throw CorpusError(file: file, message: "cannot be read after line \(lineNumber): \(readError)") }
    return nil
  }

  /// Passes over the next `count` snapshots without reading them: a worker
  /// that walks a later share of a trace starts there. Lines are found as
  /// ``next()`` finds them (blank ones not counted), so line numbers in
  /// errors stay the file's.
  ///
  /// - Returns: how many were passed over, fewer than `count` where the
  ///   trace ends first.
  package mutating func skip(_ count: Int) -> Int {
    if case .snapshots(let snapshots, let k) = source {
      let passed = max(0, min(count, snapshots.count - k))
      source = .snapshots(snapshots, next: k + passed)
      return passed
    }
    var passed = 0
    while passed < count, nextSnapshotLine() != nil { passed += 1 }
    return passed
  }

  /// Where the next non-blank line's bytes are in `buffer`, without its
  /// line end (LF or CRLF), counted in `lineNumber` with the blank lines
  /// before it; `nil` at the end.
  private mutating func nextSnapshotLine() -> Range<Int>? {
    while var line = nextLine() {
      lineNumber += 1
      if line.count > 0 && buffer[line.upperBound - 1] == 0x0D { line = line.dropLast() }  // CRLF
      if !buffer[line].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return line }
    }
    return nil
  }

  /// A trace's applies: its non-blank lines but the first, counted without
  /// parsing (a read of the file); `nil` when it cannot be read.
  package static func applies(inFile path: String) -> Int? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var lines = 0
    var blank = true
    // A line's bytes are looked at only until one is not blank, then
    // skipped to its newline (a byte at a time through `Data`'s iterator,
    // this took a tenth of a one-strategy verify).
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      guard count > 0 else { break }
      chunk.withUnsafeBufferPointer { bytes in
        var k = 0
        while k < count {
          if !blank {
            guard let newline = memchr(bytes.baseAddress! + k, 0x0A, count - k) else { return }
            lines += 1
            blank = true
            k = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress! + 1
            continue
          }
          let byte = bytes[k]
          if byte != UInt8(ascii: "\n") && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\r") && byte != UInt8(ascii: "\t") {
            blank = false
          }
          k += 1
        }
      }
    }
    if !blank { lines += 1 }
    return max(0, lines - 1)
  }

  /// Every snapshot of a trace in memory, for small traces (tests, shrinking).
  package static func parse(_ bytes: [UInt8], file: String = "-") throws(CorpusError) -> [TraceSnapshot] {
    var reader = TraceReader(bytes: bytes, file: file)
    var result: [TraceSnapshot] = []
    while let snapshot = try reader.next() { result.append(snapshot) }
    return result
  }

  /// The direct reader's snapshot of one line's bytes, or `nil` for
  /// anything but a plainly valid line.
  package static func _readDirectly(_ bytes: [UInt8], line: Int) -> TraceSnapshot? {
    bytes.withUnsafeBufferPointer { bytes in
      var parser = _JSONParser(bytes: bytes)
      return parser.directTraceLine(line: line)
    }
  }

  /// The tree reader's snapshot of one line's bytes, or its error (as
  /// ``next()`` words it): the reference the direct reader is held to.
  package static func _readAsTree(_ bytes: [UInt8], line: Int, file: String = "-") throws(CorpusError) -> TraceSnapshot {
    try _CorpusReadError.reading(file: file, where: "line \(line): ") { try snapshot(bytes, line: line) }
  }

  static func snapshot(_ bytes: [UInt8], line: Int) throws -> TraceSnapshot {
    let json = try _CorpusReadError.json(bytes, columnOnly: true)  // the line is named already
    switch json {
    case .array:
      return TraceSnapshot(line: line, snapshot: try CorpusCase.snapshot(json, at: "$"))
    case .object(let members):
      var name: String?
      if let value = json["name"] {
        guard case .string(let s) = value else { throw _CorpusReadError("$.name: expected a string, found \(value.kind)") }
        name = s
      }
      guard let sections = json["sections"] else { throw _CorpusReadError("$: missing key \"sections\"") }
      let snapshot = try CorpusCase.snapshot(.object([("sections", sections)]), at: "$")
      let extra = members.filter { $0.key != "name" && $0.key != "sections" }
      return TraceSnapshot(line: line, name: name, snapshot: snapshot, extra: extra)
    default:
      throw _CorpusReadError("$: expected a snapshot ({\"sections\": […]} or an array of items), found \(json.kind)")
    }
  }
}

extension TraceSnapshot {
  /// A session's drafts made into snapshots; `nil` when one breaks the
  /// uniqueness rule.
  package static func session(_ drafts: [SnapshotDraft]) -> [TraceSnapshot]? {
    let made = drafts.compactMap { try? $0.snapshot() }
    return made.count == drafts.count ? made.map { TraceSnapshot(snapshot: $0) } : nil
  }

  /// The line of a trace file that holds this snapshot, without the newline.
  package var jsonLine: String {
    var members: [(key: String, value: JSONValue)] = []
    if let name { members.append(("name", .string(name))) }
    members += extra
    let body = CorpusCase.json(snapshot)
    if members.isEmpty, case .array = body { return body.compact }
    if case .object(let sections) = body {
      members += sections
    } else {
      // The one-section shorthand cannot carry a name: written in full.
      members.append(("sections", .array([.object([("id", .string("main")), ("items", body)])])))
    }
    return JSONValue.object(members).compact
  }

  /// A trace file's text: a line per snapshot.
  package static func fileText(_ snapshots: [TraceSnapshot]) -> String {
    snapshots.map { $0.jsonLine + "\n" }.joined()
  }
}
