import Foundation

/// The facts a report row starts with.
package struct RunInfo: Sendable {
  package var commit: String
  package var date: String
  package var host: String
  package var toolchain: String
  package init(commit: String, date: String, host: String, toolchain: String) {
    self.commit = commit
    self.date = date
    self.host = host
    self.toolchain = toolchain
  }
}
