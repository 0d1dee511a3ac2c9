import DiffVerification
import Testing

/// The corpus's own JSON reader: numbers keep their text, keys their order,
/// errors their line and column.
@Suite struct JSONTests {
  func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

  @Test func readsEveryKindOfValue() throws {
    let value = try parse(#" {"b": [1, -2.5e3, true, false, null], "a": "x\"\u00e9\n\ud83d\ude00"} "#)
    #expect(value == .object([
      ("b", .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null])),
      ("a", .string("x\"é\n😀")),
    ]))
    #expect(value["a"] == .string("x\"é\n😀") && value["missing"] == nil)
  }

  @Test func writesWhatItReads() throws {
    let value = try parse(#"{"k": ["a", {"id": "b", "content": "c,\"d\""}], "n": 12}"#)
    #expect(try parse(value.compact) == value)
    #expect(try parse(value.serialized()) == value)
  }

  @Test(arguments: [
    ("{\"a\": 1,}", 1, 9), ("[1 2]", 1, 4), ("{\"a\": 1, \"a\": 2}", 1, 13), ("\n\n  tru", 3, 3), ("\"\\x\"", 1, 4),
  ])
  func errorsNameLineAndColumn(text: String, line: Int, column: Int) {
    #expect {
      try parse(text)
    } throws: { error in
      guard let error = error as? JSONSyntaxError else { return false }
      return error.line == line && error.column == column
    }
  }
}
