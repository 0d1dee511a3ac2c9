@testable import DiffBenchCLI
import DiffProcesses
import DiffFuzzing
import DiffResults
import Foundation
import Testing

/// The docs against what they describe: the CSV columns, the links, the
/// example command lines (the command reference: CommandReferenceTests).
@Suite struct DocumentationTests {
  static let article = corpusFolder.replacingOccurrences(of: "/Corpus", with: "/Harness/Sources/DiffBenchCLI/DiffBenchCLI.docc/Diffbench.md")

  static let root = corpusFolder.replacingOccurrences(of: "/Corpus", with: "")

  /// The Markdown files a reader meets: the READMEs, both catalogs, the guides.
  static func documents() throws -> [String] {
    let fm = FileManager.default
    var files = ["README.md", "results/README.md", "Examples/RaceYourOwn/README.md", "Examples/Sidebar/README.md", "Peers/Findings/README.md"]
    for folder in ["Sources/SnapshotDiff/SnapshotDiff.docc", "Harness/Sources/DiffBenchCLI/DiffBenchCLI.docc", "Guides"] {
      files += try fm.contentsOfDirectory(atPath: root + "/" + folder).filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
    }
    return files.filter { fm.fileExists(atPath: root + "/" + $0) }
  }

  /// A heading's anchor: its words joined by `-`, punctuation dropped (as
  /// GitHub and DocC both make it; compared without case).
  static func anchors(_ text: String) -> Set<String> {
    var found = Set<String>()
    for line in text.split(separator: "\n") where line.hasPrefix("#") {
      let title = line.drop { $0 == "#" }.filter { $0 != "`" && $0 != "*" }
      let words = title.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
      found.insert(words.joined(separator: "-"))
    }
    return found
  }

