import Foundation

/// Writes to a temporary file beside `path`, then renames it into place, so
/// that a reader never sees half a file and a crash never loses the old one.
/// Creates the folder it goes in when missing.
package func writeAtomically(_ text: String, to path: String) throws {
  let folder = (path as NSString).deletingLastPathComponent
  if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
  let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
  try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
  if rename(temporary, path) != 0 {
    let code = errno
    try? FileManager.default.removeItem(atPath: temporary)
    throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(code))])
  }
}

/// ``writeAtomically(_:to:)`` for text made in pieces: `body` is given a
/// function that appends a piece to the temporary file.
package func writeAtomically(to path: String, _ body: ((String) -> Void) -> Void) throws {
  let folder = (path as NSString).deletingLastPathComponent
  if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
  let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
  guard FileManager.default.createFile(atPath: temporary, contents: nil), let handle = FileHandle(forWritingAtPath: temporary) else {
    throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot create \(temporary)"])
  }
  var failure: Error?
  body { piece in
    guard failure == nil else { return }
    do { try handle.write(contentsOf: Data(piece.utf8)) } catch { failure = error }
  }
  try? handle.close()
  if let failure {
    try? FileManager.default.removeItem(atPath: temporary)
    throw failure
  }
  if rename(temporary, path) != 0 {
    let code = errno
    try? FileManager.default.removeItem(atPath: temporary)
    throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(code))])
  }
}
