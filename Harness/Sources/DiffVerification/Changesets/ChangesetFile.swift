import Foundation
import SnapshotDiff

/// Changeset files (the File formats article, changeset files): a changeset from any library, in any language,
/// as one JSON object, so that `diffbench check` can hold it to the rules.
///
/// ```json
/// {"stages": [
///   {"sectionDeletes": [2],
///    "sectionInserts": [{"index": 0, "id": "s9", "content": "x", "items": ["a", {"id": "b", "content": "y"}]}],
///    "sectionMoves": [{"from": 1, "to": 3}],
///    "sectionUpdates": [{"index": 0, "content": "z"}],
///    "itemDeletes": [[0, 1]],
///    "itemInserts": [{"path": [0, 2], "id": "c", "content": "w"}],
///    "itemMoves": [{"from": [0, 1], "to": [1, 0]}],
///    "itemUpdates": [{"path": [0, 0], "content": "v"}]}
/// ]}
/// ```
///
/// Every key of a stage may be left out; ids and contents are strings (a
/// number reads as its text; a missing content is empty). Other top-level
/// keys are kept out of the way (a tool may say who made the file); an
/// unknown key inside a stage or an operation is an error (a typo).
package enum ChangesetFile {
  static let stageKeys = [
    "sectionDeletes", "sectionInserts", "sectionMoves", "sectionUpdates",
    "itemDeletes", "itemInserts", "itemMoves", "itemUpdates",
  ]

  // MARK: Writing

  /// The file's JSON; empty operation lists and empty contents are left out,
  /// but an update always says its content.
  package static func json(_ changeset: StringChangeset) -> JSONValue {
    func path(_ p: ItemPath) -> JSONValue { .array([.number(String(p.section)), .number(String(p.item))]) }
    func item(_ item: StringSnapshot.Item) -> JSONValue {
      let content = item.content ?? ""
      return content.isEmpty ? .string(item.id) : .object([("id", .string(item.id)), ("content", .string(content))])
    }
    let stages: [JSONValue] = changeset.stages.map { stage in
      var fields: [(key: String, value: JSONValue)] = []
      func add(_ key: String, _ values: [JSONValue]) { if !values.isEmpty { fields.append((key, .array(values))) } }
      add("sectionDeletes", stage.sectionDeletes.map { .number(String($0)) })
      add("sectionInserts", stage.sectionInserts.map { insert in
        var object: [(key: String, value: JSONValue)] = [("index", .number(String(insert.index))), ("id", .string(insert.section.id))]
        if let content = insert.section.content, !content.isEmpty { object.append(("content", .string(content))) }
        object.append(("items", .array(insert.section.items.map(item))))
        return .object(object)
      })
      add("sectionMoves", stage.sectionMoves.map { .object([("from", .number(String($0.from))), ("to", .number(String($0.to)))]) })
      add("sectionUpdates", stage.sectionUpdates.map { .object([("index", .number(String($0.index))), ("content", .string($0.content ?? ""))]) })
      add("itemDeletes", stage.itemDeletes.map(path))
      add("itemInserts", stage.itemInserts.map { insert in
        var object: [(key: String, value: JSONValue)] = [("path", path(insert.path)), ("id", .string(insert.item.id))]
        if let content = insert.item.content, !content.isEmpty { object.append(("content", .string(content))) }
        return .object(object)
      })
      add("itemMoves", stage.itemMoves.map { .object([("from", path($0.from)), ("to", path($0.to))]) })
      add("itemUpdates", stage.itemUpdates.map { .object([("path", path($0.path)), ("content", .string($0.content ?? ""))]) })
      return .object(fields)
    }
    return .object([("updates", .string(changeset.updates.rawValue)), ("stages", .array(stages))])
  }

  /// The text of the file, ending with a newline.
  package static func text(_ changeset: StringChangeset) -> String { json(changeset).serialized() + "\n" }

  // MARK: Reading

  /// Reads a changeset file.
  ///
  /// - Throws: ``CorpusError`` naming the file and, where it helps, the path
  ///   inside the JSON (`$.stages[0].itemMoves[1].to`).
  ///   `updates`, where the file does not say how its updates are performed.
  package static func load(contentsOf path: String, updates: BatchUpdate.UpdateKind = .reconfigure) throws(CorpusError) -> StringChangeset {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CorpusError(file: path, message: "cannot be read")
    }
    return try parse(Array(data), file: path, updates: updates)
  }

  /// Parses the bytes of a changeset file; `file` names it in errors; its
  /// `"updates"` (`"reload"` or `"reconfigure"`), else `updates`.
  package static func parse(_ bytes: [UInt8], file: String = "-", updates: BatchUpdate.UpdateKind = .reconfigure) throws(CorpusError) -> StringChangeset {
    try _CorpusReadError.reading(file: file, where: "") { try _parse(bytes, updates: updates) }
  }

  static func _parse(_ bytes: [UInt8], updates fallback: BatchUpdate.UpdateKind) throws -> StringChangeset {
    guard !bytes.isEmpty else { throw _CorpusReadError("empty file, expected a JSON object") }
    let json = try _CorpusReadError.json(bytes)
    guard case .object = json else { throw _CorpusReadError("$: expected an object with \"stages\", found \(json.kind)") }
    var updates = fallback
    if let value = json["updates"] {
      guard case .string(let text) = value, let kind = BatchUpdate.UpdateKind(rawValue: text) else {
        throw _CorpusReadError("$.updates: expected \"reload\" or \"reconfigure\", found \(value.kind == "string" ? value.serialized() : value.kind)")
      }
      updates = kind
    }
    guard let list = json["stages"] else { throw _CorpusReadError("$: missing key \"stages\"") }
    guard case .array(let stages) = list else { throw _CorpusReadError("$.stages: expected an array, found \(list.kind)") }
    return StringChangeset(stages: try stages.enumerated().map { k, value in try stage(value, at: "$.stages[\(k)]") }, updates: updates)
  }

  static func stage(_ json: JSONValue, at path: String) throws -> StringChangeset.Stage {
    guard case .object(let fields) = json else { throw _CorpusReadError("\(path): expected a stage object, found \(json.kind)") }
    for field in fields where !stageKeys.contains(field.key) {
      throw _CorpusReadError("\(path): unknown key \"\(field.key)\" (a stage has \(stageKeys.joined(separator: ", ")))")
    }
    func list(_ key: String) throws -> [(JSONValue, String)] {
      guard let value = json[key] else { return [] }
      guard case .array(let elements) = value else { throw _CorpusReadError("\(path).\(key): expected an array, found \(value.kind)") }
      return elements.enumerated().map { ($1, "\(path).\(key)[\($0)]") }
    }
    var stage = StringChangeset.Stage()
    stage.sectionDeletes = try list("sectionDeletes").map { try index($0, at: $1) }
    stage.sectionInserts = try list("sectionInserts").map { value, here in
      let object = try members(value, at: here, required: ["index", "id", "items"], optional: ["content"])
      guard case .array(let items) = object["items"]! else {
        throw _CorpusReadError("\(here).items: expected an array, found \(object["items"]!.kind)")
      }
      return .init(
        index: try index(object["index"]!, at: "\(here).index"),
        section: StringSnapshot.Section(
          try CorpusCase.text(object["id"]!, at: "\(here).id"), content: try content(object, at: here),
          items: try CorpusCase.items(items, at: "\(here).items")))
    }
    stage.sectionMoves = try list("sectionMoves").map { value, here in
      let object = try members(value, at: here, required: ["from", "to"])
      return BatchUpdate.Move(from: try index(object["from"]!, at: "\(here).from"), to: try index(object["to"]!, at: "\(here).to"))
    }
    stage.sectionUpdates = try list("sectionUpdates").map { value, here in
      let object = try members(value, at: here, required: ["index"], optional: ["content"])
      return .init(index: try index(object["index"]!, at: "\(here).index"), content: try content(object, at: here))
    }
    stage.itemDeletes = try list("itemDeletes").map { try itemPath($0, at: $1) }
    stage.itemInserts = .init(try list("itemInserts").map { value, here in
      let object = try members(value, at: here, required: ["path", "id"], optional: ["content"])
      return StringChangeset.Stage.ItemInsert(
        path: try itemPath(object["path"]!, at: "\(here).path"),
        item: StringSnapshot.Item(try CorpusCase.text(object["id"]!, at: "\(here).id"), content: try content(object, at: here)))
    })
    stage.itemMoves = try list("itemMoves").map { value, here in
      let object = try members(value, at: here, required: ["from", "to"])
      return BatchUpdate.Move(from: try itemPath(object["from"]!, at: "\(here).from"), to: try itemPath(object["to"]!, at: "\(here).to"))
    }
    stage.itemUpdates = try list("itemUpdates").map { value, here in
      let object = try members(value, at: here, required: ["path"], optional: ["content"])
      return .init(path: try itemPath(object["path"]!, at: "\(here).path"), content: try content(object, at: here))
    }
    return stage
  }

  /// An object with these keys and no others.
  static func members(_ json: JSONValue, at path: String, required: [String], optional: [String] = []) throws -> JSONValue {
    guard case .object(let fields) = json else {
      throw _CorpusReadError("\(path): expected an object with \(required.map { "\"\($0)\"" }.joined(separator: ", ")), found \(json.kind)")
    }
    for field in fields where !required.contains(field.key) && !optional.contains(field.key) {
      throw _CorpusReadError("\(path): unknown key \"\(field.key)\"")
    }
    for key in required where json[key] == nil { throw _CorpusReadError("\(path): missing key \"\(key)\"") }
    return json
  }

  static func content(_ object: JSONValue, at path: String) throws -> String {
    try object["content"].map { try CorpusCase.text($0, at: "\(path).content") } ?? ""
  }

  /// An integer; negative ones are read (they break rule 1, which `check` reports).
  static func index(_ json: JSONValue, at path: String) throws -> Int {
    guard case .number(let text) = json else { throw _CorpusReadError("\(path): expected an integer index, found \(json.kind)") }
    guard let value = Int(text) else { throw _CorpusReadError("\(path): expected an integer index, found a number that is not an integer") }
    return value
  }

  static func itemPath(_ json: JSONValue, at path: String) throws -> ItemPath {
    guard case .array(let pair) = json, pair.count == 2 else {
      throw _CorpusReadError("\(path): expected an index path [section, item], found \(json.kind)")
    }
    // `ItemPath` holds 32-bit indices. No snapshot has an index past them
    // (it holds fewer than 2^31 items), so an index beyond them reads as the
    // 32-bit bound on its side: `check` then reports it out of range (rule 1,
    // or 7 for a destination past its section's end), as the rules say (BatchUpdateRules), where
    // `ItemPath(section:item:)` would trap.
    func clamped(_ value: Int) -> Int { Swift.min(Swift.max(value, Int(Int32.min)), Int(Int32.max)) }
    return ItemPath(section: clamped(try index(pair[0], at: "\(path)[0]")), item: clamped(try index(pair[1], at: "\(path)[1]")))
  }
}
