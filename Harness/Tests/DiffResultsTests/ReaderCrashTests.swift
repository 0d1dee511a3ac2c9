import DiffResults
import DiffVerification
import Foundation
import Testing

/// Inputs the readers' fuzz target (make libfuzzer) found, kept: each must
/// give a one-line error, as any bad input must.
@Suite struct ReaderCrashTests {
  static let folder = "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/") + "/Fixtures/reader-crashes"

  @Test func aQuotedLineBreakInTheHeaderIsQuotedOnOneLine() throws {
    // The first byte picked the CSV reader.
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/csv-newline-in-header")).dropFirst())
    let text = try #require(String(validating: bytes, as: UTF8.self))
    #expect {
      try CSVReport.parse(text, file: "input")
    } throws: { error in
      "\(error)" == #"input:1, column 1: wrong header: "Set\n   ]" where "commit" belongs"#
    }
  }

  @Test func corpusErrorsQuotingInputStayOneLine() {
    #expect {
      try CorpusCase.parse(Array(#"{"old": [], "new": {"sections": [{"id": "a", "items": [], "x\ny": 1}]}}"#.utf8), file: "f")
    } throws: { error in
      "\(error)" == #"f: $.new.sections[0]: unknown key "x\ny""#
    }
  }
}
