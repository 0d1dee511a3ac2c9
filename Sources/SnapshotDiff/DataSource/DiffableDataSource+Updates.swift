extension ContentDiffableDataSource {
  /// What a collection view receives from one apply (``BatchUpdate/CollectionViewUpdate``).
  public typealias CollectionViewUpdate = BatchUpdate.CollectionViewUpdate
}

extension BatchUpdate {
  /// What a collection view receives from one apply: a full reload, or one
  /// `performBatchUpdates` block per stage of the changeset. Not generic:
  /// nested in the data source (with the error its apply throws), it was a
  /// type per data source type, and `list-to-empty`'s apply took 26,852
  /// instructions instead of 21,900 (counted).
  public enum CollectionViewUpdate: Hashable, Sendable {
    /// `reloadData()`: everything redrawn, nothing animated.
    case reloadData
    /// One `performBatchUpdates` block, its calls in the order UIKit documents.
    case batchUpdates([BatchUpdate.Call], animated: Bool)
  }
}

extension BatchUpdate.CollectionViewUpdate: CustomStringConvertible {
  /// The Swift a screen would run, a call a line.
  public var description: String {
    switch self {
    case .reloadData:
      return "collectionView.reloadData()"
    case let .batchUpdates(calls, animated):
      let opening = animated ? "collectionView.performBatchUpdates {" : "UIView.performWithoutAnimation { collectionView.performBatchUpdates {"
      return opening + "\n" + calls.map { "  \($0)\n" }.joined() + (animated ? "}" : "} }")
    }
  }
}

