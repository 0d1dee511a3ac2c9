import DiffVerification
import Foundation

/// A fuzz run's figures and findings, as `fuzz --summary` writes them (JSON):
/// what a comparison reads, typed, instead of fuzz's printed lines.
public struct FuzzSummary: Codable, Sendable, Equatable {
  public struct Finding: Codable, Sendable, Equatable {
    public var strategy: String
    public var kind: VerificationFailure.Kind
    /// The corpus file or trace it was written to.
    public var file: String
    public var failure: String
  }

  public var strategies: [String]
  public var seed: UInt64
  public var seconds: Double
  public var pairs: UInt64
  /// Pairs and sessions a strategy was not run on (no sections).
  public var skipped: UInt64
  public var failures: Int
  /// The failures by severity; `nil` in a summary written before they were counted.
  public var severities: SeverityCounts?
  public var repeats: Int
  public var findings: [Finding]

  public init(_ report: FuzzReport, strategies: [String]) {
    self.strategies = strategies
    seed = report.seed
    seconds = report.seconds
    pairs = report.pairs
    skipped = report.skipped
    failures = report.failures
    severities = report.severities
    repeats = report.repeats
    findings = report.findings.map { Finding(strategy: $0.strategy, kind: $0.kind, file: $0.file, failure: $0.failure) }
  }

  public func write(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    try encoder.encode(self).write(to: URL(fileURLWithPath: path))
  }

  public static func read(contentsOf path: String) throws -> FuzzSummary {
    try JSONDecoder().decode(FuzzSummary.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
  }
}
