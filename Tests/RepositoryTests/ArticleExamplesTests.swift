import Foundation
import Testing

/// The docs' Swift examples, compiled and run as a package outside this
/// one: every ```swift block of the README, both catalogs and the Guides is
/// copied, as written, into `Examples/Articles/Sources/articles/main.swift`,
/// a client package that sees the public API only (no `@testable`, no
/// `package` access, no SPI); `make test` builds and runs it. A `print` in
/// an example shows what it prints in a comment, on its line or on the
/// comment lines right below it; the generated code prints it and fails
/// when it differs. A block whose line before is `<!-- not compiled: … -->`
/// says why it cannot be (UIKit's API); one that calls `DiffBench.main` is
/// compiled and not run (it never returns).
///
/// This test fails when the articles' examples are not the generated file's,
/// so that an article edited is an example compiled again:
/// `make article-examples` writes the file anew.
@Suite struct ArticleExamplesTests {
  static let file = "Examples/Articles/Sources/articles/main.swift"

  static var articles: [String] {
    ["README.md"] + catalog("Sources/SnapshotDiff/SnapshotDiff.docc") + catalog("Harness/Sources/DiffBenchCLI/DiffBenchCLI.docc")
      + catalog("Guides")
  }

  static func catalog(_ folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/" + folder)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
  }

  /// A ```swift block: its lines, and the article's line number of the first.
  struct Block {
    var lines: [String]
    var firstLine: Int
  }

  /// The ```swift blocks of an article; those marked
  /// `<!-- not compiled: … -->` left out.
  static func blocks(_ text: String) -> [Block] {
    var blocks: [Block] = [], current: Block?, previous = ""
    for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
      if current == nil, line == "```swift", !previous.hasPrefix("<!-- not compiled:") {
        current = Block(lines: [], firstLine: k + 2)
      } else if current != nil, line == "```" {
        blocks.append(current!)
        current = nil
      } else if current != nil {
        current!.lines.append(line)
      }
      if !line.isEmpty { previous = line }
    }
    return blocks
  }

  /// What went wrong in an example as written: a `print` that shows no output.
  struct ExampleError: Error, CustomStringConvertible {
    var description: String
  }

  /// A block's lines with each `print(x)` made `try printed(x, shows: …)`:
  /// the output its comment shows, on its line (`print(x)  // [1, 2]`) or
  /// on the comment lines right below it.
  static func checkingPrints(_ block: Block, in article: String) throws(ExampleError) -> [String] {
    var out: [String] = []
    var k = 0
    let lines = block.lines
    while k < lines.count {
      let line = lines[k]
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("print("), let close = line.range(of: ")", options: .backwards, range: line.startIndex..<(line.range(of: "//")?.lowerBound ?? line.endIndex)) else {
        out.append(line)
        k += 1
        continue
      }
      let indent = String(line.prefix { $0 == " " })
      let argument = line[line.range(of: "print(")!.upperBound..<close.lowerBound]
      // The output on the print's line, or on the comment lines below it.
      var shown: [String] = [], below = 0
      if let comment = line.range(of: "//") {
        shown = [line[comment.upperBound...].trimmingCharacters(in: .whitespaces)]
      } else {
        while k + 1 + below < lines.count, lines[k + 1 + below].drop(while: { $0 == " " }).hasPrefix("// ") {
          shown.append(String(lines[k + 1 + below].drop { $0 == " " }.dropFirst(3)))
          below += 1
        }
      }
      guard !shown.isEmpty else {
        throw ExampleError(description: "\(article):\(block.firstLine + k): a print that does not show its output in a comment")
      }
      let literal = shown.joined(separator: "\n").debugDescription
      out.append("\(indent)try printed(\(argument), shows: \(literal), at: \"\(article):\(block.firstLine + k)\")")
      out += lines[(k + 1)..<(k + 1 + below)]
      k += 1 + below
    }
    return out
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

  static func generated() throws -> String {
    var imports: Set<String> = ["Foundation"], body = "", run: [String] = []
    for article in articles {
      let text = try String(contentsOfFile: repositoryRoot + "/" + article, encoding: .utf8)
      let stem = (article as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: "")
      for (k, block) in blocks(text).enumerated() {
        for line in block.lines where line.hasPrefix("import ") { imports.insert(String(line.dropFirst("import ".count))) }
        let name = stem.prefix(1).uppercased() + stem.dropFirst().filter { $0.isLetter || $0.isNumber } + "Example\(k + 1)"
        if !block.lines.contains(where: { $0.contains("DiffBench.main(") }) { run.append(name) }
        body += "\n" + namespace(name, try checkingPrints(block, in: article), source: "\(article), example \(k + 1).")
      }
    }
    var text = """
      // Generated from the docs' examples by ArticleExamplesTests
      // (`make article-examples`): edit the article, not this file.
      // swift-format-ignore-file

      """
    text += imports.sorted().map { "import \($0)" }.joined(separator: "\n") + "\n" + body
    text += """

      /// What an example printed differs from what its article shows.
      struct Mismatch: Error, CustomStringConvertible {
        var description: String
      }

      /// Prints `value` as `print` does, and throws when the article shows other output.
      func printed<T>(_ value: T, shows expected: String, at place: String) throws {
        let text = "\\(value)"
        print(text)
        if text != expected { throw Mismatch(description: "\\(place): printed\\n\\(text)\\nwhere the article shows\\n\\(expected)") }
      }

      var failed = 0
      for example in [\(run.map { "\($0).run" }.joined(separator: ", "))] as [() throws -> Void] {
        do { try example() } catch {
          print("error: \\(error)")
          failed += 1
        }
      }
      print("\\(failed == 0 ? "ok" : "FAILED"): \(run.count) examples run, \\(failed) failed")
      exit(failed == 0 ? 0 : 1)

      """
    return text
  }

  @Test func theGeneratedExamplesAreTheArticles() throws {
    let expected = try Self.generated()
    let path = repositoryRoot + "/" + Self.file
    if ProcessInfo.processInfo.environment["UPDATE_ARTICLE_EXAMPLES"] == "1" {
      try expected.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let written = try? String(contentsOfFile: path, encoding: .utf8)
    #expect(written == expected, "\(Self.file) is not the articles' examples: run `make article-examples`")
  }

  /// A print whose output the article does not show is refused, and one
  /// that shows it is checked by the generated code.
  @Test func aPrintWithoutItsOutputIsRefusedAndOneWithItIsChecked() throws {
    let bare = Block(lines: ["let x = 1", "print(x)"], firstLine: 10)
    #expect(throws: ExampleError.self) { try Self.checkingPrints(bare, in: "A.md") }
    let inline = Block(lines: ["  print(x.map(\\.path))   // [[1, 2]]"], firstLine: 10)
    #expect(try Self.checkingPrints(inline, in: "A.md") == [#"  try printed(x.map(\.path), shows: "[[1, 2]]", at: "A.md:10")"#])
    let below = Block(lines: ["print(u)", "// a", "// b", "assert(true)"], firstLine: 3)
    #expect(
      try Self.checkingPrints(below, in: "A.md") == [#"try printed(u, shows: "a\nb", at: "A.md:3")"#, "// a", "// b", "assert(true)"])
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
