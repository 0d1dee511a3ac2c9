extension Snapshot {
  /// The first position where this snapshot differs from `target`, described
  /// (`item [1, 3]: "p4", expected "p5"`); `nil` when they are equal. Marks
  /// are not compared, as with `==`.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public func firstDifference(to target: Self) -> String? {
    func text(_ content: Content?) -> String { content.map { "\"\($0)\"" } ?? "none" }
    for s in 0..<max(numberOfSections, target.numberOfSections) {
      guard s < numberOfSections else { return "section \(s): missing, expected \"\(target.sectionIdentifiers[s])\"" }
      guard s < target.numberOfSections else { return "section \(s): \"\(sectionIdentifiers[s])\" is extra" }
      if sectionIdentifiers[s] != target.sectionIdentifiers[s] {
        return "section \(s): \"\(sectionIdentifiers[s])\", expected \"\(target.sectionIdentifiers[s])\""
      }
      if sectionContent(at: s) != target.sectionContent(at: s) {
        return "section \(s) content: \(text(sectionContent(at: s))), expected \(text(target.sectionContent(at: s)))"
      }
      let got = itemRange(ofSection: s)
      let want = target.itemRange(ofSection: s)
      for k in 0..<max(got.count, want.count) {
        let here = ItemPath(_inSnapshot: s, item: k)
        guard k < got.count else { return "item \(here): missing, expected \"\(target._items[want.lowerBound + k].id)\"" }
        guard k < want.count else { return "item \(here): \"\(_items[got.lowerBound + k].id)\" is extra" }
        let a = _items[got.lowerBound + k]
        let b = target._items[want.lowerBound + k]
        if a.id != b.id { return "item \(here): \"\(a.id)\", expected \"\(b.id)\"" }
        if a.content != b.content { return "item \(here) content: \(text(a.content)), expected \(text(b.content))" }
      }
    }
    return nil
  }
}
