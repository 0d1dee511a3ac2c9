import DiffVerification
import Foundation

/// A fuzz run's figures and findings, as `fuzz --summary` writes them (JSON):
/// what a comparison reads, typed, instead of fuzz's printed lines.
package struct FuzzSummary: SummaryFile, Sendable, Equatable {
  package struct Finding: Codable, Sendable, Equatable {
    package var strategy: String
    package var kind: VerificationFailure.Kind
    /// The corpus file or trace it was written to.
    package var file: String
    package var failure: String
    /// Its kind's severity; `nil` for the yardstick's, and in a summary
    /// written before it was kept.
    package var severity: Severity?
  }

  package var strategies: [String]
  package var seed: UInt64
  package var seconds: Double
  package var pairs: UInt64
  /// Pairs and sessions a strategy was not run on (no sections).
  package var skipped: UInt64
  package var failures: Int
  /// The failures by severity; `nil` in a summary written before they were counted.
  package var severities: SeverityCounts?
  package var repeats: Int
  package var findings: [Finding]
  /// Pairs, sessions and worker seconds by id shape (``IDShape``'s names);
  /// `nil` in a summary written before they were counted.
  package var shapes: [String: ShapeFigures]?

  package init(_ report: FuzzReport, strategies: [String]) {
    self.strategies = strategies
    seed = report.seed
    seconds = report.seconds
    pairs = report.pairs
    skipped = report.skipped
    failures = report.failures
    severities = report.severities
    repeats = report.repeats
    shapes = Dictionary(uniqueKeysWithValues: report.byShape.map { ($0.key.description, $0.value) })
    findings = report.findings.map { Finding(strategy: $0.strategy, kind: $0.kind, file: $0.file, failure: $0.failure, severity: $0.kind.severity) }
  }

}

/// A verify run's verdicts, as `verify --summary` writes them (JSON): what
/// a history of releases reads, typed, instead of verify's printed lines.
package struct VerifySummary: SummaryFile, Sendable, Equatable {
  package struct Failure: Codable, Sendable, Equatable {
    package var file: String
    package var strategy: String
    package var kind: VerificationFailure.Kind
    package var failure: String
    /// Its kind's severity; `nil` for the yardstick's.
    package var severity: Severity?
  }

  package var strategies: [String]
  /// `--uikit`'s value: how item updates were performed.
  package var uikit: String
  package var passed = 0
  package var failed = 0
  package var severities = SeverityCounts()
  package var failures: [Failure] = []

  package init(strategies: [String], uikit: String) {
    self.strategies = strategies
    self.uikit = uikit
  }

  package mutating func record(_ file: String, _ strategy: String, _ failure: VerificationFailure?) {
    guard let failure else {
      passed += 1
      return
    }
    failed += 1
    severities.count(failure.kind)
    failures.append(Failure(file: file, strategy: strategy, kind: failure.kind, failure: failure.description, severity: failure.kind.severity))
  }

}

/// A run's summary as one JSON file (`fuzz --summary`, `verify --summary`),
/// written and read one way.
package protocol SummaryFile: Codable {}

extension SummaryFile {
  package func write(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    try encoder.encode(self).write(to: URL(fileURLWithPath: path))
  }

  package static func read(contentsOf path: String) throws -> Self {
    try JSONDecoder().decode(Self.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
  }
}
