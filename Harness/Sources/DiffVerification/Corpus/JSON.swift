import SnapshotDiff

/// A parsed JSON value. Numbers keep their text, because the corpus reads a
/// number as its decimal text; object keys keep their order.
package enum JSONValue: Equatable, Sendable {
  case object([(key: String, value: JSONValue)])
  case array([JSONValue])
  case string(String)
  case number(String)
  case bool(Bool)
  case null

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case let (.object(a), .object(b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case let (.array(a), .array(b)): return a == b
    case let (.string(a), .string(b)), let (.number(a), .number(b)): return a == b
    case let (.bool(a), .bool(b)): return a == b
    case (.null, .null): return true
    default: return false
    }
  }

  /// What a value is, for error messages.
  package var kind: String {
    switch self {
    case .object: return "an object"
    case .array: return "an array"
    case .string: return "a string"
    case .number: return "a number"
    case .bool: return "a boolean"
    case .null: return "null"
    }
  }

  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }
}

/// Whether `bytes` are valid UTF-8, checked without making a string of them.
func _isValidUTF8(_ bytes: [UInt8]) -> Bool {
  var k = 0
  // ASCII runs are most of any corpus file: skipped a byte at a time.
  while k < bytes.count && bytes[k] < 0x80 { k += 1 }
  guard k < bytes.count else { return true }
  var iterator = bytes[k...].makeIterator()
  var decoder = UTF8()
  while true {
    switch decoder.decode(&iterator) {
    case .scalarValue: continue
    case .emptyInput: return true
    case .error: return false
    }
  }
}

/// A syntax error, at a line and column (both from 1).
package struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
  package var message: String
  package var line: Int
  package var column: Int
  package var description: String { "line \(line), column \(column): \(message)" }
}

extension JSONValue {
  /// Parses one JSON document (RFC 8259), with nothing but whitespace after it.
  package init(parsing bytes: [UInt8]) throws(JSONSyntaxError) {
    self = try bytes.withUnsafeBufferPointer { bytes throws(JSONSyntaxError) in
      var parser = _JSONParser(bytes: bytes)
      parser.skipWhitespace()
      let value = try parser.value(depth: 0)
      parser.skipWhitespace()
      guard parser.position == bytes.count else { throw parser.error("unexpected text after the JSON value") }
      return value
    }
  }

  /// Serializes on one line, for line-based protocols.
  package var compact: String {
    switch self {
    case .array(let values): return "[" + values.map(\.compact).joined(separator: ",") + "]"
    case .object(let members): return "{" + members.map { "\(_jsonQuoted($0.key)):\($0.value.compact)" }.joined(separator: ",") + "}"
    default: return serialized()
    }
  }

  /// Serializes with two-space indentation, arrays of scalars on one line.
  package func serialized(indent: String = "") -> String {
    switch self {
    case .string(let s): return _jsonQuoted(s)
    case .number(let n): return n
    case .bool(let b): return b ? "true" : "false"
    case .null: return "null"
    case .array(let values):
      if values.isEmpty { return "[]" }
      if values.allSatisfy({ if case .object = $0 { return false }; if case .array = $0 { return false }; return true }) {
        return "[" + values.map { $0.serialized() }.joined(separator: ", ") + "]"
      }
      let inner = indent + "  "
      return "[\n" + values.map { inner + $0.serialized(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
    case .object(let members):
      if members.isEmpty { return "{}" }
      if members.allSatisfy({ if case .object = $0.value { return false }; if case .array = $0.value { return false }; return true }),
        members.count <= 3
      {
        return "{" + members.map { "\(_jsonQuoted($0.key)): \($0.value.serialized())" }.joined(separator: ", ") + "}"
      }
      let inner = indent + "  "
      return "{\n" + members.map { "\(inner)\(_jsonQuoted($0.key)): \($0.value.serialized(indent: inner))" }
        .joined(separator: ",\n") + "\n\(indent)}"
    }
  }
}

/// The one JSON parser: ``JSONValue``'s tree, and the direct snapshot reader
/// (`JSON+Snapshot.swift`), read with it. It reads bytes that outlive it.
struct _JSONParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0
  /// Where the text starts: after a UTF-8 byte order mark, which many
  /// editors write and RFC 8259 lets a parser ignore.
  let start: Int

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    position = start
  }

