/// The ways apps write ids, for the generators: a fast path that compares
/// or hashes ids by their bits must agree with `==` and `hashValue` on all
/// of them.
///
/// Swift's `String ==` is canonical equivalence: `"é"` written as one
/// scalar equals `"e\u{301}"`, whose bytes differ. Long strings live on the
/// heap, where a string's first word is its length and flags: two ids of
/// one length look alike there.
package enum IDShape: Int, CaseIterable, Sendable, CustomStringConvertible {
  /// `i12`: a few ASCII bytes, inline (a small string).
  case short
  /// `product-00000012`: 16 bytes on the heap, all sharing their first 8.
  case prefixed
  /// A UUID string: 36 bytes, every id of one length.
  case uuid
  /// `https://example.com/articles/12?ref=feed`.
  case url
  /// `100012`: decimal integers, which the `Int` path also diffs.
  case integer
  /// `élément-12`, `商品12`, `🍎12`, `Ωmega12`: not ASCII.
  case nonASCII
  /// `café-12`, written `cafe\u{301}-12` in the new snapshot at random: the
  /// same id by `==`, other bytes.
  case canonical

  package var description: String {
    switch self {
    case .short: return "short"
    case .prefixed: return "prefixed"
    case .uuid: return "uuid"
    case .url: return "url"
    case .integer: return "integer"
    case .nonASCII: return "non-ASCII"
    case .canonical: return "canonical"
    }
  }

  /// The `n`-th distinct item id (or section id) of a pair or a session.
  package func id(_ n: Int, section: Bool) -> String {
    switch self {
    case .short: return (section ? "s" : "i") + "\(n)"
    case .prefixed: return (section ? "section-" : "product-") + Self.padded(String(n), 8)
    case .uuid:
      var rng = SplitMix64(seed: section ? 0x5EC7 : 0x17E3, iteration: UInt64(n))
      let a = rng.next(), b = rng.next()
      // Each field is masked to its width: padding is all it needs.
      func hex(_ value: UInt64, _ digits: Int) -> String { Self.padded(String(value, radix: 16), digits) }
      return "\(hex(a >> 32, 8))-\(hex(a >> 16 & 0xFFFF, 4))-4\(hex(a & 0xFFF, 3))-\(hex(0x8000 | b >> 48 & 0x3FFF, 4))-\(hex(b & 0xFFFF_FFFF_FFFF, 12))"
    case .url: return "https://example.com/" + (section ? "sections/" : "articles/") + "\(n)?ref=feed"
    case .integer: return section ? "\(n)" : "\(100_000 + n * 7_919)"
    case .nonASCII: return ["élément-", "商品", "🍎", "Ωmega"][n % 4] + "\(n)" + (section ? "§" : "")
    case .canonical: return (section ? "résumé-" : "café-") + "\(n)"
    }
  }

  /// The other spelling of a `canonical` id: its `é`s decomposed, or
  /// composed again. Equal by `==`, different bytes.
  package static func otherSpelling(_ id: String) -> String {
    let decomposed = id.unicodeScalars.contains("\u{301}")
    var scalars = String.UnicodeScalarView()
    for scalar in id.unicodeScalars {
      if decomposed, scalar == "\u{301}", scalars.last == "e" {
        scalars.removeLast()
        scalars.append("\u{E9}")
      } else if !decomposed, scalar == "\u{E9}" {
        scalars.append(contentsOf: ["e", "\u{301}"] as [Unicode.Scalar])
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// `text` with zeros in front, `digits` long at least.
  static func padded(_ text: String, _ digits: Int) -> String {
    String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}

/// How a pair's contents are written: a short `c12`, or a long text that
/// differs from another only near its end (a prefix check would miss it).
package enum ContentShape: Int, CaseIterable, Sendable {
  case short
  case long

  package func content(_ text: String) -> String {
    switch self {
    case .short: return text
    case .long: return "A long description that repeats itself, as product copy does, up to the end: " + text
    }
  }
}

/// One pair's or one session's ids and contents in a drawn shape: every
/// generated name is mapped once and for all (the same old id is the same
/// new id), and in the `canonical` shape each snapshot after the first
/// spells some ids the other way.
package struct Respelling: Sendable {
  package let ids: IDShape
  package let contents: ContentShape
  var rng: SplitMix64
  var items: [String: String] = [:]
  var sections: [String: String] = [:]

  /// The shapes for (seed, iteration), from a stream of their own: the
  /// pair's edits are drawn as before, only their spelling changes.
  package init(seed: UInt64, iteration: UInt64) {
    rng = SplitMix64(seed: seed ^ 0x1D5_4A9E_5EED, iteration: iteration)
    ids = IDShape.allCases[rng.int(below: IDShape.allCases.count)]
    contents = ContentShape.allCases[rng.int(below: ContentShape.allCases.count)]
  }

  package init(ids: IDShape, contents: ContentShape) {
    self.ids = ids
    self.contents = contents
    rng = SplitMix64(seed: 0, iteration: 0)
  }

  /// The draft respelled; `later` marks a snapshot after the first, where
  /// a canonical id may change its spelling.
  package mutating func apply(_ draft: SnapshotDraft, later: Bool) -> SnapshotDraft {
    var out = draft
    for s in out.sections.indices {
      out.sections[s].id = name(draft.sections[s].id, section: true, later: later)
      if !draft.sections[s].content.isEmpty { out.sections[s].content = contents.content(draft.sections[s].content) }
      for k in out.sections[s].items.indices {
        let item = draft.sections[s].items[k]
        out.sections[s].items[k] = (name(item.id, section: false, later: later), item.content.isEmpty ? "" : contents.content(item.content))
      }
    }
    return out
  }

  mutating func name(_ original: String, section: Bool, later: Bool) -> String {
    let named: String
    if let known = section ? sections[original] : items[original] {
      named = known
    } else {
      named = ids.id((section ? sections.count : items.count) + 1, section: section)
      if section { sections[original] = named } else { items[original] = named }
    }
    guard ids == .canonical, later, rng.chance(0.5) else { return named }
    return IDShape.otherSpelling(named)
  }
}
