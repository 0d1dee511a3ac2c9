import DiffVerification
import Foundation
import SnapshotDiff
import Testing

/// Trace files (JSON Lines, one snapshot a line): read one snapshot at a
/// time, with errors naming the file, the line and the path inside it.
@Suite struct TraceTests {
  func read(_ text: String) throws(CorpusError) -> [TraceSnapshot] { try TraceReader.parse(Array(text.utf8), file: "t.jsonl") }
  /// One section, "main", of these ids.
  func list(_ ids: [String]) throws -> StringSnapshot {
    try StringSnapshot(sections: [StringSnapshot.Section("main", items: ids.map { StringSnapshot.Item($0) })])
  }

  @Test func linesAreSnapshotsBlankLinesSkipped() throws {
    let trace = try read("""
      {"name": "start", "sections": [{"id": "A", "items": ["a", {"id": "b", "content": "1"}]}]}

      ["x", "y"]
      {"sections": []}\r
      """)
    #expect(trace.map(\.line) == [1, 3, 4])
    #expect(trace.map(\.name) == ["start", nil, nil])
    #expect(trace[0].snapshot.itemIdentifiers == ["a", "b"] && trace[0].snapshot.allItems[1].content == "1")
    #expect(trace[1].snapshot.sectionIdentifiers == ["main"] && trace[2].snapshot.numberOfSections == 0)
  }

