// The errors nested in the generic types (this one, `Changeset.Error`,
// `Changeset.Stage.Error`, the trace recorder's) are thrown untyped: typed,
// Swift 6.3.1's optimizer traps building the library in release
// (FunctionSignatureOpts, "!type.hasTypeParameter()").
extension Snapshot {
  /// Why a snapshot could not be built from its sections: untrusted data
  /// (a file, a trace) is checked here; an edit's misuse stops the program
  /// instead, as UIKit raises.
  public enum Error: Swift.Error, Hashable, Sendable {
    /// Two sections share an identifier (its description, then both section indices).
    case duplicateSection(String, first: Int, second: Int)
    /// Two items share an identifier (its description, then both positions).
    case duplicateItem(String, first: ItemPath, second: ItemPath)
  }
}

extension Snapshot.Error: CustomStringConvertible {
  public var description: String {
    switch self {
    case let .duplicateSection(id, first, second):
      return "duplicate section id \"\(id)\" at sections \(first) and \(second)"
    case let .duplicateItem(id, first, second):
      return "duplicate item id \"\(id)\" at \(first) and \(second)"
    }
  }
}
