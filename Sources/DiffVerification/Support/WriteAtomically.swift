import Foundation

/// Writes to a temporary file beside `path`, then renames it into place, so
/// that a reader never sees half a file and a crash never loses the old one.
/// Creates the folder it goes in when missing.
public func writeAtomically(_ text: String, to path: String) throws {
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
