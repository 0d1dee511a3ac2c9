import SnapshotDiff

/// Every pair up to a size, once up to renaming: the space the stage
/// oracles are proven on (`diffbench stages`).
///
/// The old snapshot names its sections `A`, `B`, … and its items `a`, `b`,
/// … in order; the new one takes any sections and items in any order, ids
/// it adds named in order after the old ones. Each kept item and section
/// either keeps its content or changes it, in every combination.
package enum SmallPairs {
  /// Calls `body` with each pair of at most `sections` sections and
  /// `items` items a side, and returns how many there were.
  @discardableResult
  package static func forEach(sections: Int, items: Int, _ body: (StringSnapshot, StringSnapshot) -> Void) -> Int {
    let sectionPool = (0...sections).map { String(UnicodeScalar(UInt8(65 + $0))) }
    let itemPool = (0...items).map { String(UnicodeScalar(UInt8(97 + $0))) }
    var count = 0
    for s in 0...sections {
      for n in 0...(s == 0 ? 0 : items) {
        for oldLayout in layouts(Array(sectionPool[0..<s]), Array(itemPool[0..<n])) {
          for newSections in sequences(sectionPool, upTo: sections, firstNew: s) {
            for newItems in sequences(itemPool, upTo: newSections.isEmpty ? 0 : items, firstNew: n) {
              for newLayout in layouts(newSections, newItems) {
                let keptItems = newItems.filter(itemPool[0..<n].contains)
                let keptSections = newSections.filter(sectionPool[0..<s].contains)
                for changes in 0..<(1 << (keptItems.count + keptSections.count)) {
                  func changed(_ k: Int) -> Bool { changes & (1 << k) != 0 }
                  let old = snapshot(oldLayout) { _ in nil }
                  let new = snapshot(newLayout) { id in
                    if let k = keptItems.firstIndex(of: id), changed(k) { return "1" }
                    if let k = keptSections.firstIndex(of: id), changed(keptItems.count + k) { return "1" }
                    return nil
                  }
                  body(old, new)
                  count += 1
                }
              }
            }
          }
        }
      }
    }
    return count
  }

  static func snapshot(_ layout: [(id: String, items: [String])], content: (String) -> String?) -> StringSnapshot {
    try! StringSnapshot(sections: layout.map { section in
      StringSnapshot.Section(section.id, content: content(section.id), items: section.items.map { StringSnapshot.Item($0, content: content($0) ?? "0") })
    })
  }

  /// The ids in `sections`, each with a run of `items` in order (empty runs too).
  static func layouts(_ sections: [String], _ items: [String]) -> [[(id: String, items: [String])]] {
    guard let first = sections.first else { return items.isEmpty ? [[]] : [] }
    if sections.count == 1 { return [[(first, items)]] }
    return (0...items.count).flatMap { k in
      layouts(Array(sections.dropFirst()), Array(items[k...])).map { [(first, Array(items[..<k]))] + $0 }
    }
  }

  /// Ordered selections of distinct ids from `pool`, of at most `limit`,
  /// where ids from `pool[firstNew...]` appear in pool order, with none skipped.
  static func sequences(_ pool: [String], upTo limit: Int, firstNew: Int) -> [[String]] {
    var result: [[String]] = [[]]
    func extend(_ prefix: [String], nextNew: Int) {
      guard prefix.count < limit else { return }
      for (k, id) in pool.enumerated() where !prefix.contains(id) && (k < firstNew || k == nextNew) {
        let sequence = prefix + [id]
        result.append(sequence)
        extend(sequence, nextNew: k == nextNew ? nextNew + 1 : nextNew)
      }
    }
    extend([], nextNew: firstNew)
    return result
  }
}