  /// Every relative link of the README, both catalogs, the guides and the
  /// other READMEs names a file that exists, and a `#section` of it that
  /// exists; every `<doc:…>` an article of its own catalog, and its
  /// `#section` a heading of it. (A link that leaves the repository, the CI
  /// badge's `../../actions/…`, is a GitHub route, not a file.)
  @Test func everyRelativeLinkResolves() throws {
    let root = Self.root
    let fm = FileManager.default
    let link = /\]\(([^)\s]+)\)/
    let doc = /<doc:([A-Za-z0-9_-]+)(?:#([A-Za-z0-9_-]+))?>/
    var checked = 0
    func section(_ anchor: Substring?, of path: String, from file: String, _ shown: String) throws {
      guard let anchor, path.hasSuffix(".md") else { return }
      let target = try String(contentsOfFile: path, encoding: .utf8)
      #expect(Self.anchors(target).contains(anchor.lowercased()), "\(file): \(shown): no heading of \(path.replacingOccurrences(of: root + "/", with: "")) has the anchor #\(anchor)")
    }
    for file in try Self.documents() {
      let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
      let folder = (file as NSString).deletingLastPathComponent
      for match in text.matches(of: link) {
        let target = String(match.1)
        if target.contains("://") || target.hasPrefix("mailto:") { continue }
        let path = String(target.prefix { $0 != "#" })
        let anchor = target.firstIndex(of: "#").map { target[target.index(after: $0)...] }
        let resolved = path.isEmpty ? root + "/" + file : ((root + "/" + folder + "/" + path) as NSString).standardizingPath
        guard resolved.hasPrefix(root + "/") else { continue }  // a GitHub route
        checked += 1
        #expect(fm.fileExists(atPath: resolved), "\(file): [\(match.0)] names \(path), which does not exist")
        if fm.fileExists(atPath: resolved) { try section(anchor, of: resolved, from: file, String(match.0)) }
      }
      if file.contains(".docc/") {
        for match in text.matches(of: doc) {
          checked += 1
          let article = root + "/" + folder + "/" + match.1 + ".md"
          #expect(fm.fileExists(atPath: article), "\(file): <doc:\(match.1)> is no article of this catalog")
          if fm.fileExists(atPath: article) { try section(match.2, of: article, from: file, String(match.0)) }
        }
      }
    }
    #expect(checked >= 40, "\(checked) links checked")
  }

  /// Every repository path the docs name in code voice exists: one that
  /// starts at the repository's root (`Sources/…`, `Guides/StagePlan.md`),
  /// or the tail of one (`Strategies/IDHash.swift`, `uikit-crashes/`).
  /// Left out: placeholders (`results/<commit>.csv`, `peers-*`), build
  /// output (`.build…`, and what git ignores), and another repository's
  /// files, which the docs name with the commit they were read at
  /// (`… at 75fe3fe`) or the repository (`… in google/oss-fuzz`).
  @Test func everyRepositoryPathNamedInTheDocsExists() throws {
    let root = Self.root
    let fm = FileManager.default
    let tracked = try #require(fm.enumerator(atPath: root)).compactMap { $0 as? String }
      .filter { !$0.hasPrefix(".build") && !$0.contains("/.build") && !$0.hasPrefix(".git/") }
    let folders = Set(tracked.filter { var d: ObjCBool = false; return fm.fileExists(atPath: root + "/" + $0, isDirectory: &d) && d.boolValue }.map { $0 + "/" })
    let files = Set(tracked).subtracting(folders.map { String($0.dropLast()) })
    let tops = Set(try fm.contentsOfDirectory(atPath: root).filter { !$0.hasPrefix(".build") })
    let named = /`([A-Za-z0-9_.+\/-]+)`( at [0-9a-f]{7}| in [A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+)?/
    let extensions = ["swift", "md", "sh", "py", "csv", "yml", "json", "jsonl", "dict", "html", "svg", "c", "h"]
    var checked = 0
    for document in try Self.documents() {
      let text = try String(contentsOfFile: root + "/" + document, encoding: .utf8)
      let folder = (document as NSString).deletingLastPathComponent
      for match in text.matches(of: named) where match.2 == nil {
        let path = String(match.1)
        guard path.contains("/"), !path.hasPrefix(".build"), !path.hasPrefix("/") else { continue }
        // A README in a package of its own names paths from its folder.
        if !folder.isEmpty, fm.fileExists(atPath: root + "/" + folder + "/" + path) {
          checked += 1
          continue
        }
        // What a command writes and git ignores (`results/report.html`).
        if try ChildProcess.run(["git", "check-ignore", "-q", path], directory: root).status == 0 { continue }
        let first = String(path.prefix { $0 != "/" })
        let isFolder = path.hasSuffix("/")
        let ext = (path as NSString).pathExtension
        if tops.contains(first) {
          checked += 1
          #expect(fm.fileExists(atPath: root + "/" + path), "\(document): `\(path)` does not exist")
        } else if isFolder || extensions.contains(ext) {
          checked += 1
          let found = isFolder ? folders.contains { $0.hasSuffix("/" + path) } : files.contains { $0.hasSuffix("/" + path) }
          #expect(found, "\(document): `\(path)` is no path in the repository")
        }
      }
    }
    #expect(checked >= 40, "\(checked) paths checked")
  }

  @Test func theDocumentedCSVColumnsAreTheWritersHeader() throws {
    let text = try String(contentsOfFile: Self.article, encoding: .utf8)
    let section = try #require(text.range(of: "## CSV report")).upperBound
    let block = try #require(text[section...].range(of: "```\n")).upperBound
    let header = text[block...].prefix { $0 != "\n" }
    #expect(header.split(separator: ",").map(String.init) == CSVReport.names)
  }

  /// Every `$ diffbench …` example in the README and both catalogs is a
  /// valid command line; where its output is deterministic (`verify`,
  /// `diff`, `check`, `list`), it is run from the repository's root and
  /// prints what the example shows, up to a `…` line.
  @Test func everyExampleCommandParsesAndTheDeterministicOnesPrintWhatTheyShow() throws {
    let root = corpusFolder.replacingOccurrences(of: "/Corpus", with: "")
    var files = [root + "/README.md"]
    for catalog in ["/Sources/SnapshotDiff/SnapshotDiff.docc", "/Harness/Sources/DiffBenchCLI/DiffBenchCLI.docc"] {
      files += try FileManager.default.contentsOfDirectory(atPath: root + catalog).filter { $0.hasSuffix(".md") }.map { root + catalog + "/" + $0 }
    }
    var examples = 0, run = 0
    for file in files {
      var inBlock = false
      var current: (command: [String], expected: [String])?
      func finish() throws {
        guard let (command, expected) = current else { return }
        current = nil
        examples += 1
        #expect(throws: Never.self, "\(file): diffbench \(command.joined(separator: " "))") { _ = try DiffBench.parseAsRoot(command) }
        guard let name = command.first, ["verify", "diff", "check", "list"].contains(name) else { return }
        run += 1
        let result = try diffbench(command, in: root)
        let shown = expected.prefix { $0 != "…" }
        let printed = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(printed.prefix(shown.count)) == Array(shown), "\(file): diffbench \(command.joined(separator: " ")) printed:\n\(result.out)")
      }
      for line in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("```") {
          try finish()
          inBlock.toggle()
          continue
        }
        guard inBlock else { continue }
        if line.hasPrefix("$ diffbench ") {
          try finish()
          current = (line.dropFirst("$ diffbench ".count).split(separator: " ").map(String.init), [])
        } else if line.hasPrefix("$ ") {
          try finish()
        } else if current != nil {
          current?.expected.append(String(line))
        }
      }
      try finish()
    }
    #expect(examples >= 7 && run >= 4, "\(examples) examples, \(run) run")
  }
}
