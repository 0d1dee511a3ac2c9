@testable import DiffFuzzing
import Foundation
import Testing

@Suite struct CorpusVerifierAppliesTests {
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
      #expect(CorpusVerifier.applies(inTrace: path) == applies, "case \(k)")
    }
    #expect(CorpusVerifier.applies(inTrace: "\(folder)/missing.jsonl") == nil)
  }
}
