import DiffVerification
import Foundation
import SnapshotDiff
import Testing

@Suite struct CorpusCaseTests {
  func error(_ text: String) -> String? {
    do {
      _ = try CorpusCase.parse(Array(text.utf8))
      return nil
    } catch {
      return error.message
    }
  }

  /// An integer-id pair read as Ints: each library strategy's string
  /// changeset, read the same way, is its `Int` changeset (what lets the
  /// fuzzer judge the `Int` path with the string one); a content or id the
  /// pair does not hold cannot be read.
  @Test func aStringChangesetReadsAsTheIntOne() throws {
    var read = 0
    for iteration in 0..<200 as Range<UInt64> {
      let pair = PairGenerator(maxItems: 40).pair(seed: 9, iteration: iteration)
      var spelling = Respelling(ids: .integer, contents: .short)
      let old = try spelling.apply(pair.old, later: false).snapshot(), new = try spelling.apply(pair.new, later: true).snapshot()
      let ints = try #require(StringSnapshot.ints(old, new))
      for contender in Contenders.library {
        let made = contender.changeset(from: old, to: new)
        #expect(ints.reading(made) == contender.changeset(from: ints.old, to: ints.new), "\(contender.name), iteration \(iteration)")
        read += 1
      }
    }
    #expect(read == 1_000)
    let old = try StringSnapshot(sections: [.init("1", items: [.init("10", content: "a")])])
    let new = try StringSnapshot(sections: [.init("1", items: [.init("10", content: "b"), .init("11")])])
    let ints = try #require(StringSnapshot.ints(old, new))
    var changeset = Hashmap().changeset(from: old, to: new)
    #expect(ints.reading(changeset) != nil)
    changeset.stages[0].itemInserts[0].item.content = "not in the pair"
    #expect(ints.reading(changeset) == nil)
    changeset.stages[0].itemInserts[0].item = .init("x")
    #expect(ints.reading(changeset) == nil)
  }

  @Test func readsTheSpecExample() throws {
    let text = """
      {"name": "product list", "source": "x", "old": {"sections": [
        {"id": "banner", "items": ["b1", "b2"]},
        {"id": "list", "content": "grid", "items": ["p1", {"id": "p2", "content": 9900}]}
      ]}, "new": ["a", 12, 1.50]}
      """
    let pair = try CorpusCase.parse(Array(text.utf8))
    #expect(pair.name == "product list")
    #expect(pair.old.sectionIdentifiers == ["banner", "list"])
    #expect(pair.old.sectionContent(at: 1) == "grid")
    #expect(pair.old.item(at: ItemPath(section: 1, item: 1)).content == "9900")
    #expect(pair.old.item(at: ItemPath(section: 0, item: 0)).content == "")
    #expect(pair.new.sectionIdentifiers == ["main"])
    #expect(pair.new.itemIdentifiers == ["a", "12", "1.50"])
    #expect(pair.extra.map(\.key) == ["source"])
  }

  @Test func roundTrips() throws {
    for file in try CorpusCase.files(at: [corpusFolder]) {
      let pair = try CorpusCase.load(contentsOf: file)
      #expect(try CorpusCase.parse(Array(pair.fileText.utf8)) == pair, "\(file)")
    }
  }

  @Test func eachWayOfBeingWrongHasItsMessage() {
    #expect(error("") == "empty file, expected a JSON object")
    #expect(error("{\"old\": [\"a\"],\n \"new\": [\"b\"") == "invalid JSON at line 2, column 13: expected ',' or ']' in array, found the end of the input")
    #expect(error("[1, 2]") == "$: expected an object with \"old\" and \"new\", found an array")
    #expect(error("{\"old\": []}") == "$: missing key \"new\"")
    #expect(error("{\"old\": [], \"new\": {\"sections\": 3}}") == "$.new.sections: expected an array, found a number")
    #expect(error("{\"old\": [true], \"new\": []}")
      == "$.old[0]: expected an item (a string or {\"id\", \"content\"}), found a boolean")
    #expect(error("{\"old\": [{\"content\": \"x\"}], \"new\": []}") == "$.old[0]: missing key \"id\"")
    #expect(error("{\"old\": [{\"id\": null}], \"new\": []}") == "$.old[0].id: expected a string or a number, found null")
    #expect(error("{\"old\": {\"sections\": [{\"id\": \"s\"}]}, \"new\": []}") == "$.old.sections[0]: missing key \"items\"")
    #expect(error("{\"old\": {\"sections\": [{\"id\": \"s\", \"items\": [], \"itms\": []}]}, \"new\": []}")
      == "$.old.sections[0]: unknown key \"itms\"")
    #expect(error("{\"old\": [\"a\", \"b\", \"a\"], \"new\": []}") == "$.old: duplicate item id \"a\" at [0, 0] and [0, 2]")
    #expect(error("{\"old\": [], \"new\": {\"sections\": [{\"id\": \"s\", \"items\": []}, {\"id\": \"s\", \"items\": []}]}}")
      == "$.new: duplicate section id \"s\" at sections 0 and 1")
    #expect(error("{\"name\": 3, \"old\": [], \"new\": []}") == "$.name: expected a string, found a number")
    #expect(error("{\"old\": [], \"new\": [], \"old\": []}")?.hasPrefix("invalid JSON at line 1") == true)
  }

  @Test func loadNamesTheFile() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UInt32.random(in: 0...UInt32.max)).json").path
    try "not json".write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    #expect(throws: CorpusError(file: file, message: "invalid JSON at line 1, column 1: invalid literal, expected 'null'")) {
      try CorpusCase.load(contentsOf: file)
    }
  }

  @Test func invalidUTF8() {
    #expect(throws: (any Error).self) { try CorpusCase.parse([0x7B, 0xFF, 0x7D]) }
  }
}

let corpusFolder: String = "/" + #filePath.split(separator: "/").dropLast(5).joined(separator: "/") + "/Corpus"
