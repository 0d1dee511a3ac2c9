@testable import DiffBenchCLI
import DiffResults
import Foundation
import Testing

/// The catalog's command table and CSV columns are the contract: a command,
/// an option or a column the code has and the documentation does not (or
/// the other way round) fails here.
@Suite struct DocumentationTests {
  static let article = corpusFolder.replacingOccurrences(of: "/Corpus", with: "/Sources/SnapshotDiff/SnapshotDiff.docc/Diffbench.md")

  /// What `--experimental-dump-help` says of the commands (ArgumentParser's
  /// tool-info JSON), the fields read here.
  struct ToolInfo: Decodable {
    struct Name: Decodable {
      var kind: String
      var name: String
    }
    struct Argument: Decodable {
      var kind: String
      var names: [Name]?
      var shouldDisplay: Bool?
    }
    struct Command: Decodable {
      var commandName: String
      var shouldDisplay: Bool?
      var arguments: [Argument]?
      var subcommands: [Command]?
    }
    var command: Command
  }

  /// The table's first cells: `diffbench verify [--strategy S]… PATH…`.
  static func tableCommands() throws -> [String] {
    let text = try String(contentsOfFile: article, encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("| `diffbench ") else { return nil }
      // The first cell, up to its closing backquote (a `\|` inside it is text).
      let cell = line.dropFirst(3)
      return cell.firstIndex(of: "`").map { String(cell[..<$0]) }
    }
  }

  @Test func theCommandTableNamesEveryCommandAndOption() throws {
    let run = try diffbench(["--experimental-dump-help"])
    #expect(run.status == 0)
    let info = try JSONDecoder().decode(ToolInfo.self, from: Data(run.out.utf8))
    let shown = (info.command.subcommands ?? []).filter { $0.shouldDisplay ?? true && $0.commandName != "help" }
    let rows = try Self.tableCommands()
    for command in shown {
      let row = rows.first { $0 == "diffbench \(command.commandName)" || $0.hasPrefix("diffbench \(command.commandName) ") }
      #expect(row != nil, "the command table has no row for `diffbench \(command.commandName)`")
      for argument in command.arguments ?? [] where argument.shouldDisplay ?? true {
        for name in argument.names ?? [] where name.kind == "long" && name.name != "help" {
          #expect(row?.contains("--\(name.name)") == true, "`diffbench \(command.commandName)`: --\(name.name) is not in its row: \(row ?? "")")
        }
      }
    }
    // And no row for a command that does not exist.
    let names = Set(shown.map(\.commandName))
    for row in rows {
      let name = String(row.dropFirst("diffbench ".count).prefix { $0 != " " })
      #expect(names.contains(name), "the command table documents `diffbench \(name)`, which does not exist")
    }
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
    for catalog in ["/Sources/SnapshotDiff/SnapshotDiff.docc", "/Sources/DiffBenchCLI/DiffBenchCLI.docc"] {
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
