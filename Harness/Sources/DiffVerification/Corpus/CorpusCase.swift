import DiffSupport
import Foundation
import SnapshotDiff

/// The snapshots the corpus and the command line use: strings throughout.
public typealias StringSnapshot = Snapshot<String, String, String>
public typealias StringChangeset = Changeset<String, String, String>
/// The data source the harness applies string snapshots with.
public typealias StringDataSource = ContentDiffableDataSource<String, String, String>
public typealias IntSnapshot = Snapshot<Int, Int, Int>
public typealias IntChangeset = Changeset<Int, Int, Int>

extension Snapshot where SectionID == String, ItemID == String, Content == String {
  /// The pair with every id read as a decimal `Int` and each distinct
  /// content given a number (the same in both), for the `Int` path; `nil`
  /// unless every id is an integer.
  package static func ints(_ old: Self, _ new: Self) -> IntPair? {
    var codes: [String: Int] = [:]
    func code(_ content: String?) -> Int? {
      guard let content else { return nil }
      if let known = codes[content] { return known }
      codes[content] = codes.count
      return codes.count - 1
    }
    func convert(_ snapshot: Self) -> IntSnapshot? {
      var sections: [IntSnapshot.Section] = []
      for section in snapshot.sections {
        guard let id = Int(section.id) else { return nil }
        var items: [IntSnapshot.Item] = []
        for item in section.items {
          guard let itemID = Int(item.id) else { return nil }
          items.append(IntSnapshot.Item(itemID, content: code(item.content)))
        }
        sections.append(IntSnapshot.Section(id, content: code(section.content), items: items))
      }
      return try? IntSnapshot(sections: sections)
    }
    guard let a = convert(old), let b = convert(new) else { return nil }
    return IntPair(old: a, new: b, codes: codes)
  }
}

/// A string pair read as `Int`s (``Snapshot/ints(_:_:)``): each id as its
/// decimal value, each distinct content as its number. Both readings are
/// one to one on the pair, so a changeset that reads the same on both sides
/// is judged the same on both.
package struct IntPair {
  package var old: IntSnapshot
  package var new: IntSnapshot
  /// Each content of the pair and its number.
  let codes: [String: Int]

  /// A changeset of the string pair read the same way; `nil` where part of
  /// it cannot be (an id not an integer, a content the pair does not hold).
  package func reading(_ changeset: StringChangeset) -> IntChangeset? {
    func content(_ text: String?) -> Int?? {
      guard let text else { return .some(nil) }
      return codes[text].map { .some($0) }
    }
    func item(_ item: StringSnapshot.Item) -> IntSnapshot.Item? {
      guard let id = Int(item.id), let code = content(item.content) else { return nil }
      return IntSnapshot.Item(id, content: code)
    }
    var stages: [IntChangeset.Stage] = []
    for stage in changeset.stages {
      var read = IntChangeset.Stage()
      read.sectionDeletes = stage.sectionDeletes
      read.sectionMoves = stage.sectionMoves
      read.itemDeletes = stage.itemDeletes
      read.itemMoves = stage.itemMoves
      for insert in stage.sectionInserts {
        guard let id = Int(insert.section.id), let code = content(insert.section.content) else { return nil }
        var items: [IntSnapshot.Item] = []
        for each in insert.section.items {
          guard let converted = item(each) else { return nil }
          items.append(converted)
        }
        read.sectionInserts.append(.init(index: insert.index, section: .init(id, content: code, items: items)))
      }
      for update in stage.sectionUpdates {
        guard let code = content(update.content) else { return nil }
        read.sectionUpdates.append(.init(index: update.index, content: code))
      }
      for insert in stage.itemInserts {
        guard let converted = item(insert.item) else { return nil }
        read.itemInserts.append(.init(path: insert.path, item: converted))
      }
      for update in stage.itemUpdates {
        guard let code = content(update.content) else { return nil }
        read.itemUpdates.append(.init(path: update.path, content: code))
      }
      stages.append(read)
    }
    return IntChangeset(stages: stages, updates: changeset.updates)
  }
}

/// One corpus file (the File formats article, corpus files): a named pair of snapshots.
package struct CorpusCase: Equatable, Sendable {
  package var name: String
  package var old: StringSnapshot
  package var new: StringSnapshot
  /// Other top-level keys (`source`, `found_by`, …), kept in order and
  /// written back, otherwise ignored.
  package var extra: [(key: String, value: JSONValue)]

  package init(name: String, old: StringSnapshot, new: StringSnapshot, extra: [(key: String, value: JSONValue)] = []) {
    self.name = name
    self.old = old
    self.new = new
    self.extra = extra
  }

  package static func == (lhs: CorpusCase, rhs: CorpusCase) -> Bool {
    lhs.name == rhs.name && lhs.old == rhs.old && lhs.new == rhs.new && JSONValue.object(lhs.extra) == .object(rhs.extra)
  }
}

/// Why a corpus file is invalid input: the file and what is wrong, where.
package struct CorpusError: Error, Equatable, CustomStringConvertible {
  package var file: String
  package var message: String
  package init(file: String, message: String) { self.file = file; self.message = message }
  /// One line: `FILE: what is wrong` (a line break quoted from the input
  /// is shown escaped, so the message stays one line).
  package var description: String { oneLine("\(file): \(message)") }
}

