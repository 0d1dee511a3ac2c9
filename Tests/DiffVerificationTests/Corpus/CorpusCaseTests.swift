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

let corpusFolder: String = "/" + #filePath.split(separator: "/").dropLast(4).joined(separator: "/") + "/Corpus"
