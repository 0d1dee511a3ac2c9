/// `text` with line breaks and other control characters escaped: an error
/// message quotes input, and must stay one line whatever the input holds.
/// Escaped as JSON escapes them (`\n`, `\u001b`), so that the line reads
/// back as what was quoted.
package func oneLine(_ text: String) -> String {
  guard text.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return text }
  var result = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result
}
