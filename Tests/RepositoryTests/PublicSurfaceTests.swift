import Foundation
import Testing

/// The library's public face, held where it is written (issue 71): few
/// top-level names beside UIKit's own, no SPI, no deprecated names, and the
/// harness's modules apart from it unless they use its public API.
@Suite struct PublicSurfaceTests {
  /// UIKit's own names, given where UIKit is not: a screen's code written
  /// against UIKit compiles with them.
  static let uikitNames: Set = [
    "NSDiffableDataSourceSnapshot", "NSDiffableDataSourceSectionSnapshot", "NSDiffableDataSourceTransaction",
    "NSDiffableDataSourceSectionTransaction",
  ]
  static let mostTopLevelNames = 15

  static func sources(_ folder: String) throws -> [(path: String, text: String)] {
    let root = repositoryRoot + "/" + folder
    let paths = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".swift") }.sorted()
    return try paths.map { ($0, try String(contentsOfFile: root + "/" + $0, encoding: .utf8)) }
  }

  /// The names a file declares `public` at its top level (column 0, after
  /// any attributes).
  static func topLevelPublicNames(_ text: String) -> [String] {
    let declaration = #/^(?:@[\w.()*, ]+\s+)*public\s+(?:final\s+)?(?:struct|class|enum|protocol|typealias|func|let|var|actor)\s+(\w+)/#
    return text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
      (try? declaration.prefixMatch(in: line)).map { String($0.output.1) }
    }
  }

  @Test func fewTopLevelNamesBesideUIKits() throws {
    let names = Set(try Self.sources("Sources/SnapshotDiff").flatMap { Self.topLevelPublicNames($0.text) })
    let own = names.subtracting(Self.uikitNames).sorted()
    #expect(own.count <= Self.mostTopLevelNames, "\(own.count) top-level public names: \(own)")
    // What every app meets is there.
    #expect(names.isSuperset(of: ["Snapshot", "SectionSnapshot", "DiffStrategy", "Changeset", "DiffableDataSource"] + Self.uikitNames))
  }

  /// A planted top-level name is seen, attributes and all.
  @Test func aTopLevelNameIsSeenWhateverItsAttributes() {
    #expect(Self.topLevelPublicNames("@frozen public struct Planted {}\n  public struct Nested {}\n@inlinable public func planted() {}") == ["Planted", "planted"])
  }

  @Test func noSPIAndNoDeprecatedNames() throws {
    for (path, text) in try Self.sources("Sources/SnapshotDiff") {
      #expect(!text.contains("@_spi"), "\(path) declares SPI")
      #expect(!text.contains(#/@available\([^)]*deprecated/#), "\(path) declares a deprecated name")
    }
  }

  /// The harness's support, results and report modules use none of the
  /// library (its package hooks were why they imported it).
  @Test func theHarnessModulesWithoutTheLibraryDoNotImportIt() throws {
    for module in ["DiffSupport", "DiffResults", "DiffReport"] {
      for (path, text) in try Self.sources("Harness/Sources/" + module) {
        #expect(!text.contains(#/(?m)^(@\w+ )?import SnapshotDiff/#), "\(module)/\(path) imports SnapshotDiff")
      }
    }
  }
}
