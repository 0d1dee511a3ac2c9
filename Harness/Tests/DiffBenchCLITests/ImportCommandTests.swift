import DiffVerification
import Foundation
import Testing

/// The built `faulty-diffbench`: diffbench with the faulty strategies.
func faultyDiffbench(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
  try diffbench(arguments, executable: "faulty-diffbench")
}

@Suite struct ImportCommandTests {
  /// A saved input on which a strategy fails becomes a shrunk regression
  /// that verify replays: failing with the broken strategy, passing with
  /// the library's.
  @Test func aFailingInputBecomesAShrunkRegression() throws {
    // 30 items reversed: off-by-one's first move lands one place too far.
    let items = (0..<30).map { (id: "i\($0)", content: "") }
    let bytes = PairBytes.encode(
      old: SnapshotDraft(sections: [.init(id: "s", items: items)]),
      new: SnapshotDraft(sections: [.init(id: "s", items: items.reversed())]))
    let dir = try folder(["README": ""])
    try Data(bytes).write(to: URL(fileURLWithPath: dir + "/crash-abc"))
    let run = try faultyDiffbench(["import", "--strategy", "off-by-one", "--strategy", "hashmap", "--out", dir + "/regressions", dir + "/crash-abc"])
    #expect(run.status == 1, "\(run.err)")
    #expect(run.out.contains("FAIL off-by-one (rule 7)") || run.out.contains("FAIL off-by-one ("), "\(run.out)")
    let written = try FileManager.default.contentsOfDirectory(atPath: dir + "/regressions")
    #expect(written.count == 1 && written[0].hasPrefix("off-by-one-") && written[0].hasSuffix("-libfuzzer-crash-abc.json"), "\(written)")
    let file = dir + "/regressions/" + written[0]
    let shrunk = try CorpusCase.load(contentsOf: file)
    #expect(shrunk.old.numberOfItems + shrunk.new.numberOfItems <= 6)
    #expect(try faultyDiffbench(["verify", "--strategy", "off-by-one", file]).status == 1)
    #expect(try diffbench(["verify", file]).status == 0)
  }

  @Test func anInputNothingFailsOnWritesNothing() throws {
    let dir = try folder(["input": "\u{1}\u{3}"])
    let run = try diffbench(["import", "--out", dir + "/regressions", dir + "/input"])
    #expect(run.status == 0 && run.out.contains("nothing written"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/regressions"))
    let missing = try diffbench(["import", dir + "/missing"])
    #expect(missing.status == 2 && missing.err == "diffbench: \(dir)/missing: cannot be read\n")
  }

  @Test func seedsDecodeBackToTheCorpus() throws {
    let dir = try folder(["README": ""])
    let run = try diffbench(["seeds", dir + "/seeds", corpusFolder])
    #expect(run.status == 0)
    let seeds = try FileManager.default.contentsOfDirectory(atPath: dir + "/seeds")
    #expect(seeds.count == (try CorpusCase.files(at: [corpusFolder])).count)
  }
}
