/// The byte format of coverage-guided fuzzing: any bytes decode to a valid
/// snapshot pair, and a small change in the bytes is a small change in the
/// pair (one count, one reference, one content flag).
///
/// Read with a cursor; past the end every read is 0, so every byte string,
/// the empty one too, is a pair. Counts are LEB128 varints. A first byte of
/// `0xE0` or more selects the edit-script format instead
/// (`PairBytes+Edits.swift`), which reaches sectioned shapes in fewer bytes.
///
///     u8      old sections: value % 9
///     per old section:   varint items: value % 1025 (each side holds at most 1,024 items)
///     u8      new sections: value % 9
///     per new section:
///       varint  ref: k ≥ 1 continues old section k − 1 (unless taken); else a new section
///       u8      content: 0 the old section's content ("" when new), else "c<value>"
///       varint  items: value % 1025
///       per item:
///         varint  ref: k ≥ 1 continues old item k − 1, counted across sections (unless taken); else a new item
///         u8      content: 0 unchanged ("" when new), else "c<value>"
///
/// Old sections are `s0`, `s1`, …, old items `o0`, `o1`, … (content ""); new
/// ones `t0`, … and `n0`, …. A reference to an old section or item, whatever
/// section it is in, keeps its id: that is how deletes, inserts, moves within
/// and across sections, updates, and section deletes, inserts and moves are
/// all written. `encode` writes any pair so that `decode` gives it back up to
/// the names of ids and contents: O(n) both ways.
package enum PairBytes {
  package static let maxSections = 8
  package static let maxItems = 1_024
  /// The cap the libFuzzer target decodes with (and `diffbench import`, so
  /// that an input it saved means the same pair): small pairs are cheap, and
  /// `diffbench fuzz` covers the large ones.
  package static let fuzzTargetItems = 256

  /// The pair `bytes` stand for, its ids and contents respelled in the
  /// shapes the last byte picks (``Respelling``: its value / 5, so that the
  /// libFuzzer target's strategy, its value % 5, varies apart from it):
  /// what the libFuzzer target checks and `diffbench import` writes.
  package static func decodeSpelled(_ bytes: [UInt8], limit: Int = maxItems) -> (old: SnapshotDraft, new: SnapshotDraft) {
    let (old, new) = decode(bytes, limit: limit)
    let pick = Int(bytes.last ?? 0) / 5
    var spelling = Respelling(
      ids: IDShape.allCases[pick % IDShape.allCases.count],
      contents: ContentShape.allCases[pick / IDShape.allCases.count % ContentShape.allCases.count])
    return (spelling.apply(old, later: false), spelling.apply(new, later: true))
  }

  /// The pair `bytes` stand for. `limit` caps the items of each side (at
  /// most ``maxItems``): a coverage-guided fuzzer after throughput lowers it,
  /// since two varint bytes can otherwise ask for a thousand items.
  package static func decode(_ bytes: [UInt8], limit: Int = maxItems) -> (old: SnapshotDraft, new: SnapshotDraft) {
    if let first = bytes.first, first >= editScriptMarker { return decodeEdits(bytes) }
    let maxItems = min(limit, Self.maxItems)
    var reader = Reader(bytes: bytes)
    var old = SnapshotDraft()
    var oldItems: [(section: Int, index: Int)] = []
    for s in 0..<Int(reader.byte()) % (maxSections + 1) {
      let count = min(reader.varint() % (Self.maxItems + 1), maxItems - oldItems.count)
      var section = SnapshotDraft.Section(id: "s\(s)")
      for _ in 0..<count {
        section.items.append((id: "o\(oldItems.count)", content: ""))
        oldItems.append((s, section.items.count - 1))
      }
      old.sections.append(section)
    }
    var new = SnapshotDraft()
    var sectionTaken = [Bool](repeating: false, count: old.sections.count)
    var itemTaken = [Bool](repeating: false, count: oldItems.count)
    var freshSections = 0, freshItems = 0, newItems = 0
    for _ in 0..<Int(reader.byte()) % (maxSections + 1) {
      let ref = reader.varint()
      let content = reader.byte()
      var section: SnapshotDraft.Section
      if ref >= 1, ref - 1 < old.sections.count, !sectionTaken[ref - 1] {
        sectionTaken[ref - 1] = true
        section = SnapshotDraft.Section(id: old.sections[ref - 1].id, content: content == 0 ? old.sections[ref - 1].content : "c\(content)")
      } else {
        section = SnapshotDraft.Section(id: "t\(freshSections)", content: content == 0 ? "" : "c\(content)")
        freshSections += 1
      }
      let count = min(reader.varint() % (Self.maxItems + 1), maxItems - newItems)
      for _ in 0..<count {
        let ref = reader.varint()
        let content = reader.byte()
        if ref >= 1, ref - 1 < oldItems.count, !itemTaken[ref - 1] {
          itemTaken[ref - 1] = true
          let (s, k) = oldItems[ref - 1]
          let item = old.sections[s].items[k]
          section.items.append((id: item.id, content: content == 0 ? item.content : "c\(content)"))
        } else {
          section.items.append((id: "n\(freshItems)", content: content == 0 ? "" : "c\(content)"))
          freshItems += 1
        }
        newItems += 1
      }
      new.sections.append(section)
    }
    return (old, new)
  }

  /// Bytes that decode to `old → new` up to names: the same shape, every
  /// kept id where it was, every changed content changed. Sections and items
  /// beyond the format's limits are left out.
  package static func encode(old: SnapshotDraft, new: SnapshotDraft) -> [UInt8] {
    var out: [UInt8] = []
    let oldSections = Array(old.sections.prefix(maxSections))
    out.append(UInt8(oldSections.count))
    var sectionIndex: [String: Int] = [:]
    var itemIndex: [String: (index: Int, content: String)] = [:]
    var total = 0
    for (s, section) in oldSections.enumerated() {
      sectionIndex[section.id] = s
      let count = min(section.items.count, maxItems - total)
      appendVarint(count, to: &out)
      for item in section.items.prefix(count) {
        itemIndex[item.id] = (total, item.content)
        total += 1
      }
    }
    let newSections = Array(new.sections.prefix(maxSections))
    out.append(UInt8(newSections.count))
    var newTotal = 0
    for section in newSections {
      let oldSection = sectionIndex[section.id]
      appendVarint(oldSection.map { $0 + 1 } ?? 0, to: &out)
      out.append(oldSection.map { oldSections[$0].content == section.content ? 0 : 1 } ?? 0)
      let count = min(section.items.count, maxItems - newTotal)
      appendVarint(count, to: &out)
      for item in section.items.prefix(count) {
        let kept = itemIndex[item.id]
        appendVarint(kept.map { $0.index + 1 } ?? 0, to: &out)
        out.append(kept.map { $0.content == item.content ? 0 : 1 } ?? 0)
      }
      newTotal += count
    }
    return out
  }

  static func appendVarint(_ value: Int, to out: inout [UInt8]) {
    var v = UInt(value)
    while v >= 0x80 {
      out.append(UInt8(v & 0x7F) | 0x80)
      v >>= 7
    }
    out.append(UInt8(v))
  }

  /// A cursor over the bytes that reads 0 past the end.
  struct Reader {
    var bytes: [UInt8]
    var position = 0

    mutating func byte() -> UInt8 {
      defer { position += 1 }
      return position < bytes.count ? bytes[position] : 0
    }

    /// LEB128, at most 3 bytes (values below 2^21).
    mutating func varint() -> Int {
      var value = 0
      for shift in stride(from: 0, to: 21, by: 7) {
        let b = byte()
        value |= Int(b & 0x7F) << shift
        if b & 0x80 == 0 { break }
      }
      return value
    }
  }
}
