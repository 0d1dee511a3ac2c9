/// Why ``DiffableDataSource/apply(_:animatingDifferences:completion:)``
/// refused a snapshot: the batch updates its strategy made would crash the
/// app or show the wrong list on a device. The data source is left as it was.
public enum DataSourceError: Error, Equatable, Sendable {
  /// The strategy's matching is malformed (its name, then what is wrong).
  case invalidMatching(strategy: String, MatchingError)
  /// A stage breaks a batch update rule: UIKit raises
  /// `NSInternalInconsistencyException` here.
  case brokenStage(strategy: String, ChangesetError)
  /// The stages apply but do not reach the snapshot: the screen would show
  /// the wrong list (where they first differ).
  case wrongResult(strategy: String, String)
  /// A section snapshot applied, an expansion or a reorder that UIKit
  /// would refuse (raise on): an item another section holds, an item or
  /// path not found, or `canReorderItem` said no.
  case invalidEdit(SnapshotEditError)
}

extension DataSourceError: CustomStringConvertible {
  public var description: String {
    switch self {
    case let .invalidMatching(strategy, error): return "\(strategy): invalid matching: \(error)"
    case let .brokenStage(strategy, error): return "\(strategy): \(error)"
    case let .wrongResult(strategy, difference): return "\(strategy): the updates do not reach the snapshot: \(difference)"
    case let .invalidEdit(error): return "\(error)"
    }
  }
}
