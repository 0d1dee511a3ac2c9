import DiffVerification
import Foundation
import SnapshotDiff
import Testing

/// A pair up to the names of ids and contents: the old sections' sizes, and
/// for each new section and item which old one it continues (by position)
/// and whether its content changed.
struct Shape: Equatable {
  var oldSizes: [Int]
  var sections: [Section]
  struct Section: Equatable {
    var old: Int?
    var changed: Bool
    var items: [Item]
  }
  struct Item: Equatable {
    var old: Int?
    var changed: Bool
  }

  init(_ old: SnapshotDraft, _ new: SnapshotDraft) {
    oldSizes = old.sections.map(\.items.count)
    var sectionAt: [String: (Int, String)] = [:]
    var itemAt: [String: (Int, String)] = [:]
    var k = 0
    for (s, section) in old.sections.enumerated() {
      sectionAt[section.id] = (s, section.content)
      for item in section.items {
        itemAt[item.id] = (k, item.content)
        k += 1
      }
    }
    sections = new.sections.map { section in
      let o = sectionAt[section.id]
      return Section(
        old: o?.0, changed: o.map { $0.1 != section.content } ?? false,
        items: section.items.map { item in
          let oi = itemAt[item.id]
          return Item(old: oi?.0, changed: oi.map { $0.1 != item.content } ?? false)
        })
    }
  }
}

let corpusRoot = "/" + #filePath.split(separator: "/").dropLast(5).joined(separator: "/") + "/Corpus"

@Suite struct PairBytesTests {
  /// Encoding, then decoding, gives every corpus case back up to names.
  @Test func everyCorpusCaseRoundTrips() throws {
    let files = try CorpusCase.files(at: [corpusRoot])
    #expect(files.count >= 20)
    for file in files {
      let pair = try CorpusCase.load(contentsOf: file)
      let (old, new) = (SnapshotDraft(pair.old), SnapshotDraft(pair.new))
      let decoded = PairBytes.decode(PairBytes.encode(old: old, new: new))
      #expect(Shape(decoded.old, decoded.new) == Shape(old, new), "\(file)")
    }
  }

  /// Any bytes decode to a valid pair within the limits, and encoding that
  /// pair gives bytes that decode to the same shape again.
  @Test func anyBytesDecodeToAValidPairThatRoundTrips() throws {
    var rng = SplitMix64(seed: 12)
    for k in 0..<3_000 {
      let length = k < 10 ? k : rng.int(below: 200)
      let bytes = (0..<length).map { _ in UInt8(rng.int(below: 256)) }
      let (old, new) = PairBytes.decode(bytes)
      let o = try old.snapshot(), n = try new.snapshot()
      #expect(o.numberOfItems <= PairBytes.maxItems && n.numberOfItems <= PairBytes.maxItems)
      #expect(old.sections.count <= PairBytes.maxSections && new.sections.count <= PairBytes.maxSections)
      let again = PairBytes.decode(PairBytes.encode(old: old, new: new))
      #expect(Shape(again.old, again.new) == Shape(old, new), "\(bytes)")
    }
  }

  /// A byte changed is a small change: one item's content here.
  @Test func oneByteIsOneEdit() {
    let pair = (old: SnapshotDraft(sections: [.init(id: "a", items: [("x", ""), ("y", ""), ("z", "")])]),
                new: SnapshotDraft(sections: [.init(id: "a", items: [("z", ""), ("x", ""), ("w", "")])]))
    var bytes = PairBytes.encode(old: pair.old, new: pair.new)
    #expect(bytes == [1, 3, 1, 1, 0, 3, 3, 0, 1, 0, 0, 0])
    bytes[9] = 9  // x's content flag
    let (_, new) = PairBytes.decode(bytes)
    #expect(new.sections[0].items.map(\.id) == ["o2", "o0", "n0"])
    #expect(new.sections[0].items.map(\.content) == ["", "c9", ""])
  }
}
