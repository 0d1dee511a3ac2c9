import ArgumentParser
import DiffVerification
import Foundation
import SnapshotDiff

struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Print the changeset one strategy produces for a corpus case.",
    discussion: """
      Formats: `text` for people (a stage a paragraph, an operation a line with its id), `json` \
      the changeset file `check` reads, `uikit` each stage as the \
      performBatchUpdates block a UICollectionView would receive.
      Exit status: 0, 1 the strategy gave no changeset (a malformed matching), 2 invalid input or usage.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json, uikit
  }

  @Option(help: "The strategy (default: hashmap).")
  var strategy: String = Hashmap().name

  @Option(help: "text, json or uikit.")
  var format: Format = .text

  @OptionGroup var uikit: UIKitOption

  @Argument(help: "A corpus case (JSON).")
  var file: String

  func validate() throws {
    if Contenders.named(strategy) == nil {
      throw ValidationError("unknown strategy '\(strategy)'; known: \(Contenders.names.joined(separator: ", "))")
    }
  }

  func run() throws {
    let pair = try loadCase(file)
    let changeset: StringChangeset
    let contender = Contenders.named(strategy)!
    switch Verifier.changeset(contender, from: pair.old, to: pair.new, updates: uikit.updates) {
    case .success(let made): changeset = made
    case .failure(let failure) where failure.kind == .wrongCount || failure.kind == .wrongResult:
      // Only a glue whose data disagrees with its batches fails here: the
      // batches are still what UIKit receives, so they are shown.
      printError("\(file): \(strategy): \(failure.withSeverity)")
      changeset = Verifier.performed(
        contender.changeset(from: pair.old, to: pair.new), by: contender.traits, for: uikit.updates, from: pair.old)
    case .failure(let failure):
      printError("\(file): \(strategy): \(failure)")
      throw ExitCode(1)
    }
    switch format {
    case .json: print(ChangesetFile.text(changeset), terminator: "")
    case .uikit: print(ChangesetPrinter.uikit(changeset, from: pair.old, to: pair.new), terminator: "")
    case .text:
      let c = changeset.counts
      print("\(strategy): \(c.stages) stage\(c.stages == 1 ? "" : "s"), \(c.sectionOperations) section ops, \(c.deletes) deletes, \(c.inserts) inserts, \(c.moves) moves, \(c.updates) updates; min_moves \(StringSnapshot.minimumMoves(from: pair.old, to: pair.new))")
      print(ChangesetPrinter.text(changeset, from: pair.old, to: pair.new), terminator: "")
    }
  }
}

struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Apply a changeset from anywhere to a corpus case's old snapshot and judge it.",
    discussion: """
      Each stage is held to the seven rules of a batch update (the Changesets and batch update rules article of the docs), then the result is \
      compared with the case's new snapshot. The changeset file is JSON (the File formats article; `diff --format \
      json` writes one). Prints `ok: N stages reach the target`, or one line: the severity \
      (`crash`, `wrong screen`), the stage and the rule (`stage 1: rule 4: …`) or the first position where the \
      result differs, and what UIKit does: its exception's reason in UIKit's words, with its \
      numbers, where a public report gives them (the words and their sources are the Batch update \
      rules article's table), or that UIKit raises none. Updates are performed as the \
      changeset file's `"updates"` says, else as --uikit says.
      Exit status: 0 valid and reaches the target, 1 it does not, 2 invalid input or usage.
      """)

  @Argument(help: "The corpus case (JSON).") var file: String
  @Argument(help: "The changeset (JSON, as `diff --format json` prints).") var changeset: String
  @OptionGroup var uikit: UIKitOption
  @Option(help: "Whose words UIKit's reason takes: collection (UICollectionView: \"item\") or table (UITableView: \"row\").")
  var view: BatchUpdate.View = .collectionView

  func run() throws {
    let pair = try loadCase(file)
    let changes: StringChangeset
    do {
      changes = try ChangesetFile.load(contentsOf: changeset, updates: uikit.updates)
    } catch {
      printError(error.description)
      throw ExitCode(2)
    }
    if let failure = Verifier.check(changes, from: pair.old, to: pair.new) {
      // One line: the severity, the failure, and what UIKit does with it.
      print("\(changeset): \(failure.withSeverity); in UIKit: \(failure.inUIKit(view: view))")
      throw ExitCode(1)
    }
    print("ok: \(changes.stages.count) stage\(changes.stages.count == 1 ? "" : "s") reach\(changes.stages.count == 1 ? "es" : "") the target")
  }
}

extension BatchUpdate.View: ExpressibleByArgument {}
