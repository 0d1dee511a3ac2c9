import Foundation
import SnapshotDiff

// The direct reader: a corpus file's or a trace line's snapshots made
// straight from the bytes, with no JSON tree between (issue 50: the tree
// reader spent ~225 instructions a byte, most of them building and freeing
// the tree).
//
// It reads only what is plainly valid, and answers `nil` at anything else:
// the caller then reads the same bytes with the tree reader, whose message
// (line, column, JSON path) is the contract. So the two cannot disagree on
// an error, and they must agree on every value; `DirectReaderTests` holds
// them equal on the corpus and on random documents.

/// A snapshot as it is read: flat arrays, each item stored once where the
/// snapshot keeps it (an array per section, appended after, copied every
/// item through the runtime: a fifth of a read).
struct _SnapshotParts {
  var sectionIDs: [String] = []
  var sectionContents: [String?] = []
  var sectionStarts = [0]
  var items: [StringSnapshot.Item] = []

  /// The snapshot, or `nil` where the parts break its rules (the tree
  /// reader then names the duplicate).
  consuming func snapshot() -> StringSnapshot? {
    try? StringSnapshot(sectionIDs: sectionIDs, sectionContents: sectionContents, sectionStarts: sectionStarts, items: items)
  }
}

extension _JSONParser {
  /// A trace line: a snapshot (`{"name"?, "sections", …}` or an array of
  /// items) with its name and other keys, or `nil`.
  mutating func directTraceLine(line: Int) -> TraceSnapshot? {
    skipWhitespace()
    var parts = _SnapshotParts()
    var name: String?
    var extra: [(key: String, value: JSONValue)] = []
    if current == UInt8(ascii: "[") {
      guard directMainSection(into: &parts) else { return nil }
    } else {
      var sections = false
      let read = directObject { parser, key in
        switch key.word {
        case .name:
          return parser.directName(&name)
        case .sections:
          guard !sections else { return false }
          sections = true
          return parser.directSections(into: &parts)
        default:
          return parser.directExtra(key, into: &extra)
        }
      }
      guard read, sections else { return nil }
    }
    guard directEnd(), let snapshot = parts.snapshot() else { return nil }
    return TraceSnapshot(line: line, name: name, snapshot: snapshot, extra: extra)
  }

  /// A corpus file: `{"name"?, "old", "new", …}`, or `nil`.
  mutating func directCorpusCase() -> CorpusCase? {
    skipWhitespace()
    var name: String?
    var old: StringSnapshot?
    var new: StringSnapshot?
    var extra: [(key: String, value: JSONValue)] = []
    let read = directObject { parser, key in
      switch key.word {
      case .name:
        return parser.directName(&name)
      case .old:
        guard old == nil else { return false }
        old = parser.directSnapshot()
        return old != nil
      case .new:
        guard new == nil else { return false }
        new = parser.directSnapshot()
        return new != nil
      default:
        return parser.directExtra(key, into: &extra)
      }
    }
    guard read, let old, let new, directEnd() else { return nil }
    return CorpusCase(name: name ?? "", old: old, new: new, extra: extra)
  }

  /// A snapshot value: `{"sections": […]}` or an array of items.
  mutating func directSnapshot() -> StringSnapshot? {
    var parts = _SnapshotParts()
    if current == UInt8(ascii: "[") {
      guard directMainSection(into: &parts) else { return nil }
      return parts.snapshot()
    }
    var sections = false
    let read = directObject { parser, key in
      guard key.word == .sections, !sections else { return false }
      sections = true
      return parser.directSections(into: &parts)
    }
    guard read, sections else { return nil }
    return parts.snapshot()
  }

  /// An array of items: the one section `"main"`, as the shorthand is read.
  mutating func directMainSection(into parts: inout _SnapshotParts) -> Bool {
    guard directItems(into: &parts.items) else { return false }
    parts.sectionIDs.append("main")
    parts.sectionContents.append("")
    parts.sectionStarts.append(parts.items.count)
    return true
  }

  /// `[{"id", "content"?, "items"}, …]`.
  mutating func directSections(into parts: inout _SnapshotParts) -> Bool {
    directArray { parser in
      var id: String?
      var content: String?
      var items = false
      let read = parser.directObject { parser, key in
        if let read = parser.directIDOrContent(key, id: &id, content: &content) { return read }
        // A section's items may come before its id: where they start is
        // known, and the count after.
        guard key.word == .items, !items else { return false }
        items = true
        return parser.directItems(into: &parts.items)
      }
      guard read, let id, items else { return false }
      parts.sectionIDs.append(id)
      parts.sectionContents.append(content ?? "")
      parts.sectionStarts.append(parts.items.count)
      return true
    }
  }

  /// `[ID, {"id", "content"?}, …]`: an id alone is an item with empty content.
  mutating func directItems(into items: inout [StringSnapshot.Item]) -> Bool {
    directArray { parser in
      guard parser.current == UInt8(ascii: "{") else {
        guard let id = parser.directText() else { return false }
        items.append(StringSnapshot.Item(id, content: ""))
        return true
      }
      if let item = parser.directCompactItem() {
        items.append(item)
        return true
      }
      var id: String?
      var content: String?
      let read = parser.directObject { parser, key in parser.directIDOrContent(key, id: &id, content: &content) ?? false }
      guard read, let id else { return false }
      items.append(StringSnapshot.Item(id, content: content ?? ""))
      return true
    }
  }

