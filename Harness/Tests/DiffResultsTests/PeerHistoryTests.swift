@testable import DiffResults
import Foundation
import Testing

/// `results/peers-history-PEER.csv`: read strictly, as the bench reports are.
@Suite struct PeerHistoryTests {
  static let header = "peer,release,uikit,built,manifest,crash,wrong_screen,cost,first_kind,first_finding,x_floor,note,kinds"

  @Test func aBuiltAndAnUnbuiltReleaseRoundTrip() throws {
    let text = Self.header + "\n"
      + "dk,0.3.0,ios13,true,written,875,0,4327,crash: wrong count,Peers/History/dk/a.json,14.86,,crash: wrong count=Peers/History/dk/a.json; crash: rule 6=Peers/History/dk/b.json\n"
      + "dk,0.7.0,ios13,false,written,,,,,,,\"lib/Sources/S.swift:46:1: error: circular reference, here\",\n"
    let rows = try PeerHistoryFile.parse(text, file: "h.csv")
    #expect(rows.count == 2)
    #expect(rows[0].built && rows[0].crash == 875 && rows[0].harmful == 875 && rows[0].timesFloor == 14.86)
    #expect(!rows[1].built && rows[1].crash == nil && rows[1].harmful == nil && rows[1].timesFloor == nil)
    #expect(rows[1].note.hasSuffix("circular reference, here") && rows[1].kinds.isEmpty)
    #expect(rows[0].kinds.split(separator: "; ").map { $0.split(separator: "=")[0] } == ["crash: wrong count", "crash: rule 6"])
    #expect(PeerHistoryFile.text(rows) == text)
  }

  @Test(arguments: [
    ("dk,0.3.0,ios13,yes,written,1,0,0,,,2.0,,", "h.csv:2, column built: \"yes\" is not true or false"),
    ("dk,0.3.0,ios13,true,written,-1,0,0,,,2.0,,", "h.csv:2, column crash: \"-1\" is not a count"),
    ("dk,0.3.0,ios13,true,written,1,0,0,,,fast,,", "h.csv:2, column x_floor: \"fast\" is not a ratio above 0"),
    ("dk,,ios13,true,written,1,0,0,,,2.0,,", "h.csv:2, column release: empty"),
    ("dk,0.3.0,ios13,true", "h.csv:2: 4 fields, expected 13"),
  ])
  func badRowsAreNamed(row: String, expected: String) {
    do {
      _ = try PeerHistoryFile.parse(Self.header + "\n" + row + "\n", file: "h.csv")
      Issue.record("read: \(row)")
    } catch {
      #expect(error.description == expected)
    }
  }

  /// Every committed release table reads.
  @Test func theCommittedTablesRead() throws {
    let results = "/" + #filePath.split(separator: "/").dropLast(4).joined(separator: "/") + "/results"
    let files = try FileManager.default.contentsOfDirectory(atPath: results).filter(PeerHistoryFile.isHistory)
    #expect(!files.isEmpty)
    for file in files {
      let rows = try PeerHistoryFile.read(contentsOf: results + "/" + file)
      #expect(!rows.isEmpty, "\(file)")
      #expect(rows.allSatisfy { $0.built == ($0.crash != nil) }, "\(file): a built release has its findings, an unbuilt one none")
    }
  }
}
