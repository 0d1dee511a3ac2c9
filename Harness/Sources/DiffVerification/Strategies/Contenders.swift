import SnapshotDiff
import Synchronization

/// The one list of strategies the harness races in this process: the
/// library's (``library``), then those another package
/// adds with `DiffBench.main(extraStrategies:)`. Every command, the bench
/// runner's default, the workers and the libFuzzer target read it, so an
/// added strategy is known everywhere at once.
///
/// It is written once, before any command runs, and read-only after: the
/// command line parses into types that take no arguments, so the list
/// cannot be handed to them, but it is never changed under a reader.
package enum Contenders {
  /// `nil` until strategies are added (the library's alone until then).
  private static let added = Mutex<[Contender]?>(nil)

  package static var all: [Contender] { added.withLock { $0 } ?? library }

  package static var names: [String] { all.map(\.name) }

  package static func named(_ name: String) -> Contender? { all.first { $0.name == name } }

  /// Adds strategies after the library's, once, before any command runs.
  ///
  /// - Parameter reserved: names reports give to rows that are not a
  ///   strategy's (the yardsticks); `min_moves` is always reserved.
  /// - Throws: a one-line reason when two strategies share a name (names are
  ///   report keys), one takes a reserved name, or strategies were added
  ///   already; nothing is added then.
  package static func add(_ extra: [Contender], reserving reserved: Set<String>) throws(RegistrationError) {
    var seen = Set(library.map(\.name))
    for strategy in extra {
      if reserved.contains(strategy.name) || Checked(name: strategy.name) == .minimumMoves {
        throw RegistrationError(description: "'\(strategy.name)' is a reserved name, not a strategy's")
      }
      if !seen.insert(strategy.name).inserted {
        throw RegistrationError(description: "two strategies are named '\(strategy.name)'; names are report keys and must be unique")
      }
    }
    let set = added.withLock { list -> Bool in
      guard list == nil else { return false }
      list = library + extra
      return true
    }
    if !set { throw RegistrationError(description: "strategies were added already: add them all at once, before any command runs") }
  }

  package struct RegistrationError: Error, CustomStringConvertible {
    package var description: String
  }
}

/// What a verification checks on a pair, under the name its failures and
/// regression files carry: a strategy, or the library's `min_moves` against
/// its reference.
package enum Checked: Hashable, Sendable, CustomStringConvertible {
  case strategy(String)
  case minimumMoves

  /// The checked thing named as reports name it.
  package init(name: String) {
    self = name == Self.minimumMovesName ? .minimumMoves : .strategy(name)
  }

  package var name: String {
    switch self {
    case .strategy(let name): return name
    case .minimumMoves: return Self.minimumMovesName
    }
  }

  package var description: String { name }

  static let minimumMovesName = "min_moves"
}
