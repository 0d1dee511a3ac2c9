/// The second byte format of coverage-guided fuzzing: an edit script. A
/// first byte of `0xE0` or more selects it (``PairBytes/decode(_:)`` reads
/// the counts format below that), and a few bytes reach every sectioned
/// shape: moves within and across sections, section moves, inserted and
/// deleted sections, content changes.
///
///     u8      0xE0…0xFF: this format
///     u8      old sections: 1 + value % 8
///     per old section:   u8 items: value % 33 (ids o0, o1, … across sections)
///     then, to the end, one edit each, applied to a copy of the old snapshot:
///       u8 op % 9, then its operands, each a u8 taken modulo what it indexes
///       0 move item      from (flat), to section, to position
///       1 delete item    at (flat)
///       2 insert items   count (1 + v % 8), section, position (ids n0, n1, …)
///       3 update item    at (flat), content (c<value>)
///       4 move section   from, to
///       5 delete section at (its items go with it)
///       6 insert section at (empty, id t0, t1, …)
///       7 update section at, content
///       8 move item to its section's end, from (flat)
///
/// An edit that names nothing (no item, no section) is skipped. Snapshots
/// stay small (at most 8 × 32 old items, and as many inserted as the bytes
/// ask), so each input costs microseconds, not milliseconds.
extension PairBytes {
  package static let editScriptMarker: UInt8 = 0xE0

  static func decodeEdits(_ bytes: [UInt8]) -> (old: SnapshotDraft, new: SnapshotDraft) {
    var reader = Reader(bytes: bytes)
    _ = reader.byte()
    var old = SnapshotDraft()
    var total = 0
    for s in 0..<(1 + Int(reader.byte()) % 8) {
      var section = SnapshotDraft.Section(id: "s\(s)")
      for _ in 0..<Int(reader.byte()) % 33 {
        section.items.append((id: "o\(total)", content: ""))
        total += 1
      }
      old.sections.append(section)
    }
    var new = old
    var freshItems = 0, freshSections = 0
    // The flat position of an item: its section and index there.
    func locate(_ flat: Int) -> (section: Int, index: Int)? {
      var rest = flat
      for (s, section) in new.sections.enumerated() {
        if rest < section.items.count { return (s, rest) }
        rest -= section.items.count
      }
      return nil
    }
    func flat(_ value: UInt8) -> (section: Int, index: Int)? {
      let count = new.itemCount
      return count == 0 ? nil : locate(Int(value) % count)
    }
    func section(_ value: UInt8) -> Int? { new.sections.isEmpty ? nil : Int(value) % new.sections.count }
    while reader.position < bytes.count {
      switch reader.byte() % 9 {
      case 0:
        let (from, toSection, toPosition) = (reader.byte(), reader.byte(), reader.byte())
        guard let at = flat(from) else { continue }
        let item = new.sections[at.section].items.remove(at: at.index)
        let s = section(toSection)!
        new.sections[s].items.insert(item, at: Int(toPosition) % (new.sections[s].items.count + 1))
      case 1:
        guard let at = flat(reader.byte()) else { continue }
        new.sections[at.section].items.remove(at: at.index)
      case 2:
        let (count, toSection, toPosition) = (1 + Int(reader.byte()) % 8, reader.byte(), reader.byte())
        guard let s = section(toSection) else { continue }
        let position = Int(toPosition) % (new.sections[s].items.count + 1)
        let items = (0..<count).map { k in (id: "n\(freshItems + k)", content: "") }
        freshItems += count
        new.sections[s].items.insert(contentsOf: items, at: position)
      case 3:
        let (target, content) = (reader.byte(), reader.byte())
        guard let at = flat(target) else { continue }
        new.sections[at.section].items[at.index].content = "c\(content)"
      case 4:
        let (from, to) = (reader.byte(), reader.byte())
        guard let f = section(from) else { continue }
        let moved = new.sections.remove(at: f)
        new.sections.insert(moved, at: Int(to) % (new.sections.count + 1))
      case 5:
        guard let s = section(reader.byte()) else { continue }
        new.sections.remove(at: s)
      case 6:
        let at = Int(reader.byte()) % (new.sections.count + 1)
        guard new.sections.count < maxSections else { continue }
        new.sections.insert(SnapshotDraft.Section(id: "t\(freshSections)"), at: at)
        freshSections += 1
      case 7:
        let (target, content) = (reader.byte(), reader.byte())
        guard let s = section(target) else { continue }
        new.sections[s].content = "c\(content)"
      default:
        guard let at = flat(reader.byte()) else { continue }
        let item = new.sections[at.section].items.remove(at: at.index)
        new.sections[at.section].items.append(item)
      }
    }
    return (old, new)
  }
}
