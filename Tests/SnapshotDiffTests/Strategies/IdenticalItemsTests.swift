@testable import SnapshotDiff
import DiffVerification
import Testing

/// `_sameID`, the walk's equality of ids: `==` exactly, whatever form the
/// strings take; its shortcut answers only for two small ASCII strings.
@Suite struct IdenticalItemsTests {
  /// Strings in every form the standard library stores: small ASCII, small
  /// non-ASCII, in their own heap buffer, and canonically equivalent ones
  /// with other bytes.
  static let forms: [String] = {
    var native = String()
    native.reserveCapacity(64)  // "item-1" in a heap buffer, not small
    native += "item-1"
    return [
      "item-1", "item-2", "", "abcdefghijklmno", "abcdefghijklmnop", native,
      "caf\u{E9}", "cafe\u{301}", "K", "\u{212A}",  // Kelvin sign: == "K"
      "a long identifier that lives on the heap", String("a long identifier that lives on the heap".utf8.map { Character(UnicodeScalar($0)) }),
    ]
  }()

  @Test func agreesWithEqualityOnEveryPair() {
    for a in Self.forms {
      for b in Self.forms {
        #expect(_sameID(a, b) == (a == b), "\(a.debugDescription) vs \(b.debugDescription)")
      }
    }
  }

  /// The pairs the shortcut exists for, and the ones it must leave to `==`.
  @Test func equalIDsInOtherFormsAreStillEqual() {
    #expect(!_sameID("item-1", "item-2"))
    #expect(_sameID("item-1", Self.forms[5]))  // small and heap, same id
    #expect(_sameID("caf\u{E9}", "cafe\u{301}"))  // one id, other bytes
    #expect(_sameID("K", "\u{212A}"))
  }

  @Test func otherIDTypesUseEquality() {
    #expect(_sameID(3, 3) && !_sameID(3, 4))
    #expect(_sameID(Substring("ab"), Substring("xab".dropFirst())))
  }
}

/// Every fast path that compares or hashes ids by their bits, held to `==`
/// and `hashValue` on the ids apps use (``IDShape``): each shape's ids, each
/// against every other, canonical spellings both ways, small and heap forms.
@Suite struct IDFastPathsAgreeWithEqualityTests {
  static let ids: [String] = {
    var all: [String] = []
    for shape in IDShape.allCases {
      for n in [1, 2, 11, 12, 123_456, 123_457] {
        for section in [false, true] {
          let id = shape.id(n, section: section)
          all.append(id)
          if shape == .canonical { all.append(IDShape.otherSpelling(id)) }
          // The same text in its own heap buffer: equal, other bits.
          all.append(String(decoding: Array(id.utf8), as: UTF8.self) + "")
          var grown = id
          grown.reserveCapacity(64)
          all.append(grown)
        }
      }
    }
    return all
  }()

  @Test func sameIDIsEquality() {
    for a in Self.ids {
      for b in Self.ids { #expect(_sameID(a, b) == (a == b), "\(a.debugDescription) vs \(b.debugDescription)") }
    }
  }

  @Test func equalIdsHashAlikeAndOnlyASCIIIsHashedByItsBytes() {
    let hash = _IDHash()
    for a in Self.ids {
      let h = hash(a)
      #expect((h != nil) == a.utf8.allSatisfy { $0 < 0x80 }, "\(a.debugDescription)")
      for b in Self.ids where a == b {
        #expect(h == hash(b) && a.hashValue == b.hashValue, "\(a.debugDescription) vs \(b.debugDescription)")
      }
    }
  }

  @Test func identicalBitsAreEqualItems() {
    let items = Self.ids.map { SectionSnapshot<String, String>.Item($0, content: nil) }
    for a in items.indices {
      for b in items.indices {
        let same = withUnsafePointer(to: items[a]) { x in
          withUnsafePointer(to: items[b]) { y in _identicalCount(x, y, count: 1, fromBack: false) == 1 }
        }
        if same { #expect(items[a] == items[b], "\(items[a].id.debugDescription) vs \(items[b].id.debugDescription)") }
      }
    }
  }
}
