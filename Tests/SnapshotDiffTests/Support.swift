import DiffVerification
import SnapshotDiff

typealias Snap = Snapshot<String, String, String>
typealias TestStage = Changeset<String, String, String>.Stage

/// A snapshot from a compact description: `[("s", ["a", "b"]), …]`.
func snap(_ sections: [(String, [String])]) -> Snap {
  try! Snap(sections: sections.map { Snap.Section($0.0, items: $0.1.map { Snap.Item($0) }) })
}

/// One section "main".
func list(_ ids: [String]) -> Snap { snap([("main", ids)]) }

func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

/// UIKit's index path, as a data source takes it.
func indexPath(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

/// The folder `Corpus/` of this package.
let corpusFolder: String = {
  var url = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
  url = "/" + url + "/Corpus"
  return url
}()
