import DiffVerification
import Foundation
import SnapshotDiff
import Testing

let changesetFixtures = "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/") + "/Fixtures/changesets"

/// `diff` prints changesets; `check` judges changesets from anywhere.
@Suite struct DiffAndCheckCommandTests {
  /// Every corpus file × every strategy: `diff --format json` piped into `check` passes.
  @Test func everyStrategysJSONPassesCheckOnEveryCorpusFile() throws {
    let dir = try folder(["README": ""])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for file in try CorpusCase.files(at: [corpusFolder]) {
      for strategy in Contenders.library.map(\.name) {
        let diff = try diffbench(["diff", "--strategy", strategy, "--format", "json", file])
        #expect(diff.status == 0, "\(file) \(strategy): \(diff.err)")
        let changeset = dir + "/changeset.json"
        try diff.out.write(toFile: changeset, atomically: true, encoding: .utf8)
        let check = try diffbench(["check", file, changeset])
        #expect(check.status == 0 && check.out.hasPrefix("ok: "), "\(file) \(strategy): \(check.out)\(check.err)")
      }
    }
  }

  @Test(arguments: 1...7)
  func eachRulesFixtureIsNamedByCheck(rule: Int) throws {
    let run = try diffbench(["check", changesetFixtures + "/case.json", changesetFixtures + "/rule-\(rule).json"])
    #expect(run.status == 1)
    #expect(run.out.contains(": crash: invalid stage: stage 0: rule \(rule): "), "\(run.out)")
    #expect(run.out.contains("; in UIKit: NSInternalInconsistencyException"), "\(run.out)")
    #expect(run.out.split(separator: "\n").count == 1)
  }

  @Test func aValidChangesetReachesTheTarget() throws {
    let run = try diffbench(["check", changesetFixtures + "/case.json", changesetFixtures + "/valid.json"])
    #expect(run.status == 0 && run.out == "ok: 1 stage reaches the target\n")
  }

  /// The hand-written example in the README (kept in the fixtures).
  @Test func theReadmesChangesetExamplePasses() throws {
    let run = try diffbench(["check", changesetFixtures + "/case.json", changesetFixtures + "/readme-example.json"])
    #expect(run.status == 0 && run.out == "ok: 2 stages reach the target\n")
  }

  @Test func aWrongResultExits1WithTheFirstDifference() throws {
    let run = try diffbench(["check", changesetFixtures + "/case.json", changesetFixtures + "/wrong-result.json"])
    #expect(run.status == 1)
    #expect(run.out == "\(changesetFixtures)/wrong-result.json: wrong screen: wrong result: item [1, 0]: \"b\", expected \"d\"; in UIKit: no exception: the screen shows other items or contents than the data\n")
  }

  @Test func aMalformedFileExits2NamingThePathInside() throws {
    let run = try diffbench(["check", changesetFixtures + "/case.json", changesetFixtures + "/malformed.json"])
    #expect(run.status == 2 && run.out.isEmpty)
    #expect(run.err == "diffbench: \(changesetFixtures)/malformed.json: $.stages[0].itemMoves[0].to: expected an index path [section, item], found an array\n")
  }

  @Test func diffPrintsUIKitCalls() throws {
    let run = try diffbench(["diff", "--format", "uikit", changesetFixtures + "/case.json"])
    #expect(run.status == 0)
    #expect(run.out == """
      // stage 0 (of 1, counted from 0): the data source now holds its result
      collectionView.performBatchUpdates {
        collectionView.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 2, section: 1))
      }

      """)
  }

  @Test func diffPrintsTextForPeople() throws {
    let run = try diffbench(["diff", "--strategy", "naive", changesetFixtures + "/case.json"])
    #expect(run.status == 0)
    #expect(run.out == """
      naive: 1 stage, 0 section ops, 1 deletes, 1 inserts, 0 moves, 0 updates; min_moves 1
      stage 0 (of 1, counted from 0)
        delete item [0, 1] "b"
        insert item [1, 2] "b"

      """)
  }

  @Test func diffRejectsBadInput() throws {
    let unknown = try diffbench(["diff", "--strategy", "nope", changesetFixtures + "/case.json"])
    #expect(unknown.status == 2 && unknown.err.contains("unknown strategy 'nope'"))
    let notACase = try diffbench(["diff", changesetFixtures + "/valid.json"])
    #expect(notACase.status == 2 && notACase.err.hasPrefix("diffbench: \(changesetFixtures)/valid.json: $: missing key \"old\""), "\(notACase.err)")
  }
}
