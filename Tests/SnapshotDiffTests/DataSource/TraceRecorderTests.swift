import DiffVerification
import Foundation
import SnapshotDiff
import Testing

typealias Recorder = ContentDiffableDataSource<String, String, String>.TraceRecorder

@Suite struct TraceRecorderTests {
  func temporaryPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).jsonl").path
  }

  /// `s` as a trace reads it back: a missing content reads as empty (FileFormats).
  func asRead(_ s: Snap) -> Snap {
    try! Snap(sections: s.sections.map { section in
      Snap.Section(section.id, content: section.content ?? "", items: section.items.map { Snap.Item($0.id, content: $0.content ?? "") })
    })
  }

  @Test func recordedSnapshotsReadBackAsTheTraceReaderSeesThem() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let awkward = try Snap(sections: [
      .init("quote \" and \\ back", content: "grid", items: [.init("line\nbreak", content: "tab\there"), .init("plain")]),
      .init("empty"),
    ])
    let shorthand = list(["a", "b"])
    let recorder = try Recorder(path: path)
    try recorder.record(awkward, name: "first")
    try recorder.record(shorthand)
    #expect(recorder.count == 2)
    recorder.close()
    let read = try TraceReader.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
    #expect(read.map(\.name) == ["first", nil])
    #expect(read.map(\.snapshot) == [awkward, shorthand].map(asRead))
  }

  /// An outline screen records its visible rows: each expand and collapse
  /// is a line, and the trace verifies like any other session.
  @Test func anOutlineScreenRecordsItsVisibleRows() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let source = ContentDiffableDataSource<String, String, String>()
    try source.startRecording(to: Recorder(path: path))
    var outline = SectionSnapshot<String, String>()
    outline.append(["Library", "Playlists"])
    outline.append(["Artists", "Albums"], to: "Library")
    source.apply(outline, to: "sidebar")
    source.expand("Library")
    source.collapse("Library")
    source.stopRecording()
    let read = try TraceReader.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
    #expect(read.map { $0.snapshot.itemIdentifiers } == [[], ["Library", "Playlists"], ["Library", "Artists", "Albums", "Playlists"], ["Library", "Playlists"]])
    for strategy in Contenders.library {
      for (old, new) in zip(read, read.dropFirst()) {
        #expect(Verifier.verify(strategy, from: old.snapshot, to: new.snapshot) == nil, "\(strategy.name)")
      }
    }
  }

  @Test func theDataSourceRecordsWhereItStartsAndEachApply() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let source = ContentDiffableDataSource<String, String, String>()
    source.apply(list(["a"]))
    try source.startRecording(to: try Recorder(path: path))
    source.apply(list(["a", "b"]))
    source.applySnapshotUsingReloadData(list(["c"]))
    source.stopRecording()
    source.apply(list(["d"]))
    let read = try TraceReader.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
    #expect(read.map(\.snapshot) == [list(["a"]), list(["a", "b"]), list(["c"])].map(asRead))
    #expect(read.map(\.name) == ["start", "apply 1", "apply 2"])
    #expect(source.recordingError == nil)
  }

  @Test func idsWrittenAlikeAreRefused() throws {
    struct Twin: Hashable, CustomStringConvertible {
      var n: Int
      var description: String { "same" }
    }
    var s = Snapshot<String, Twin, String>()
    s.appendSections(["main"])
    s.appendItems([Twin(n: 1), Twin(n: 2)])
    #expect(throws: ContentDiffableDataSource<String, Twin, String>.TraceRecorder.Error.ambiguousIdentifier("item", "same")) { try s.traceLine() }
  }

  @Test func anUnwritablePathIsAnErrorNamingIt() {
    #expect(throws: Recorder.Error.cannotWrite("/nonexistent-dir/t.jsonl", "No such file or directory")) {
      try Recorder(path: "/nonexistent-dir/t.jsonl")
    }
    let recorder = try? Recorder(path: "/dev/null")
    recorder?.close()
    #expect(throws: Recorder.Error.cannotWrite("/dev/null", "the recorder is closed")) { try recorder?.record(list(["a"])) }
  }
}
