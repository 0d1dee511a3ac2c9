import Foundation
import Testing

/// The articles' Swift examples, compiled and run from the articles
/// themselves: every ```swift block of the two catalogs and the README is
/// copied, as written, into a generated test file (the library's are run by
/// `SnapshotDiffTests`, the harness's compiled by `DiffBenchCLITests`:
/// `DiffBench.main` never returns). A block whose line before is
/// `<!-- not compiled: … -->` says why it cannot be (UIKit's API).
///
/// This test fails when an article's examples are not the generated file's,
/// so that an article edited is an example compiled again:
/// `make article-examples` writes the files anew.
@Suite struct ArticleExamplesTests {
  struct Target {
    var file: String
    var articles: [String]
    var run: Bool
    var imports: [String]
  }

  static let targets = [
    Target(
      file: "Tests/SnapshotDiffTests/ArticleExamples.swift",
      articles: catalog("Sources/SnapshotDiff/SnapshotDiff.docc"), run: true, imports: ["SnapshotDiff", "Testing"]),
    Target(
      file: "Tests/DiffBenchCLITests/ArticleExamples.swift",
      articles: ["README.md"] + catalog("Sources/DiffBenchCLI/DiffBenchCLI.docc"), run: false, imports: ["DiffBenchCLI"]),
  ]

  static func catalog(_ folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/" + folder)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
  }

  /// The ```swift blocks of an article, each as its lines; those marked
  /// `<!-- not compiled: … -->` left out.
  static func blocks(_ text: String) -> [[String]] {
    var blocks: [[String]] = [], current: [String]?, previous = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if current == nil, line == "```swift", !previous.hasPrefix("<!-- not compiled:") {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!)
        current = nil
      } else if current != nil {
        current!.append(line)
      }
      if !line.isEmpty { previous = line }
    }
    return blocks
  }

  /// A block as a caseless enum: its declarations as they are, its
  /// statements the body of `run()`.
  static func namespace(_ name: String, _ lines: [String], source: String) -> String {
    var declarations: [String] = [], statements: [String] = []
    var depth = 0, inDeclaration = false
    let starts = ["struct ", "enum ", "class ", "final class ", "extension ", "func ", "protocol ", "@"]
    for line in lines where !line.hasPrefix("import ") {
      if depth == 0 { inDeclaration = starts.contains { line.hasPrefix($0) } }
      if inDeclaration { declarations.append(line) } else { statements.append(line) }
      depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
    }
    func indented(_ lines: [String], _ by: String) -> String {
      let trimmed = lines.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed()
      return trimmed.map { $0.isEmpty ? "" : by + $0 }.joined(separator: "\n")
    }
    let types = indented(declarations, "  ")
    return """
      /// \(source)
      enum \(name) {
      \(types.isEmpty ? "" : types + "\n\n")  static func run() throws {
      \(indented(statements, "    "))
        }
      }

      """
  }

  static func generated(_ target: Target) throws -> String {
    var imports = Set(target.imports), body = "", names: [String] = []
    for article in target.articles {
      let text = try String(contentsOfFile: repositoryRoot + "/" + article, encoding: .utf8)
      let stem = (article as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: "")
      for (k, block) in blocks(text).enumerated() {
        for line in block where line.hasPrefix("import ") { imports.insert(String(line.dropFirst("import ".count))) }
        let name = stem.prefix(1).uppercased() + stem.dropFirst().filter { $0.isLetter || $0.isNumber } + "Example\(k + 1)"
        names.append(name)
        body += "\n" + namespace(name, block, source: "\(article), example \(k + 1).")
      }
    }
    var text = """
      // Generated from the articles' examples by ArticleExamplesTests
      // (`make article-examples`): edit the article, not this file.
      // swift-format-ignore-file

      """
    text += imports.sorted().map { "import \($0)" }.joined(separator: "\n") + "\n" + body
    if target.run {
      text += "\n@Suite struct ArticleExamples {\n"
      for name in names {
        text += "  @Test func \(name.prefix(1).lowercased() + name.dropFirst())() throws { try \(name).run() }\n"
      }
      text += "}\n"
    }
    return text
  }

  @Test(arguments: targets.map(\.file))
  func theGeneratedExamplesAreTheArticles(file: String) throws {
    let target = try #require(Self.targets.first { $0.file == file })
    let expected = try Self.generated(target)
    let path = repositoryRoot + "/" + file
    if ProcessInfo.processInfo.environment["UPDATE_ARTICLE_EXAMPLES"] == "1" {
      try expected.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let written = try? String(contentsOfFile: path, encoding: .utf8)
    #expect(written == expected, "\(file) is not the articles' examples: run `make article-examples`")
    #expect(expected.contains("static func run()"), "no example found in \(target.articles)")
  }

  /// A README block marked `<!-- not compiled: it is PATH, … -->` is
  /// that file, verbatim: the file is compiled and run as a client
  /// package's (`make example`), so the README shows code that runs.
  @Test func readmeBlocksNamedAsExampleFilesAreThoseFiles() throws {
    let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var checked = 0
    for (k, line) in lines.enumerated() where line.hasPrefix("<!-- not compiled: it is ") {
      let path = String(line.dropFirst("<!-- not compiled: it is ".count).prefix { $0 != "," })
      #expect(lines[k + 1] == "```swift", "\(path)")
      let end = lines[(k + 2)...].firstIndex(of: "```") ?? lines.count
      let block = lines[(k + 2)..<end].joined(separator: "\n") + "\n"
      let file = try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
      #expect(block == file, "README's block differs from \(path)")
      checked += 1
    }
    #expect(checked >= 1)
  }
}
