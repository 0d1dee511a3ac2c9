import DiffVerification
import Foundation
import SnapshotDiff
import Testing

@Suite struct ChangesetFileTests {
  @Test func updatesAreTheFilesElseTheCallersAndWrittenBack() throws {
    let reload = try ChangesetFile.parse(Array(#"{"updates": "reload", "stages": []}"#.utf8))
    #expect(reload.updates == .reload)
    let unsaid = try ChangesetFile.parse(Array(#"{"stages": []}"#.utf8), updates: .reload)
    #expect(unsaid.updates == .reload)
    #expect(try ChangesetFile.parse(Array(ChangesetFile.text(reload).utf8), updates: .reconfigure) == reload)
    #expect(throws: CorpusError.self) { try ChangesetFile.parse(Array(#"{"updates": "replace", "stages": []}"#.utf8)) }
  }

  @Test func readsTheSpecExampleAndWritesItBack() throws {
    let text = #"""
      {"source": "DiffUtil", "stages": [
        {"sectionDeletes": [2],
         "sectionInserts": [{"index": 0, "id": "s9", "content": "x", "items": ["a", {"id": "b", "content": "y"}]}],
         "sectionMoves": [{"from": 1, "to": 3}],
         "sectionUpdates": [{"index": 0, "content": "z"}],
         "itemDeletes": [[0, 1]],
         "itemInserts": [{"path": [0, 2], "id": "c", "content": "w"}],
         "itemMoves": [{"from": [0, 1], "to": [1, 0]}],
         "itemUpdates": [{"path": [0, 0], "content": 5}]},
        {}
      ]}
      """#
    let changeset = try ChangesetFile.parse(Array(text.utf8))
    #expect(changeset.stages.count == 2 && changeset.stages[1].isEmpty)
    let stage = changeset.stages[0]
    #expect(stage.sectionDeletes == [2])
    #expect(stage.sectionInserts[0].section == StringSnapshot.Section("s9", content: "x", items: [.init("a", content: ""), .init("b", content: "y")]))
    #expect(stage.sectionMoves == [BatchUpdate.Move(from: 1, to: 3)])
    #expect(stage.itemMoves == [BatchUpdate.Move(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 0))])
    #expect(stage.itemUpdates[0].content == "5")  // a number reads as its text
    #expect(stage.itemInserts[0].item == StringSnapshot.Item("c", content: "w"))
    // Written and read again, it is the same changeset.
    #expect(try ChangesetFile.parse(Array(ChangesetFile.text(changeset).utf8)) == changeset)
  }

  @Test(arguments: [
    (#"[]"#, "$: expected an object with \"stages\", found an array"),
    (#"{"stages": {}}"#, "$.stages: expected an array, found an object"),
    (#"{"stages": [{"itemDelete": [[0, 0]]}]}"#, "$.stages[0]: unknown key \"itemDelete\" (a stage has sectionDeletes, sectionInserts, sectionMoves, sectionUpdates, itemDeletes, itemInserts, itemMoves, itemUpdates)"),
    (#"{"stages": [{"itemDeletes": [[0, 0.5]]}]}"#, "$.stages[0].itemDeletes[0][1]: expected an integer index, found a number that is not an integer"),
    (#"{"stages": [{"itemInserts": [{"path": [0, 0]}]}]}"#, "$.stages[0].itemInserts[0]: missing key \"id\""),
    (#"{"stages": [{"sectionMoves": [{"from": 0, "to": 1, "by": 2}]}]}"#, "$.stages[0].sectionMoves[0]: unknown key \"by\""),
    (#"{"stages": [}"#, "invalid JSON at line 1, column 13: unexpected character '}'"),
  ])
  func badFilesAreNamedWithThePathInside(text: String, message: String) {
    #expect(throws: CorpusError(file: "x.json", message: message)) { try ChangesetFile.parse(Array(text.utf8), file: "x.json") }
  }

  /// An index past 32 bits (an `ItemPath` holds no more) is read, not
  /// trapped on, and is still out of range: rule 1.
  @Test(arguments: ["[0, 5000000000]", "[5000000000, 0]", "[0, -5000000000]"])
  func indexesPastThirtyTwoBitsAreRuleOne(path: String) throws {
    let changeset = try ChangesetFile.parse(Array(#"{"stages": [{"itemDeletes": [\#(path)]}]}"#.utf8))
    let old = try StringSnapshot(sections: [.init("A", items: [.init("a")])])
    #expect(Verifier.check(changeset, from: old, to: old)?.kind == .rule(1))
  }

  @Test func negativeIndexesAreReadSoThatCheckCanCallThemRuleOne() throws {
    let changeset = try ChangesetFile.parse(Array(#"{"stages": [{"itemDeletes": [[0, -1]]}]}"#.utf8))
    let old = try StringSnapshot(sections: [.init("A", items: [.init("a")])])
    #expect(Verifier.check(changeset, from: old, to: old)?.kind == .rule(1))
  }
}
