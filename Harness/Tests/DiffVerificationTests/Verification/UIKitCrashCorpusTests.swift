import DiffVerification
import Foundation
import SnapshotDiff
import Testing

/// `Corpus/uikit-crashes/`: batches that crashed UIKit in public reports,
/// each with its source, the exception, and the batch that fixed it. The
/// referee must flag each batch with the rule and severity of its report
/// under every target it crashed on, in UIKit's words as the report quotes
/// them, pass it under the others, and pass the fix under all.
@Suite struct UIKitCrashCorpusTests {
  static let folder = "/" + #filePath.split(separator: "/").dropLast(5).joined(separator: "/") + "/Corpus/uikit-crashes"

  struct Report: Sendable, CustomTestStringConvertible {
    var name: String
    var crashesOn: [String]
    var kind: String
    var severity: String
    /// UIKit's reason as the report quotes it, and whose words it is in.
    var exception: String
    var view: BatchUpdate.View
    var testDescription: String { name }
  }

  static var reports: [Report] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".changeset.json") }.sorted().compactMap { file in
      guard let data = FileManager.default.contents(atPath: folder + "/" + file),
        let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
      else { return nil }
      return Report(
        name: String(file.dropLast(5)), crashesOn: json["uikit"] as? [String] ?? [], kind: json["kind"] as? String ?? "",
        severity: json["severity"] as? String ?? "", exception: json["exception"] as? String ?? "",
        view: (json["view"] as? String).flatMap(BatchUpdate.View.init(rawValue:)) ?? .collectionView)
    }
  }

  @Test func holdsAtLeastTenReportsEachWithItsSource() throws {
    let reports = Self.reports
    #expect(reports.count >= 10)
    for report in reports {
      let data = try #require(FileManager.default.contents(atPath: "\(Self.folder)/\(report.name).json"))
      let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      for key in ["source", "report", "exception"] {
        #expect((json[key] as? String)?.isEmpty == false, "\(report.name): no \(key)")
      }
      #expect(!report.crashesOn.isEmpty, "\(report.name): crashes on no target")
    }
  }

  @Test(arguments: reports)
  func flagsTheBatchAndPassesTheFix(_ report: Report) throws {
    let pair = try CorpusCase.load(contentsOf: "\(Self.folder)/\(report.name).json")
    for target in ["ios13", "ios15"] {
      let updates: BatchUpdate.UpdateKind = target == "ios13" ? .reload : .reconfigure
      let batch = try ChangesetFile.load(contentsOf: "\(Self.folder)/\(report.name).batch.changeset.json", updates: updates)
      let fix = try ChangesetFile.load(contentsOf: "\(Self.folder)/\(report.name).fix.changeset.json", updates: updates)
      let failure = Verifier.check(batch, from: pair.old, to: pair.new)
      if report.crashesOn.contains(target) {
        let found = try #require(failure, "\(report.name) passes --uikit \(target)")
        #expect(found.kind.description == report.kind, "\(report.name) --uikit \(target): \(found)")
        #expect(found.severity?.rawValue == report.severity, "\(report.name) --uikit \(target): \(found)")
        // In UIKit's words as the report quotes them, on the release the
        // report was made on (the first target it lists; a report may stop
        // where UIKit's reason goes on, so it is a prefix of the verdict's).
        if target == report.crashesOn.first {
          let words = found.inUIKit(view: report.view)
          #expect(words.contains("\"" + report.exception), "\(report.name): \(words)")
        }
      } else {
        #expect(failure == nil, "\(report.name) --uikit \(target): \(failure.map(String.init(describing:)) ?? "")")
      }
      #expect(Verifier.check(fix, from: pair.old, to: pair.new) == nil, "\(report.name)'s fix --uikit \(target)")
    }
  }
}
