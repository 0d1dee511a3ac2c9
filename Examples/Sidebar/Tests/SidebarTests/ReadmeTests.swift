import SnapshotDiff
import Testing

@Test func pagingInsertsTheNextTwentyRows() {
  let dataSource = DiffableDataSource<String, String>()  // UIKit: (collectionView:cellProvider:)
  var snapshot = NSDiffableDataSourceSnapshot<String, String>()
  snapshot.appendSections(["feed"])
  snapshot.appendItems((1...20).map { "post \($0)" })
  dataSource.apply(snapshot, animatingDifferences: false)

  snapshot.appendItems((21...40).map { "post \($0)" })
  let updates = dataSource.apply(snapshot)  // the batch a UICollectionView would get
  #expect(updates == [.batchUpdates([.insertItems((20..<40).map { ItemPath(section: 0, item: $0) })], animated: true)])
}
