/// How a collection view performs a changeset's updates: the two calls UIKit
/// has for "this item's content changed".
///
/// The batch update rules article gives the sources: an Apple engineer on the
/// developer forums (thread 751732) and WWDC 2018 session 225 for `reload`,
/// WWDC 2021 session 10252 for `reconfigure`.
public enum UpdateKind: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
  /// `reloadItems(at:)` and `reloadSections(_:)`, on every iOS: a delete at
  /// the old position plus an insert at the position UIKit computes for it
  /// (shifted by the stage's deletes and inserts, not by its moves). What
  /// DifferenceKit's, DeepDiff's and RxDataSources' glue call, and all that
  /// iOS 13 and 14 have.
  case reload
  /// `reconfigureItems(at:)`, iOS 15 and later: the content replaced in place,
  /// the cell kept. Sections have no such call: a section update is a
  /// `reloadSections` under either kind.
  case reconfigure

  /// The `--uikit` target this kind is the default of: `ios13` or `ios15`.
  public var target: String { self == .reload ? "ios13" : "ios15" }

  /// The kind of a `--uikit` target, or `nil`.
  public init?(target: String) {
    switch target {
    case "ios13": self = .reload
    case "ios15": self = .reconfigure
    default: return nil
    }
  }

  public var description: String { rawValue }
}
