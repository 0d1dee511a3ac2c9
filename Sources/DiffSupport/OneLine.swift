import SnapshotDiff

/// `text` with line breaks and other control characters escaped: an error
/// message quotes input, and must stay one line whatever the input holds.
package func oneLine(_ text: String) -> String {
  guard text.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return text }
  var result = ""
  for scalar in text.unicodeScalars {
    if let escaped = _escapedControl(scalar) { result += escaped } else { result.unicodeScalars.append(scalar) }
  }
  return result
}