extension CorpusCase {
  /// Reads a corpus file.
  ///
  /// Items are strings (the id, empty content) or `{"id", "content"?}`;
  /// sections `{"id", "content"?, "items"}`; a snapshot is
  /// `{"sections": […]}` or, for short, an array of items in one section
  /// `"main"`. Ids and contents are strings or numbers (read as their text).
  /// A missing content is the empty string.
  package static func load(contentsOf path: String) throws(CorpusError) -> CorpusCase {
    guard let bytes = _readBytes(path) else { throw CorpusError(file: path, message: "cannot be read") }
    return try parse(bytes, file: path)
  }

  /// Parses the bytes of a corpus file; `file` names it in errors.
  package static func parse(_ bytes: [UInt8], file: String = "-") throws(CorpusError) -> CorpusCase {
    if let read = _readDirectly(bytes) { return read }
    // Not plainly valid: the tree reader says what is wrong, and where.
    return try _readAsTree(bytes, file: file)
  }

  /// The direct reader's case (`JSON+Snapshot.swift`), or `nil` for
  /// anything but plainly valid input.
  package static func _readDirectly(_ bytes: [UInt8]) -> CorpusCase? {
    bytes.withUnsafeBufferPointer { bytes in
      var parser = _JSONParser(bytes: bytes)
      return parser.directCorpusCase()
    }
  }

  /// The tree reader's case, or its error: the reference the direct reader is held to.
  package static func _readAsTree(_ bytes: [UInt8], file: String = "-") throws(CorpusError) -> CorpusCase {
    try _CorpusReadError.reading(file: file, where: "") { try _parse(bytes) }
  }

  static func _parse(_ bytes: consuming [UInt8]) throws -> CorpusCase {
    guard !bytes.isEmpty else { throw _CorpusReadError("empty file, expected a JSON object") }
    var json = try _CorpusReadError.json(bytes)
    bytes = []  // the text is not needed once parsed: a large file's peak memory
    guard case .object(var members) = json else {
      throw _CorpusReadError("$: expected an object with \"old\" and \"new\", found \(json.kind)")
    }
    json = .null  // `members` now holds the only copy, given up side by side below
    var name = ""
    if let value = members.first(where: { $0.key == "name" })?.value {
      guard case .string(let s) = value else { throw _CorpusReadError("$.name: expected a string, found \(value.kind)") }
      name = s
    }
    func side(_ key: String) throws -> StringSnapshot {
      guard let k = members.firstIndex(where: { $0.key == key }) else { throw _CorpusReadError("$: missing key \"\(key)\"") }
      let value = members[k].value
      members[k].value = .null
      return try snapshot(value, at: "$.\(key)")
    }
    for key in ["old", "new"] where !members.contains(where: { $0.key == key }) {
      throw _CorpusReadError("$: missing key \"\(key)\"")
    }
    let old = try side("old")
    let new = try side("new")
    let extra = members.filter { !["name", "old", "new"].contains($0.key) }
    return CorpusCase(name: name, old: old, new: new, extra: extra)
  }

  static func snapshot(_ json: JSONValue, at path: String) throws -> StringSnapshot {
    var sections: [StringSnapshot.Section] = []
    switch json {
    case .array(let items):
      sections = [StringSnapshot.Section("main", content: "", items: try self.items(items, at: path))]
    case .object(let members):
      for member in members where member.key != "sections" {
        throw _CorpusReadError("\(path): unknown key \"\(member.key)\" (a snapshot has only \"sections\")")
      }
      guard let list = json["sections"] else { throw _CorpusReadError("\(path): missing key \"sections\"") }
      guard case .array(let array) = list else {
        throw _CorpusReadError("\(path).sections: expected an array, found \(list.kind)")
      }
      for (k, section) in array.enumerated() {
        let here = "\(path).sections[\(k)]"
        guard case .object(let fields) = section else {
          throw _CorpusReadError("\(here): expected a section object, found \(section.kind)")
        }
        for field in fields where !["id", "content", "items"].contains(field.key) {
          throw _CorpusReadError("\(here): unknown key \"\(field.key)\"")
        }
        guard let id = section["id"] else { throw _CorpusReadError("\(here): missing key \"id\"") }
        guard let itemList = section["items"] else { throw _CorpusReadError("\(here): missing key \"items\"") }
        guard case .array(let items) = itemList else {
          throw _CorpusReadError("\(here).items: expected an array, found \(itemList.kind)")
        }
        sections.append(
          StringSnapshot.Section(
            try text(id, at: "\(here).id"), content: try section["content"].map { try text($0, at: "\(here).content") } ?? "",
            items: try self.items(items, at: "\(here).items")))
      }
    default:
      throw _CorpusReadError("\(path): expected {\"sections\": […]} or an array of items, found \(json.kind)")
    }
    do {
      return try StringSnapshot(sections: sections)
    } catch {
      throw _CorpusReadError("\(path): \(error)")
    }
  }

