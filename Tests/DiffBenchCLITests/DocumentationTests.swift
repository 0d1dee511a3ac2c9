@testable import DiffBenchCLI
import DiffFuzzing
import DiffResults
import Foundation
import Testing

/// The catalog's command table and CSV columns are the contract: a command,
/// an option or a column the code has and the documentation does not (or
/// the other way round) fails here.
@Suite struct DocumentationTests {
  static let article = corpusFolder.replacingOccurrences(of: "/Corpus", with: "/Sources/DiffBenchCLI/DiffBenchCLI.docc/Diffbench.md")

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
      var defaultValue: String?
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

  /// The options table's rows (command, option, default), as written.
  static func defaultRows() throws -> [(command: String, option: String, value: String)] {
    let text = try String(contentsOfFile: article, encoding: .utf8)
    let section = try #require(text.range(of: "## Options and their defaults")).upperBound
    return text[section...].split(separator: "\n").prefix { !$0.hasPrefix("#") }.compactMap { line in
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3, cells[0].hasPrefix("`"), cells[1].hasPrefix("`--") else { return nil }
      func bare(_ cell: String) -> String { cell.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
      return (bare(cells[0]), bare(cells[1]), bare(cells[2]))
    }
  }

  /// Every default the code gives an option is the table's, and the table
  /// has no row the code does not: numbers compared as numbers, `the cores`
  /// as this machine's count. And the fuzz run's length without options.
  @Test func theOptionsTableGivesEveryDefault() throws {
    let run = try diffbench(["--experimental-dump-help"])
    let info = try JSONDecoder().decode(ToolInfo.self, from: Data(run.out.utf8))
    var code: [String: String] = [:]
    for command in info.command.subcommands ?? [] where command.shouldDisplay ?? true {
      for argument in command.arguments ?? [] where argument.shouldDisplay ?? true {
        guard let value = argument.defaultValue, let name = argument.names?.first(where: { $0.kind == "long" })?.name else { continue }
        code["\(command.commandName) --\(name)"] = value
      }
    }
    let rows = try Self.defaultRows()
    #expect(rows.count >= 15, "\(rows.count) rows read")
    var documented = Set<String>()
    for row in rows {
      let key = "\(row.command) \(row.option)"
      documented.insert(key)
      guard let value = code[key] else {
        Issue.record("the options table gives `\(key)` a default the code does not have")
        continue
      }
      if row.value == "the cores" {
        #expect(value == String(ProcessInfo.processInfo.activeProcessorCount), "\(key): \(value)")
      } else if let a = Double(row.value), let b = Double(value) {
        #expect(a == b, "\(key): the table says \(row.value), the code \(value)")
      } else {
        #expect(row.value == value, "\(key): the table says \(row.value), the code \(value)")
      }
    }
    for key in code.keys.sorted() where !documented.contains(key) {
      Issue.record("`\(key)` defaults to \(code[key]!) in the code, and the options table does not say so")
    }
    let text = try String(contentsOfFile: Self.article, encoding: .utf8)
    let pairs = FuzzConfiguration.defaultIterations.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
    #expect(text.contains("stops after\n\(pairs) pairs") || text.contains("stops after \(pairs) pairs"), "the fuzz run's default length, \(pairs) pairs")
  }

  /// Every relative link of the README, both catalogs, the guides and the
  /// other READMEs names a file that exists; every `<doc:…>` an article of
  /// its own catalog. (A link that leaves the repository, the CI badge's
  /// `../../actions/…`, is a GitHub route, not a file.)
  @Test func everyRelativeLinkResolves() throws {
    let root = corpusFolder.replacingOccurrences(of: "/Corpus", with: "")
    let fm = FileManager.default
    var files = ["README.md", "results/README.md", "Examples/RaceYourOwn/README.md", "Peers/Findings/README.md"]
    for folder in ["Sources/SnapshotDiff/SnapshotDiff.docc", "Sources/DiffBenchCLI/DiffBenchCLI.docc", "Guides"] {
      files += try fm.contentsOfDirectory(atPath: root + "/" + folder).filter { $0.hasSuffix(".md") }.map { folder + "/" + $0 }
    }
    let link = /\]\(([^)\s]+)\)/
    let doc = /<doc:([A-Za-z0-9_-]+)>/
    var checked = 0
    for file in files where fm.fileExists(atPath: root + "/" + file) {
      let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
      let folder = (file as NSString).deletingLastPathComponent
      for match in text.matches(of: link) {
        let target = String(match.1)
        if target.contains("://") || target.hasPrefix("#") || target.hasPrefix("mailto:") { continue }
        let path = String(target.prefix { $0 != "#" })
        let resolved = ((root + "/" + folder + "/" + path) as NSString).standardizingPath
        guard resolved.hasPrefix(root + "/") else { continue }  // a GitHub route
        checked += 1
        #expect(fm.fileExists(atPath: resolved), "\(file): [\(match.0)] names \(path), which does not exist")
      }
      if file.contains(".docc/") {
        for match in text.matches(of: doc) {
          checked += 1
          #expect(fm.fileExists(atPath: root + "/" + folder + "/" + match.1 + ".md"), "\(file): <doc:\(match.1)> is no article of this catalog")
        }
      }
    }
    #expect(checked >= 40, "\(checked) links checked")
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
