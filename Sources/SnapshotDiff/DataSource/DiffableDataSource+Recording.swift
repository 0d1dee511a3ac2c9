#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ContentDiffableDataSource {
  /// Writes snapshots as the lines of a trace file (JSON Lines, one snapshot a
  /// line), the session format `diffbench verify` and `diffbench bench` read.
  ///
  /// Ids and contents are written as their descriptions (`String(describing:)`);
  /// give an id type a `CustomStringConvertible` conformance to choose how.
  /// Each line is flushed as it is written, so a test that stops early leaves
  /// every line before it readable.
  public final class TraceRecorder {
    /// The file being written.
    public let path: String
    /// Lines written so far.
    public private(set) var count = 0
    private var file: UnsafeMutablePointer<FILE>?

    /// Creates (or empties) the file at `path`.
    ///
    /// - Throws: ``ContentDiffableDataSource/TraceRecorder/Error/cannotWrite(_:_:)`` with the system's reason.
    public init(path: String) throws {
      self.path = path
      guard let file = fopen(path, "w") else { throw Error.cannotWrite(path, String(cString: strerror(errno))) }
      self.file = file
    }

    deinit { close() }

    /// Appends a snapshot as one line, named `name` when given.
    ///
    /// - Throws: ``ContentDiffableDataSource/TraceRecorder/Error/ambiguousIdentifier(_:_:)`` when two ids
    ///   of the snapshot are written alike (the trace could not be read back),
    ///   ``ContentDiffableDataSource/TraceRecorder/Error/cannotWrite(_:_:)`` when the file refuses it.
    public func record(
      _ snapshot: Snapshot, name: String? = nil
    ) throws {
      let line = try snapshot.traceLine(name: name)
      guard let file, fputs(line + "\n", file) >= 0, fflush(file) == 0 else {
        throw Error.cannotWrite(path, file == nil ? "the recorder is closed" : String(cString: strerror(errno)))
      }
      count += 1
    }

    /// Closes the file; further records throw.
    public func close() {
      if let file { fclose(file) }
      file = nil
    }
  }
}

extension ContentDiffableDataSource.TraceRecorder {
  /// Why a snapshot could not be recorded.
  public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or written (its path, the system's reason).
    case cannotWrite(String, String)
    /// Two different ids are written as the same text ("section" or "item", the text).
    case ambiguousIdentifier(String, String)

    public var description: String {
      switch self {
      case let .cannotWrite(path, reason): return "\(path): cannot write the trace: \(reason)"
      case let .ambiguousIdentifier(kind, text): return "two \(kind) ids are both written \"\(text)\": the trace could not be read back"
      }
    }
  }
}

extension Snapshot {
  /// This snapshot as one line of a trace file:
  /// `{"name": …, "sections": [{"id": …, "content"?: …, "items": [id or {"id": …, "content": …}]}]}`.
  ///
  /// Ids and contents are written as their descriptions; an empty or missing
  /// content is left out.
  ///
  /// - Throws: ``ContentDiffableDataSource/TraceRecorder/Error/ambiguousIdentifier(_:_:)`` when two
  ///   different ids have the same description.
  package func traceLine(name: String? = nil) throws -> String {
    var sectionTexts = Set<String>(), itemTexts = Set<String>()
    var line = "{"
    if let name { line += "\"name\":" + _jsonQuoted(name) + "," }
    line += "\"sections\":["
    for s in 0..<numberOfSections {
      let id = String(describing: _sectionIDs[s])
      guard sectionTexts.insert(id).inserted else { throw ContentDiffableDataSource<SectionID, ItemID, Content>.TraceRecorder.Error.ambiguousIdentifier("section", id) }
      line += (s == 0 ? "" : ",") + "{\"id\":" + _jsonQuoted(id)
      if let content = _sectionContents[s].map({ String(describing: $0) }), !content.isEmpty {
        line += ",\"content\":" + _jsonQuoted(content)
      }
      line += ",\"items\":["
      for (k, item) in _items[itemRange(ofSection: s)].enumerated() {
        let id = String(describing: item.id)
        guard itemTexts.insert(id).inserted else { throw ContentDiffableDataSource<SectionID, ItemID, Content>.TraceRecorder.Error.ambiguousIdentifier("item", id) }
        line += k == 0 ? "" : ","
        if let content = item.content.map({ String(describing: $0) }), !content.isEmpty {
          line += "{\"id\":" + _jsonQuoted(id) + ",\"content\":" + _jsonQuoted(content) + "}"
        } else {
          line += _jsonQuoted(id)
        }
      }
      line += "]}"
    }
    return line + "]}"
  }
}

/// A string as a JSON string literal: quotes, backslashes and control
/// characters escaped. Shared with the harness's JSON writer.
package func _jsonQuoted(_ s: String) -> String {
  var out = "\""
  for scalar in s.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    default:
      if let escaped = _escapedControl(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
    }
  }
  return out + "\""
}

/// A control character (below U+0020) as JSON writes it escaped (`\n`,
/// `\u001b`); `nil` for any other scalar.
package func _escapedControl(_ scalar: Unicode.Scalar) -> String? {
  switch scalar {
  case "\n": return "\\n"
  case "\r": return "\\r"
  case "\t": return "\\t"
  case _ where scalar.value < 0x20:
    let hex = String(scalar.value, radix: 16)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  default: return nil
  }
}