  static func items(_ array: [JSONValue], at path: String) throws -> [StringSnapshot.Item] {
    try array.enumerated().map { k, value in
      // The common case first, without building the item's path: a million
      // interpolated paths were most of the time a large file took.
      switch value {
      case .string(let id), .number(let id):
        return StringSnapshot.Item(id, content: "")
      default: break
      }
      let here = "\(path)[\(k)]"
      switch value {
      case .object(let fields):
        for field in fields where !["id", "content"].contains(field.key) {
          throw _CorpusReadError("\(here): unknown key \"\(field.key)\"")
        }
        guard let id = value["id"] else { throw _CorpusReadError("\(here): missing key \"id\"") }
        return StringSnapshot.Item(
          try text(id, at: "\(here).id"), content: try value["content"].map { try text($0, at: "\(here).content") } ?? "")
      default:
        throw _CorpusReadError("\(here): expected an item (a string or {\"id\", \"content\"}), found \(value.kind)")
      }
    }
  }

  static func text(_ value: JSONValue, at path: String) throws -> String {
    switch value {
    case .string(let s), .number(let s): return s
    default: throw _CorpusReadError("\(path): expected a string or a number, found \(value.kind)")
    }
  }
}

struct _CorpusReadError: Error {
  var message: String
  init(_ message: String) { self.message = message }

  /// What `read` returns, or its failure as the error that names the file
  /// (and `place` in it, such as `line 3: `).
  static func reading<T>(file: String, where place: String, _ read: () throws -> T) throws(CorpusError) -> T {
    do {
      return try read()
    } catch let error as _CorpusReadError {
      throw CorpusError(file: file, message: place + error.message)
    } catch {
      throw CorpusError(file: file, message: place + "\(error)")
    }
  }

  /// The JSON of a file's (or a trace line's) bytes, as every reader takes
  /// it: UTF-8 checked first, a syntax error named where it is (`line 3,
  /// column 9`, or just the column for a line of a trace).
  static func json(_ bytes: [UInt8], columnOnly: Bool = false) throws(_CorpusReadError) -> JSONValue {
    guard _isValidUTF8(bytes) else { throw _CorpusReadError("not valid UTF-8") }
    do {
      return try JSONValue(parsing: bytes)
    } catch {
      throw _CorpusReadError("invalid JSON at " + (columnOnly ? "column \(error.column): \(error.message)" : "\(error)"))
    }
  }
}

/// A file's bytes, read straight into one array; `nil` when it cannot be read.
func _readBytes(_ path: String) -> [UInt8]? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 20)
  while true {
    let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    if count > 0 { bytes.append(contentsOf: chunk[..<count]) }
    if count < chunk.count { return ferror(file) == 0 ? bytes : nil }
  }
}

/// Whether a path names a trace (a `.jsonl` file) rather than a pair.
package func isTraceFile(_ path: String) -> Bool { path.hasSuffix(".jsonl") }

extension CorpusCase {
  /// The file's JSON: shorthand for a one-section `"main"` snapshot, bare
  /// strings for items with empty content.
  package var json: JSONValue {
    var members: [(key: String, value: JSONValue)] = [("name", .string(name))]
    members += extra
    members.append(("old", Self.json(old)))
    members.append(("new", Self.json(new)))
    return .object(members)
  }

  /// The text of the file, ending with a newline.
  package var fileText: String { json.serialized() + "\n" }

  static func json(_ snapshot: StringSnapshot) -> JSONValue {
    func item(_ item: StringSnapshot.Item) -> JSONValue {
      let content = item.content ?? ""
      return content.isEmpty ? .string(item.id) : .object([("id", .string(item.id)), ("content", .string(content))])
    }
    let sections = snapshot.sections
    if sections.count == 1, sections[0].id == "main", (sections[0].content ?? "").isEmpty {
      return .array(sections[0].items.map(item))
    }
    return .object([
      (
        "sections",
        .array(
          sections.map { section in
            var fields: [(key: String, value: JSONValue)] = [("id", .string(section.id))]
            if let content = section.content, !content.isEmpty { fields.append(("content", .string(content))) }
            fields.append(("items", .array(section.items.map(item))))
            return .object(fields)
          })
      )
    ])
  }

  /// Every `.json` file (a pair) at these paths, and with `traces` every
  /// `.jsonl` file (a trace) too, folders searched recursively, in a stable
  /// order. A path that does not exist is an error; a file named directly is
  /// taken whatever its extension.
  package static func files(at paths: [String], traces: Bool = false) throws(CorpusError) -> [String] {
    var result: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw CorpusError(file: path, message: "no such file or folder")
      }
      if !isDirectory.boolValue {
        result.append(path)
        continue
      }
      let base = path.hasSuffix("/") ? String(path.dropLast()) : path
      let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
        // A `.changeset.json` beside a case is a changeset for `check`, not a case.
        .filter { ($0.hasSuffix(".json") && !$0.hasSuffix(".changeset.json")) || (traces && $0.hasSuffix(".jsonl")) }.sorted().map { "\(base)/\($0)" }
      result += found
    }
    return result
  }
}
