/// A strategy of this library with its entry points for the snapshots the
/// harness builds (string ids, sections and contents; `Int` ones), compiled
/// in this module: the harness calls these rather than specializing the
/// generic code in its own.
///
/// Why: code specialized in another module calls this module's internal
/// helpers that are not inlinable in their generic form. Counted, the
/// harness's own copies were 1–10 % slower (`myers` on `paging-append`
/// +10 %); compiled here, where every helper is specialized with them,
/// they are what an app's call to `changeset(from:to:)` runs.
package protocol _CompiledStrategy: MatchingStrategy {
  static var _entryPoints: _EntryPoints { get }
}

/// The entry points of one strategy, each a closure compiled where the
/// strategy's type is known.
package struct _EntryPoints: Sendable {
  package typealias Strings = Snapshot<String, String, String>
  package typealias Ints = Snapshot<Int, Int, Int>
  package let changeset: @Sendable (Strings, Strings) -> Changeset<String, String, String>
  package let checked: @Sendable (Strings, Strings) throws(Matching.Error) -> Changeset<String, String, String>
  package let intChangeset: @Sendable (Ints, Ints) -> Changeset<Int, Int, Int>
  package let dataSource: @Sendable () -> ContentDiffableDataSource<String, String, String>
  package let intDataSource: @Sendable () -> ContentDiffableDataSource<Int, Int, Int>

  /// Made in this module for each strategy (`_entryPoints`), so that the
  /// optimizer specializes every closure for it.
  init<S: MatchingStrategy>(_ strategy: S) {
    changeset = { strategy.changeset(from: $0, to: $1) }
    checked = { old, new throws(Matching.Error) in try Changeset(from: old, to: new, checkingMatchingOf: strategy) }
    intChangeset = { strategy.changeset(from: $0, to: $1) }
    dataSource = { ContentDiffableDataSource(strategy: strategy) }
    intDataSource = { ContentDiffableDataSource(strategy: strategy) }
  }
}

extension Hashmap: _CompiledStrategy { package static let _entryPoints = _EntryPoints(Hashmap()) }
extension Heckel: _CompiledStrategy { package static let _entryPoints = _EntryPoints(Heckel()) }
extension Myers: _CompiledStrategy { package static let _entryPoints = _EntryPoints(Myers()) }
extension Naive: _CompiledStrategy { package static let _entryPoints = _EntryPoints(Naive()) }
extension Stdlib: _CompiledStrategy { package static let _entryPoints = _EntryPoints(Stdlib()) }
