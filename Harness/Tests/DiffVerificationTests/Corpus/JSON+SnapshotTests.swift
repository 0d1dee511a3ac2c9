import DiffVerification
import Foundation
import SnapshotDiff
import Testing

/// The direct reader (no JSON tree) is held to the tree reader: wherever it
/// gives a value, the tree gives the same one; wherever the tree refuses
/// input, it gives none (and the tree's message is the one users see).
@Suite struct DirectReaderTests {
  /// Both readers on a corpus file's bytes.
  func agree(case bytes: [UInt8]) -> (direct: Bool, tree: Bool) {
    let direct = CorpusCase._readDirectly(bytes)
    let tree = try? CorpusCase._readAsTree(bytes)
    if let direct {
      #expect(direct == tree, "\(String(decoding: bytes, as: UTF8.self))")
    }
    return (direct != nil, tree != nil)
  }

  /// Both readers on a trace line's bytes.
  func agree(line bytes: [UInt8]) -> (direct: Bool, tree: Bool) {
    let direct = TraceReader._readDirectly(bytes, line: 7)
    let tree = try? TraceReader._readAsTree(bytes, line: 7)
    if let direct {
      #expect(
        direct.line == tree?.line && direct.name == tree?.name && direct.snapshot == tree?.snapshot
          && JSONValue.object(direct.extra) == tree.map { JSONValue.object($0.extra) },
        "\(String(decoding: bytes, as: UTF8.self))")
    }
    return (direct != nil, tree != nil)
  }

  @Test func everyCorpusFileIsReadDirectlyAndAlike() throws {
    let files = try CorpusCase.files(at: [corpusFolder], traces: true)
    #expect(files.count > 30)
    for file in files {
      let bytes = try #require(FileManager.default.contents(atPath: file)).map { $0 }
      if isTraceFile(file) {
        for line in bytes.split(separator: 0x0A) where !line.allSatisfy({ $0 == 0x20 }) {
          #expect(agree(line: Array(line)) == (true, true), "\(file)")
        }
      } else {
        #expect(agree(case: bytes) == (true, true), "\(file)")
      }
    }
  }

  /// The spellings the corpus format allows, and many it refuses.
  @Test func randomDocumentsAgree() {
    var random = SplitMix64(seed: 50)
    var direct = 0
    var refused = 0
    for _ in 0..<3_000 {
      let valid = Document.snapshot(&random)
      let line = Array(valid.utf8)
      let (d, t) = agree(line: line)
      #expect(t, "a valid document the tree refuses: \(valid)")
      if d { direct += 1 }
      // The same document damaged: a byte replaced, removed or repeated.
      var damaged = line
      let k = Int.random(in: 0..<damaged.count, using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0: damaged[k] = Document.bytes.randomElement(using: &random)!
      case 1: damaged.remove(at: k)
      default: damaged.insert(damaged[k], at: k)
      }
      let (dd, dt) = agree(line: damaged)
      if !dt {
        refused += 1
        #expect(!dd, "the direct reader read what the tree refuses: \(String(decoding: damaged, as: UTF8.self))")
      }
      let pair = Array("{\"name\": \"n\", \"old\": \(Document.snapshot(&random, line: false)), \"new\": \(Document.snapshot(&random, line: false))}".utf8)
      let (pd, pt) = agree(case: pair)
      #expect(pt)
      if pd { direct += 1 }
    }
    // Most plain documents take the fast path; damage is mostly refused.
    #expect(direct > 4_000 && refused > 1_500, "\(direct) read directly, \(refused) refused")
  }

  @Test func refusalsAreTheTreeReadersMessages() {
    // The tree's message, whatever the direct reader met first.
    let cases: [(String, String)] = [
      (#"{"sections": [{"id": "A", "items": ["a", "a"]}]}"#, "line 1: $: duplicate item id \"a\" at [0, 0] and [0, 1]"),
      (#"{"name": "x", "name": "y", "sections": []}"#, "line 1: invalid JSON at column 21: duplicate key \"name\""),
      (#"[{"id": "a", "content": null}]"#, "line 1: $[0].content: expected a string or a number, found null"),
      (#"{"sections": [{"id": "A", "items": [], "extra": 1}]}"#, "line 1: $.sections[0]: unknown key \"extra\""),
    ]
    for (text, message) in cases {
      #expect(throws: CorpusError(file: "t.jsonl", message: message)) { try TraceReader.parse(Array(text.utf8), file: "t.jsonl") }
    }
    // Invalid UTF-8 inside a string with an escape: the tree checks the whole line first.
    let bytes: [UInt8] = Array(#"["a\n"#.utf8) + [0xFF] + Array(#""]"#.utf8)
    #expect(TraceReader._readDirectly(bytes, line: 1) == nil)
    #expect(throws: CorpusError(file: "t.jsonl", message: "line 1: not valid UTF-8")) { try TraceReader.parse(bytes, file: "t.jsonl") }
  }

  @Test func shortASCIIStringsAreStandardStrings() throws {
    // Strings of 0 to 20 bytes at every offset of a line, against the standard library's.
    for length in 0...20 {
      let text = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x41 + $0 % 26))) })
      for pad in 0..<3 {
        let line = "[" + String(repeating: " ", count: pad) + "\"\(text)\"]"
        let read = try #require(TraceReader._readDirectly(Array(line.utf8), line: 1))
        let id = read.snapshot.itemIdentifiers[0]
        let standard = String(decoding: Array(text.utf8), as: UTF8.self)
        #expect(id == standard && id.hashValue == standard.hashValue && id.utf8.count == length && Array(id.utf8) == Array(text.utf8))
        #expect(id + "!" == standard + "!" && Set([id, standard]).count == 1)
      }
    }
  }
}

