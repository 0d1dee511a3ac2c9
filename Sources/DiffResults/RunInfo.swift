import DiffVerification
import Foundation

/// The facts a report row starts with.
public struct RunInfo: Sendable {
  public var commit: String
  public var date: String
  public var host: String
  public var toolchain: String
  public init(commit: String, date: String, host: String, toolchain: String) {
    self.commit = commit
    self.date = date
    self.host = host
    self.toolchain = toolchain
  }
}
