import Foundation
import Testing
import Yams

let repositoryRoot = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")

/// A workflow file parsed as YAML, with the shape GitHub Actions requires.
struct Workflow {
  let file: String
  let root: [String: Any]

  init(_ name: String) throws {
    file = repositoryRoot + "/.github/workflows/" + name
    let text = try String(contentsOfFile: file, encoding: .utf8)
    root = try #require(try Yams.load(yaml: text) as? [String: Any], "\(name): not a YAML mapping")
  }

  var triggers: [String: Any] { (root["on"] as? [String: Any]) ?? [:] }
  var jobs: [String: [String: Any]] { (root["jobs"] as? [String: [String: Any]]) ?? [:] }

  /// A job's steps, each as `run` text or `uses` action.
  func steps(_ job: String) -> [[String: Any]] { (jobs[job]?["steps"] as? [[String: Any]]) ?? [] }
  func runs(_ job: String) -> [String] { steps(job).compactMap { $0["run"] as? String } }
  func uses(_ job: String) -> [String] { steps(job).compactMap { $0["uses"] as? String } }
}

@Suite struct WorkflowTests {
  @Test func ciRunsTheReadmeCommandsOnLinuxAndTheTestsOnMacOS() throws {
    let ci = try Workflow("ci.yml")
    #expect(ci.root["name"] as? String == "CI")
    #expect(Set(ci.triggers.keys).isSuperset(of: ["push", "pull_request"]))
    #expect(Set(ci.jobs.keys) == ["linux", "macos"])
    for (name, job) in ci.jobs {
      // Every job names a runner, has steps, each step one `run` or one `uses`.
      #expect(job["runs-on"] is String, "\(name)")
      #expect(!ci.steps(name).isEmpty, "\(name)")
      for step in ci.steps(name) { #expect((step["run"] == nil) != (step["uses"] == nil), "\(name): \(step)") }
      #expect(ci.uses(name).first?.hasPrefix("actions/checkout@") == true, "\(name)")
      let cache = try #require(ci.steps(name).first { ($0["uses"] as? String)?.hasPrefix("actions/cache@") == true }, "\(name)")
      #expect((cache["with"] as? [String: Any])?["path"] as? String == ".build", "\(name)")
    }
    #expect((ci.jobs["linux"]?["runs-on"] as? String)?.hasPrefix("ubuntu") == true)
    #expect(ci.runs("linux").starts(with: ["make test", "make example"]))
    #expect(ci.runs("linux").contains { $0.hasPrefix("make compare BASE=") } && ci.runs("linux").contains("make perf-check"))
    #expect((ci.jobs["macos"]?["runs-on"] as? String)?.hasPrefix("macos") == true)
    #expect(ci.runs("macos").contains("swift build --build-tests"))
    #expect(ci.runs("macos").contains { $0.hasPrefix("swift test") })
  }

  @Test func clusterFuzzLiteFuzzesPullRequestsInBatchesAndPrunes() throws {
    for (file, mode, scheduled) in [("cflite_pr.yml", "code-change", false), ("cflite_batch.yml", "batch", true), ("cflite_cron.yml", "prune", true)] {
      let workflow = try Workflow(file)
      #expect((workflow.triggers["schedule"] != nil) == scheduled, "\(file)")
      let job = try #require(workflow.jobs.keys.first, "\(file)")
      #expect(workflow.uses(job).map { $0.components(separatedBy: "@")[0] } == [
        "google/clusterfuzzlite/actions/build_fuzzers", "google/clusterfuzzlite/actions/run_fuzzers",
      ], "\(file)")
      let run = try #require(workflow.steps(job).last?["with"] as? [String: Any], "\(file)")
      #expect(run["mode"] as? String == mode, "\(file)")
      let build = try #require(workflow.steps(job).first?["with"] as? [String: Any], "\(file)")
      #expect(build["language"] as? String == "swift", "\(file)")
    }
  }

  @Test func theReadmeShowsTheBadge() throws {
    let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
    #expect(readme.contains("actions/workflows/ci.yml/badge.svg"))
  }

  @Test func everyWorkflowParsesWithJobsAndTriggers() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/.github/workflows").filter { $0.hasSuffix(".yml") }
    #expect(names.contains("ci.yml"))
    for name in names {
      let workflow = try Workflow(name)
      #expect(!workflow.triggers.isEmpty && !workflow.jobs.isEmpty, "\(name)")
    }
  }
}
