import Foundation
import Testing

@Suite struct VerifyCommandTests {
  let good = #"{"name": "swap", "old": ["a", "b"], "new": ["b", "a"]}"#

  @Test func passingCorpus() throws {
    let run = try diffbench(["verify", corpusFolder])
    #expect(run.status == 0)
    #expect(run.out.hasSuffix(" passed, 0 failed\n"))
  }

  @Test func oneStrategyOneFile() throws {
    let dir = try folder(["swap.json": good])
    let run = try diffbench(["verify", "--strategy", "myers", dir + "/swap.json"])
    #expect(run.status == 0)
    #expect(run.out == "1 passed, 0 failed\n")
  }

  @Test func invalidFilesAreReportedAndSkipped() throws {
    let dir = try folder([
      "a/good.json": good,
      "a/not-json.json": "{\"old\": [",
      "a/wrong-shape.json": #"{"old": {"rows": []}, "new": []}"#,
      "a/duplicate.json": #"{"old": ["a", "a"], "new": []}"#,
      "a/empty.json": "",
      "a/b/nested.json": good,
      "a/notes.txt": "ignored",
    ])
    let run = try diffbench(["verify", dir])
    #expect(run.status == 2)
    #expect(run.out == "10 passed, 0 failed\n")  // two good files × five strategies
    let errors = run.err.split(separator: "\n").map(String.init)
    #expect(errors.count == 4)
    #expect(errors.contains("diffbench: \(dir)/a/not-json.json: invalid JSON at line 1, column 10: unexpected end of input, expected a value"))
    #expect(errors.contains("diffbench: \(dir)/a/wrong-shape.json: $.old: unknown key \"rows\" (a snapshot has only \"sections\")"))
    #expect(errors.contains("diffbench: \(dir)/a/duplicate.json: $.old: duplicate item id \"a\" at [0, 0] and [0, 1]"))
    #expect(errors.contains("diffbench: \(dir)/a/empty.json: empty file, expected a JSON object"))
  }

  @Test func missingPathIsInvalidInput() throws {
    let run = try diffbench(["verify", "/no/such/place"])
    #expect(run.status == 2)
    #expect(run.err == "diffbench: /no/such/place: no such file or folder\n")
  }

  @Test func usageErrorsExitTwo() throws {
    #expect(try diffbench(["verify"]).status == 2)
    let unknown = try diffbench(["verify", "--strategy", "quantum", corpusFolder])
    #expect(unknown.status == 2)
    #expect(unknown.err.contains("unknown strategy 'quantum'"))
    #expect(try diffbench(["frobnicate"]).status == 2)
  }

  @Test func listNamesStrategiesThenWorkloads() throws {
    let run = try diffbench(["list"])
    #expect(run.status == 0)
    let lines = run.out.split(separator: "\n").map(String.init)
    #expect(Array(lines.prefix(5)) == ["hashmap", "heckel", "myers", "naive", "stdlib"])
    #expect(lines.contains("dk-100k") && lines.contains("sections-10x10k") && lines.contains("identical-100k"))
    #expect(lines.count == 5 + 29)
    #expect(lines.contains("trace-chat") && lines.contains("int-100k") && lines.contains("shuffle-1m"))
  }
}