/// Random snapshot documents in the spellings the format allows.
enum Document {
  static let bytes: [UInt8] = Array(#"{}[]",:\ 0123456789-.eEtrufalsn"#.utf8) + [0x00, 0x0A, 0x1F, 0x80, 0xC3, 0xA9, 0xFF]

  /// A trace line (`line`), which may carry a name and other keys, or a pair's side.
  static func snapshot(_ random: inout SplitMix64, line: Bool = true) -> String {
    var ids = 0
    func space() -> String { ["", "", " ", "\t", "\r\n "].randomElement(using: &random)! }
    /// A string or number spelling of `base`, distinct for distinct `unique`.
    func text(_ base: String, unique: Int = 0) -> String {
      switch Int.random(in: 0..<12, using: &random) {
      case 0: return (Bool.random(using: &random) ? "-" : "") + "\(unique + 1)\(Int.random(in: 0...9, using: &random))"  // a number
      case 1: return "\"\(base)\\n\\u00e9\\\"\""  // escapes
      case 2: return "\"\(base)é\""  // not ASCII
      case 3: return "\"\(base)-a-long-identifier-of-more-than-fifteen-bytes\""
      default: return "\"\(base)\""
      }
    }
    func item() -> String {
      ids += 1
      let id = text("i\(ids)", unique: ids)
      switch Int.random(in: 0..<4, using: &random) {
      case 0: return id
      case 1: return "{\(space())\"id\"\(space()):\(space())\(id)}"
      case 2: return "{\"content\":\(space())\(text("c")),\(space())\"id\":\(id)}"
      default: return "{\"id\":\(id),\"content\":\(text("c"))}"
      }
    }
    func items() -> String {
      "[" + (0..<Int.random(in: 0..<6, using: &random)).map { _ in space() + item() + space() }.joined(separator: ",") + "]"
    }
    if Int.random(in: 0..<4, using: &random) == 0 { return space() + items() + space() }
    let sections = (0..<Int.random(in: 0..<4, using: &random)).map { s in
      var fields = ["\"id\":\(space())\(text("s\(s)", unique: s))", "\"items\":\(space())\(items())"]
      if Bool.random(using: &random) { fields.append("\"content\": \(text("c"))") }
      return "{" + fields.shuffled(using: &random).joined(separator: "," + space()) + "}"
    }
    var members = ["\"sections\":\(space())[" + sections.joined(separator: ",") + "]"]
    if line && Bool.random(using: &random) { members.append("\"name\": \"day \(Int.random(in: 0..<9, using: &random))\"") }
    if line && Int.random(in: 0..<4, using: &random) == 0 { members.append("\"found_by\": {\"seed\": 7, \"list\": [1, \"x\", null, true]}") }
    return space() + "{" + members.shuffled(using: &random).joined(separator: "," + space()) + "}" + space()
  }
}
