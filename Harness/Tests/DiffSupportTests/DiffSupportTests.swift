import DiffSupport
import Foundation
import Testing

/// A file is written whole or not at all; an error quoting input stays one line.
@Suite struct DiffSupportTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diffsupport-\(UUID().uuidString)").path

  func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
  func leftovers() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains(".tmp-") } }

  @Test func writesIntoAFolderItMakes() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/a/b.csv"
    try writeAtomically("one\n", to: path)
    #expect(contents(path) == "one\n")
    try writeAtomically("two\n", to: path)  // an old file is replaced
    #expect(contents(path) == "two\n")
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder + "/a")) ?? []) == ["b.csv"])
  }

  @Test func writesPiecesInOrder() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/rows.csv"
    try writeAtomically(to: path) { append in
      for row in ["a,b\n", "1,2\n", "3,4\n"] { append(row) }
    }
    #expect(contents(path) == "a,b\n1,2\n3,4\n")
    #expect(leftovers().isEmpty)
  }

  @Test func aFailedWriteKeepsTheOldFile() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/kept.csv"
    try writeAtomically("old\n", to: path)
    // A folder where the file goes: the rename fails, the old file is not
    // touched and no temporary file is left.
    let blocked = folder + "/blocked"
    try FileManager.default.createDirectory(atPath: blocked + "/inside", withIntermediateDirectories: true)
    #expect(throws: (any Error).self) { try writeAtomically("new\n", to: blocked) }
    #expect(throws: (any Error).self) { try writeAtomically(to: blocked) { $0("new\n") } }
    #expect(contents(path) == "old\n")
    #expect(leftovers().isEmpty)
  }

  @Test func oneLineEscapesControlCharacters() {
    #expect(oneLine("plain text, é and 💥") == "plain text, é and 💥")
    // As JSON escapes them, so that the line reads back as what was quoted.
    #expect(oneLine("a\nb\tc\r\u{1}") == #"a\nb\tc\r\u0001"#)
  }
}