  @Test func badLinesNameTheLineAndThePath() {
    #expect(throws: CorpusError(file: "t.jsonl", message: "line 2: $.sections[0].items[1]: expected an item (a string or {\"id\", \"content\"}), found an array")) {
      try read("[\"a\"]\n{\"sections\": [{\"id\": \"A\", \"items\": [\"a\", []]}]}\n")
    }
    #expect(throws: CorpusError(file: "t.jsonl", message: "line 1: invalid JSON at column 6: unexpected character ']'")) { try read("[\"a\",]") }
    #expect(throws: CorpusError(file: "t.jsonl", message: "line 3: $: missing key \"sections\"")) { try read("[]\n[]\n{\"name\": \"x\"}") }
    #expect(throws: CorpusError(file: "t.jsonl", message: "line 1: $: duplicate item id \"a\" at [0, 0] and [0, 1]")) { try read("[\"a\", \"a\"]") }
    #expect(throws: CorpusError(file: "t.jsonl", message: "line 1: $: expected a snapshot ({\"sections\": […]} or an array of items), found a string")) {
      try read("\"a\"")
    }
  }

  @Test func aTraceIsReadInChunksNotWhole() throws {
    // More lines than one read: every snapshot arrives, in order.
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let line = "[" + (0..<2_000).map { "\"item-\($0)\"" }.joined(separator: ",") + "]\n"
    let count = (TraceReader.chunk / line.utf8.count) * 3
    try String(repeating: line, count: count).write(toFile: path, atomically: true, encoding: .utf8)
    var reader = try TraceReader(contentsOf: path)
    var seen = 0
    while let snapshot = try reader.next() {
      seen += 1
      #expect(snapshot.line == seen && snapshot.snapshot.numberOfItems == 2_000)
    }
    #expect(seen == count)
  }

  @Test func writtenTracesReadBack() throws {
    let snapshots = try read("""
      {"name": "a", "sections": [{"id": "S", "content": "c", "items": ["a"]}]}
      ["a", {"id": "b", "content": "2"}]
      {"name": "named shorthand", "sections": [{"id": "main", "items": ["b"]}]}
      """)
    let again = try read(TraceSnapshot.fileText(snapshots))
    #expect(again.map(\.snapshot) == snapshots.map(\.snapshot) && again.map(\.name) == snapshots.map(\.name))
  }

  @Test func aWalkCarriesTheStrategysOwnStateAndNamesTheApply() throws {
    let text = """
      {"name": "s0", "sections": [{"id": "A", "items": ["a", "b", "c"]}]}
      {"name": "s1", "sections": [{"id": "A", "items": ["c", "a", "b"]}]}
      {"name": "s2", "sections": [{"id": "A", "items": ["b", "c", "a"]}]}
      """
    var reader = TraceReader(bytes: Array(text.utf8), file: "t.jsonl")
    #expect(try Verifier.walk(Contender(Hashmap()), &reader) == nil)
    // The state passed to apply 2 is what apply 1's changeset made, not the recorded s1.
    var states: [StringSnapshot] = []
    reader = TraceReader(bytes: Array(text.utf8), file: "t.jsonl")
    let recorded = try read(text).map(\.snapshot)
    let failure = try Verifier.walk(&reader, traits: Hashmap().traits) { apply, old, new in
      states.append(old)
      // A changeset that leaves "b" where it was on apply 1: the walk goes on from there.
      var changeset = Hashmap().changeset(from: old, to: new)
      if apply == 1 { changeset = Changeset(stages: []) }
      return .success(changeset)
    }
    #expect(states.first == recorded[0])
    #expect(failure?.apply == 1 && failure?.name == "s1")
    #expect(failure?.description.hasPrefix("apply 1 (s1): wrong result") == true, "\(String(describing: failure))")
  }

  /// A share of a trace names the applies of the whole trace, and its
  /// first apply diffs from the strategy's own result of the apply before
  /// (walked, not reported): the earliest share's first failure is the
  /// whole walk's.
  @Test func aWalkCutIntoSharesFindsTheWholeWalksFirstFailure() throws {
    let snapshots = try (0..<9).map { k in TraceSnapshot(name: "s\(k)", snapshot: try list((0..<6).map { "\(($0 + k) % 6)" })) }
    let text = TraceSnapshot.fileText(snapshots)
    /// Walks `applies` with a changeset left empty on the applies `wrong`.
    func walk(_ applies: ClosedRange<Int>?, wrong: Set<Int> = [3, 6]) throws -> (failure: TraceFailure?, olds: [Int: StringSnapshot]) {
      var reader = TraceReader(bytes: Array(text.utf8), file: "t.jsonl")
      var olds: [Int: StringSnapshot] = [:]
      let failures = try Verifier.walk(&reader, traits: [Hashmap().traits], applies: applies) { _, apply, old, new in
        olds[apply] = old
        return .success(wrong.contains(apply) ? Changeset(stages: []) : Hashmap().changeset(from: old, to: new))
      }
      return (failures[0], olds)
    }
    #expect(try walk(nil).failure?.apply == 3)
    let first = try walk(1...4), second = try walk(5...8)
    #expect(first.failure?.apply == 3 && first.failure?.name == "s3")
    #expect(second.failure?.apply == 6 && second.failure?.name == "s6")
    #expect(first.olds.keys.sorted() == [1, 2, 3] && second.olds.keys.sorted() == [4, 5, 6])
    // The share's first apply is given the walk's own result of apply 4,
    // equal to the recorded snapshot.
    let recorded = try read(text).map(\.snapshot)
    #expect(second.olds[4] == recorded[3] && second.olds[5] == recorded[4])
    // A failure on the apply before a share belongs to the share before.
    #expect(try walk(5...8, wrong: [4]).failure == nil)
    #expect(try walk(1...4, wrong: [4]).failure?.apply == 4)
    // A share past the end walks nothing; one that runs past it stops there.
    #expect(try walk(10...12).olds.isEmpty)
    #expect(try walk(7...100).failure == nil)
  }

  /// Skipped lines are not read (a bad one among them is not reported),
  /// blank lines are not counted, and a later error still names its line.
  @Test func skipPassesOverSnapshotsUnread() throws {
    let text = "[\"a\"]\n\n  \n{not json\n[\"b\"]\n[\"c\"\n"
    var reader = TraceReader(bytes: Array(text.utf8), file: "t.jsonl")
    #expect(reader.skip(2) == 2)
    #expect(try reader.next()?.snapshot.itemIdentifiers == ["b"])
    #expect(throws: CorpusError(file: "t.jsonl", message: "line 6: invalid JSON at column 5: expected ',' or ']' in array, found the end of the input")) {
      try reader.next()
    }
    reader = TraceReader(bytes: Array(text.utf8), file: "t.jsonl")
    #expect(reader.skip(10) == 4)
    #expect(try reader.next() == nil)
    var made = TraceReader(snapshots: [TraceSnapshot(snapshot: try list(["x"]))])
    #expect(made.skip(3) == 1)
    #expect(try made.next() == nil)
  }

  /// A trace's applies: its non-blank lines but the first, counted without parsing.
  @Test func appliesAreNonBlankLinesButTheFirst() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("applies-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let long = "[\"" + String(repeating: "x", count: 3 << 20) + "\"]"  // a line across chunks
    let cases: [(String, Int)] = [
      ("", 0), ("[]", 0), ("[]\n[]", 1), ("[]\n[]\n", 1), ("[]\r\n \t\r\n\n[]\r\n[]", 2),
      ("\n\n  \n[]\n", 0), ("\(long)\n\(long)\n \n\(long)", 2), ("[]\n\(long)", 1),
    ]
    for (k, (text, applies)) in cases.enumerated() {
      let path = "\(folder)/\(k).jsonl"
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      #expect(TraceReader.applies(inFile: path) == applies, "case \(k)")
    }
    #expect(TraceReader.applies(inFile: "\(folder)/missing.jsonl") == nil)
  }
}
