extension ContentDiffableDataSource {
  @usableFromInline package typealias ApplyError = _DataSourceError
}

/// Why an apply's changeset would crash the app or show the wrong list on a
/// device: what `apply` stops the program with, and what the harness's
/// checked apply (``ContentDiffableDataSource/_applyChecking(_:animatingDifferences:completion:)``)
/// throws, the data source left as it was. Not generic (a stage's error in
/// its words): thrown typed by every apply, a type nested in the data
/// source cost each apply its metadata.
@usableFromInline
package enum _DataSourceError: Swift.Error, Equatable, Sendable {
  /// The strategy's matching is malformed (its name, then what is wrong).
  case invalidMatching(strategy: String, Matching.Error)
  /// A stage breaks a batch update rule: UIKit raises
  /// `NSInternalInconsistencyException` here.
  case brokenStage(strategy: String, String)
  /// The stages apply but do not reach the snapshot: the screen would show
  /// the wrong list (where they first differ).
  case wrongResult(strategy: String, String)
}

extension _DataSourceError: CustomStringConvertible {
  @usableFromInline package var description: String {
    switch self {
    case let .invalidMatching(strategy, error): return "\(strategy): invalid matching: \(error)"
    case let .brokenStage(strategy, error): return "\(strategy): \(error)"
    case let .wrongResult(strategy, difference): return "\(strategy): the updates do not reach the snapshot: \(difference)"
    }
  }
}