  func error(_ message: String) -> JSONSyntaxError {
    var line = 1
    var column = 1
    for b in bytes[min(start, position)..<min(position, bytes.count)] {
      if b == UInt8(ascii: "\n") { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
    }
    return JSONSyntaxError(message: message, line: line, column: column)
  }

  var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  /// `, found '“'` (the character at the position), or nothing at the end.
  var found: String { current == nil ? ", found the end of the input" : ", found \(characterHere)" }

  /// The character at the position as the file has it (`'“'`), decoded
  /// from its UTF-8 bytes; a byte that is not UTF-8 is named in hex.
  var characterHere: String {
    let end = min(bytes.count, position + 4)
    var decoder = UTF8()
    var iterator = bytes[position..<end].makeIterator()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return "'\(Character(scalar))'" }
    let hex = String(bytes[position], radix: 16, uppercase: true)
    return "byte 0x\(hex.count < 2 ? "0" + hex : hex) (not UTF-8)"
  }

  mutating func skipWhitespace() {
    while let b = current, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { position += 1 }
  }

  mutating func expect(_ literal: String) throws(JSONSyntaxError) {
    let start = position
    for b in literal.utf8 {
      guard current == b else {
        position = start  // report where the word starts
        throw error("invalid literal, expected '\(literal)'")
      }
      position += 1
    }
  }

  mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard depth < 512 else { throw error("nested too deeply") }
    guard let b = current else { throw error("unexpected end of input, expected a value") }
    switch b {
    case UInt8(ascii: "{"):
      position += 1
      var members: [(key: String, value: JSONValue)] = []
      skipWhitespace()
      if current == UInt8(ascii: "}") { position += 1; return .object(members) }
      while true {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw error("expected a string key" + found) }
        let key = try string()
        if members.contains(where: { $0.key == key }) { throw error("duplicate key \"\(key)\"") }
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw error("expected ':' after key" + found) }
        position += 1
        skipWhitespace()
        members.append((key, try value(depth: depth + 1)))
        skipWhitespace()
        if current == UInt8(ascii: ",") { position += 1; continue }
        if current == UInt8(ascii: "}") { position += 1; return .object(members) }
        throw error("expected ',' or '}' in object" + found)
      }
    case UInt8(ascii: "["):
      position += 1
      var values: [JSONValue] = []
      skipWhitespace()
      if current == UInt8(ascii: "]") { position += 1; return .array(values) }
      while true {
        skipWhitespace()
        values.append(try value(depth: depth + 1))
        skipWhitespace()
        if current == UInt8(ascii: ",") { position += 1; continue }
        if current == UInt8(ascii: "]") { position += 1; return .array(values) }
        throw error("expected ',' or ']' in array" + found)
      }
    case UInt8(ascii: "\""):
      return .string(try string())
    case UInt8(ascii: "t"): try expect("true"); return .bool(true)
    case UInt8(ascii: "f"): try expect("false"); return .bool(false)
    case UInt8(ascii: "n"): try expect("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try number())
    default:
      throw error("unexpected character \(characterHere)")
    }
  }

  mutating func number() throws(JSONSyntaxError) -> String {
    let start = position
    func digits(_ p: inout _JSONParser) -> Int {
      let s = p.position
      while let c = p.current, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") { p.position += 1 }
      return p.position - s
    }
    if current == UInt8(ascii: "-") { position += 1 }
    if current == UInt8(ascii: "0") {
      position += 1
    } else if digits(&self) == 0 {
      throw error("invalid number")
    }
    if current == UInt8(ascii: ".") {
      position += 1
      guard digits(&self) > 0 else { throw error("invalid number: digits expected after '.'") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard digits(&self) > 0 else { throw error("invalid number: digits expected in exponent") }
    }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
  }

  mutating func string() throws(JSONSyntaxError) -> String {
    position += 1  // opening quote
    // Most strings have no escape: their bytes are the string (checked
    // UTF-8; ASCII, the usual case, needs no decoding). Eight bytes at a
    // time up to the first byte that is not plain ASCII text.
    var end = position
    if let base = bytes.baseAddress {
      while end + 8 <= bytes.count {
        let stops = Self.stops(UInt64(littleEndian: UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self)))
        if stops != 0 { end += stops.trailingZeroBitCount / 8; break }
        end += 8
      }
    }
    var high: UInt8 = 0
    while end < bytes.count {
      let b = bytes[end]
      if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 { break }
      high |= b
      end += 1
    }
    if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
      guard let text = high < 0x80 ? ascii(position..<end) : String(validating: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self) else {
        throw error("invalid UTF-8 in string")
      }
      position = end + 1
      return text
    }
    var scalars = String.UnicodeScalarView()
    var run = position
    func flush(_ p: _JSONParser, upTo end: Int) throws(JSONSyntaxError) {
      // Checked here too: the direct reader has no whole-input UTF-8 check before it.
      guard let text = String(validating: UnsafeBufferPointer(rebasing: p.bytes[run..<end]), as: UTF8.self) else {
        throw p.error("invalid UTF-8 in string")
      }
      scalars.append(contentsOf: text.unicodeScalars)
    }
    while true {
      guard let b = current else { throw error("unterminated string") }
      if b == UInt8(ascii: "\"") {
        try flush(self, upTo: position)
        position += 1
        return String(scalars)
      }
      if b < 0x20 { throw error("control character in string") }
      if b == UInt8(ascii: "\\") {
        try flush(self, upTo: position)
        position += 1
        guard let e = current else { throw error("unterminated escape") }
        position += 1
        switch e {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800..<0xDC00).contains(code) {
            guard current == UInt8(ascii: "\\") else { throw error("unpaired surrogate") }
            position += 1
            guard current == UInt8(ascii: "u") else { throw error("unpaired surrogate") }
            position += 1
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw error("invalid unicode escape") }
          scalars.append(scalar)
        default: throw error("invalid escape")
        }
        run = position
        continue
      }
      position += 1
    }
  }

  /// The high bit of each byte of `word` (read little-endian) that ends a
  /// run of plain string text: a quote, a backslash, a control character or
  /// a byte of a multi-byte character. Only the lowest is exact (the classic
  /// zero-byte test borrows upward), and only the lowest is used.
  @inline(__always)
  static func stops(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func zeroBytes(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
    let quote = zeroBytes(word ^ (ones &* 0x22))
    let backslash = zeroBytes(word ^ (ones &* 0x5C))
    let control = (word &- ones &* 0x20) & ~word & highs
    return quote | backslash | control | (word & highs)
  }

  /// An ASCII string from its bytes, which end before the end of `bytes`.
  /// One of 15 bytes or fewer is made in place, as the standard library
  /// lays out a small ASCII string on a 64-bit little-endian machine (two
  /// words: the bytes, zero-padded, and a top byte of 0xE0 | count: the
  /// layout `_IDHash` reads), skipping a second check of bytes known to be
  /// ASCII; `JSONTests` holds it equal to `String(decoding:)`. The words
  /// are loaded whole, not copied a byte at a time: a copy into them
  /// stalled every load after it (a third of the time `string()` took).
  @inline(__always)
  func ascii(_ range: Range<Int>) -> String {
    #if _pointerBitWidth(_64) && _endian(little)
      let count = range.count
      if count <= 15, range.lowerBound + 16 <= bytes.count, let base = bytes.baseAddress {
        let at = UnsafeRawPointer(base + range.lowerBound)
        var low = at.loadUnaligned(as: UInt64.self)
        var high = at.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        if count < 8 {
          low &= (1 &<< UInt64(8 * count)) &- 1
          high = 0
        } else {
          high &= (1 &<< UInt64(8 * (count - 8))) &- 1
        }
        high |= UInt64(0xE0 | count) &<< 56
        return unsafeBitCast((low, high), to: String.self)
      }
    #endif
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    var code: UInt32 = 0
    for _ in 0..<4 {
      guard let h = current, let digit = UInt32(String(Unicode.Scalar(h)), radix: 16) else {
        throw error("invalid \\u escape")
      }
      code = code * 16 + digit
      position += 1
    }
    return code
  }
}
