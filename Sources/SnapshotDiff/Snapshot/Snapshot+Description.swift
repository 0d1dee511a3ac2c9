// What `print(snapshot)` shows: the sections and their ids, not the storage.

extension Snapshot: CustomStringConvertible {
  /// The sections in order, one a line, each with its item ids; a content
  /// follows its id after a colon.
  ///
  /// ```
  /// Snapshot(2 sections, 3 items)
  ///   banner: [b1]
  ///   list: [p1, p2: "sold out"]
  /// ```
  public var description: String {
    func text(_ id: some Hashable, _ content: Content?) -> String {
      content.map { "\(id): \(String(reflecting: $0))" } ?? "\(id)"
    }
    var lines = ["Snapshot(\(numberOfSections) section\(numberOfSections == 1 ? "" : "s"), \(numberOfItems) item\(numberOfItems == 1 ? "" : "s"))"]
    for s in 0..<numberOfSections {
      let items = _items[itemRange(ofSection: s)].map { text($0.id, $0.content) }
      lines.append("  \(text(_sectionIDs[s], _sectionContents[s])): [\(items.joined(separator: ", "))]")
    }
    return lines.joined(separator: "\n")
  }
}

extension SectionSnapshot: CustomStringConvertible {
  /// ``visualDescription()``: the forest, one item a line.
  public var description: String { visualDescription() }
}
