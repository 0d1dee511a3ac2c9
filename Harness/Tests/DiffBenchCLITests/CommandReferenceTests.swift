import DiffProcesses
import Foundation
import Testing

/// The command reference is generated from the commands: what
/// `diffbench --experimental-dump-help` says of each (swift-argument-parser's
/// tool-info JSON) written as one DocC article. A changed option, default,
/// help text or exit status is a reference that differs from the committed
/// one, and fails here until `make reference` writes it anew.
@Suite struct CommandReferenceTests {
  static let article = corpusFolder.replacingOccurrences(
    of: "/Corpus", with: "/Harness/Sources/DiffBenchCLI/DiffBenchCLI.docc/CommandReference.md")

  /// The fields of the tool-info JSON (serialization version 0) read here.
  struct ToolInfo: Decodable {
    struct Name: Decodable {
      var kind: String
      var name: String
    }
    struct Argument: Decodable {
      var kind: String
      var names: [Name]?
      var valueName: String?
      var abstract: String?
      var isOptional: Bool
      var isRepeating: Bool
      var shouldDisplay: Bool?
      var defaultValue: String?
      var allValues: [String]?
    }
    struct Command: Decodable {
      var commandName: String
      var abstract: String?
      var discussion: String?
      var shouldDisplay: Bool?
      var arguments: [Argument]?
      var subcommands: [Command]?
    }
    var command: Command
  }

  /// The article for the tool `info` describes.
  static func reference(_ info: ToolInfo) -> String {
    let tool = info.command.commandName
    var text = """
      # Command reference

      Every `\(tool)` command: its arguments, their defaults and its exit status.

      <!-- Generated from `\(tool) --experimental-dump-help` by CommandReferenceTests (`make reference`): edit the commands' definitions, not this file. -->

      \(prose(info.command.abstract ?? ""))

      \(info.command.discussion.map(prose) ?? "")

      """
    for command in info.command.subcommands ?? [] where command.shouldDisplay ?? true && command.commandName != "help" {
      let arguments = (command.arguments ?? []).filter { $0.shouldDisplay ?? true && $0.valueName != "help" }
      text += "\n## \(tool) \(command.commandName)\n\n"
      text += prose(command.abstract ?? "") + "\n\n"
      text += "```\n\(([tool, command.commandName] + arguments.map(usage)).joined(separator: " "))\n```\n\n"
      if let discussion = command.discussion { text += prose(discussion) + "\n\n" }
      if !arguments.isEmpty {
        for argument in arguments {
          var line = "- term `\(spelling(argument))`: \(prose(argument.abstract ?? ""))"
          if let values = argument.allValues, !values.isEmpty {
            line += " Values: " + values.map { "`\($0)`" }.joined(separator: ", ") + "."
          }
          if let value = argument.defaultValue { line += " Default: `\(value)`." }
          text += line + "\n"
        }
        text += "\n"
      }
    }
    return text.replacingOccurrences(of: "\n\n\n", with: "\n\n").trimmingCharacters(in: .newlines) + "\n"
  }

  /// An argument as the usage line shows it.
  static func usage(_ argument: ToolInfo.Argument) -> String {
    var shown = spelling(argument)
    if argument.isRepeating { shown += " …" }
    return argument.isOptional ? "[\(shown)]" : shown
  }

  /// `--name <value>`, `--flag` or `<value>`.
  static func spelling(_ argument: ToolInfo.Argument) -> String {
    let value = "<\(argument.valueName ?? "value")>"
    guard let name = argument.names?.first(where: { $0.kind == "long" }) ?? argument.names?.first else { return value }
    let dashes = name.kind == "short" ? "-" : "--"
    return argument.kind == "flag" ? dashes + name.name : "\(dashes)\(name.name) \(value)"
  }

  /// Help text as Markdown: `<` outside code spans escaped (DocC would
  /// read `<commit>` as HTML), each line of the help a paragraph.
  static func prose(_ text: String) -> String {
    var out = "", inCode = false
    for character in text {
      if character == "`" { inCode.toggle() }
      if character == "<" && !inCode { out += "\\" }
      out.append(character)
    }
    return out.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: "\n\n")
  }

  /// What the commands say of themselves.
  static func toolInfo() throws -> ToolInfo {
    let run = try diffbench(["--experimental-dump-help"])
    #expect(run.status == 0, "\(run.err)")
    return try JSONDecoder().decode(ToolInfo.self, from: Data(run.out.utf8))
  }

  @Test func theCommittedReferenceIsWhatTheCommandsSay() throws {
    let expected = Self.reference(try Self.toolInfo())
    if ProcessInfo.processInfo.environment["UPDATE_REFERENCE"] == "1" {
      try expected.write(toFile: Self.article, atomically: true, encoding: .utf8)
    }
    let written = try? String(contentsOfFile: Self.article, encoding: .utf8)
    #expect(written == expected, "CommandReference.md is not what the commands say: run `make reference`")
  }

  /// Each command states its exit statuses once, in its own definition,
  /// on one line of its help that starts `Exit status:`.
  @Test func everyCommandStatesItsExitStatus() throws {
    let info = try Self.toolInfo()
    let shown = (info.command.subcommands ?? []).filter { $0.shouldDisplay ?? true && $0.commandName != "help" }
    #expect(shown.count >= 10)
    for command in shown {
      let lines = (command.discussion ?? "").split(separator: "\n").filter { $0.hasPrefix("Exit status: 0") }
      #expect(lines.count == 1, "diffbench \(command.commandName): \(lines.count) `Exit status: 0…` lines in its discussion")
    }
  }

  /// What the reference shows is what a run does: the defaults the
  /// generated article gives are those the parsed commands hold.
  @Test func aDefaultChangedInTheCodeChangesTheReference() throws {
    var info = try Self.toolInfo()
    let before = Self.reference(info)
    let stages = try #require(info.command.subcommands?.firstIndex { $0.commandName == "stages" })
    let items = try #require(info.command.subcommands?[stages].arguments?.firstIndex { $0.valueName == "items" })
    #expect(info.command.subcommands?[stages].arguments?[items].defaultValue == "3")
    info.command.subcommands?[stages].arguments?[items].defaultValue = "4"
    #expect(Self.reference(info) != before)
  }
}
