@testable import SnapshotDiff
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