  /// An item as our writers write it, `{"id":…,"content":…}` or
  /// `{"id":…}` with no space, matched whole (half the cost of reading it
  /// key by key); `nil`, at the same position, for any other spelling.
  @inline(__always)
  mutating func directCompactItem() -> StringSnapshot.Item? {
    let start = position
    guard directMatch("{\"id\":"), let id = directText() else { position = start; return nil }
    if directMatch("}") { return StringSnapshot.Item(id, content: "") }
    guard directMatch(",\"content\":"), let content = directText(), directMatch("}") else { position = start; return nil }
    return StringSnapshot.Item(id, content: content)
  }

  /// Whether these bytes come next; if so, past them.
  @inline(__always)
  mutating func directMatch(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    let text = literal.utf8Start
    for k in 0..<count where bytes[position + k] != text[k] { return false }
    position += count
    return true
  }

  /// A `"name"`: a string, read once.
  mutating func directName(_ name: inout String?) -> Bool {
    guard name == nil, current == UInt8(ascii: "\"") else { return false }
    name = try? string()
    return name != nil
  }

  /// An `"id"` or `"content"` member of a section or an item, each read
  /// once; `nil` for any other key.
  @inline(__always)
  mutating func directIDOrContent(_ key: _Key, id: inout String?, content: inout String?) -> Bool? {
    switch key.word {
    case .id:
      guard id == nil else { return false }
      id = directText()
      return id != nil
    case .content:
      guard content == nil else { return false }
      content = directText()
      return content != nil
    default:
      return nil
    }
  }

  /// A string or a number, as its text.
  mutating func directText() -> String? {
    guard let b = current else { return nil }
    switch b {
    case UInt8(ascii: "\""): return try? string()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try? number()
    default: return nil
    }
  }

  /// Any other key's value, kept as a tree (they are few and small); `false`
  /// for a key already read.
  mutating func directExtra(_ key: _Key, into extra: inout [(key: String, value: JSONValue)]) -> Bool {
    guard let key = String(validating: key.bytes, as: UTF8.self), !extra.contains(where: { $0.key == key }),
      let value = try? value(depth: 1)
    else { return false }
    extra.append((key, value))
    return true
  }

  /// An object, each member's value read by `member` (at the value, after
  /// the colon); `false` when `member` refuses or the syntax is wrong.
  /// `member` refuses a key it has read already, as the tree refuses duplicates.
  @inline(__always)
  mutating func directObject(_ member: (inout _JSONParser, _Key) -> Bool) -> Bool {
    guard current == UInt8(ascii: "{") else { return false }
    position += 1
    skipWhitespace()
    if current == UInt8(ascii: "}") { position += 1; return true }
    while true {
      skipWhitespace()
      guard let key = directKey() else { return false }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { return false }
      position += 1
      skipWhitespace()
      guard member(&self, key) else { return false }
      skipWhitespace()
      if current == UInt8(ascii: ",") { position += 1; continue }
      if current == UInt8(ascii: "}") { position += 1; return true }
      return false
    }
  }

  /// An array, each element read by `element` (at the element).
  @inline(__always)
  mutating func directArray(_ element: (inout _JSONParser) -> Bool) -> Bool {
    guard current == UInt8(ascii: "[") else { return false }
    position += 1
    skipWhitespace()
    if current == UInt8(ascii: "]") { position += 1; return true }
    while true {
      skipWhitespace()
      guard element(&self) else { return false }
      skipWhitespace()
      if current == UInt8(ascii: ",") { position += 1; continue }
      if current == UInt8(ascii: "]") { position += 1; return true }
      return false
    }
  }

  /// A key's bytes, read without making a string: the readers' keys are a
  /// few known words. A key with an escape is left to the tree reader.
  mutating func directKey() -> _Key? {
    guard current == UInt8(ascii: "\"") else { return nil }
    var end = position + 1
    while end < bytes.count {
      let b = bytes[end]
      if b == UInt8(ascii: "\"") { break }
      if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
      end += 1
    }
    guard end < bytes.count else { return nil }
    defer { position = end + 1 }
    return _Key(bytes: UnsafeBufferPointer(rebasing: bytes[(position + 1)..<end]))
  }

  /// Nothing but whitespace left.
  mutating func directEnd() -> Bool {
    skipWhitespace()
    return position == bytes.count
  }
}

/// An object key as read: its bytes, and which of the readers' words it is.
struct _Key {
  var bytes: UnsafeBufferPointer<UInt8>

  enum Word {
    case name, sections, old, new, id, content, items, other
  }

  /// The word these bytes spell, or `.other`: told apart by length first.
  var word: Word {
    switch bytes.count {
    case 2: return spells("id") ? .id : .other
    case 3: return spells("old") ? .old : spells("new") ? .new : .other
    case 4: return spells("name") ? .name : .other
    case 5: return spells("items") ? .items : .other
    case 7: return spells("content") ? .content : .other
    case 8: return spells("sections") ? .sections : .other
    default: return .other
    }
  }

  func spells(_ text: StaticString) -> Bool {
    memcmp(text.utf8Start, bytes.baseAddress!, bytes.count) == 0
  }
}
