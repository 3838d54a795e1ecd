import TesseraHost
import Testing

@Suite struct JSONParserTests {
  /// Syntax errors and where they are reported; the dataset loader must report them the same
  /// way (`DatasetLoaderTests`).
  static let syntaxErrors: [(String, Int, Int, String)] = [
    ("{\"a\": 1,}", 1, 9, "unexpected '}', expected a member name in double quotes"),
    ("[1 2]", 1, 4, "unexpected '2', expected ',' or ']'"),
    ("{\n  \"a\": tru\n}", 2, 8, "invalid literal, expected 'true'"),
    ("\"abc", 1, 5, "unterminated string"),
    ("[01]", 1, 3, "unexpected '1', expected ',' or ']'"),
    ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate member 'a'"),
    ("[1e999]", 1, 2, "number 1e999 is out of range"),
    ("{} x", 1, 4, "unexpected 'x' after the top-level value"),
    ("[\"é\", x]", 1, 7, "unexpected 'x', expected a value"),
    ("", 1, 1, "unexpected end of file, expected a value"),
    ("[\"a\\udc00\"]", 1, 4, "unpaired surrogate in \\u escape"),
    ("[\"a\\ud800x\"]", 1, 4, "unpaired surrogate in \\u escape"),
  ]

  @Test(arguments: syntaxErrors)
  func syntaxErrorsPointAtTheOffendingCharacter(input: String, line: Int, column: Int, message: String) {
    #expect {
      _ = try JSONParser.parse(input)
    } throws: { error in
      guard let error = error as? JSONSyntaxError else { return false }
      return error.line == line && error.column == column && error.message == message
    }
  }

  @Test func parsesValuesWithTheirPositions() throws {
    let node = try JSONParser.parse("{\"s\": [1.5, \"x\\u00e9\", true, null]}")
    guard case .object(let members) = node.value, case .array(let values) = members[0].value.value else {
      Issue.record("expected an object holding an array")
      return
    }
    #expect(values.count == 4)
    if case .number(let n) = values[0].value { #expect(n == 1.5) } else { Issue.record("not a number") }
    if case .string(let s) = values[1].value { #expect(s == "xé") } else { Issue.record("not a string") }
    #expect(values[2].column == 24)  // {"s": [1.5, "x\u00e9", ← true starts at 24
  }

  /// Escaped strings are decoded into the scanner's scratch buffer: each one, first or not, at
  /// any nesting, reads back whole.
  @Test func escapedStringsReadBackWhole() throws {
    let node = try JSONParser.parse("[\"a\\nb\", {\"k\\u00e9\": \"\\\"quoted\\\"\"}, \"plain\", \"\\t\"]")
    guard case .array(let values) = node.value, case .object(let members) = values[1].value else {
      Issue.record("expected an array holding an object")
      return
    }
    if case .string(let s) = values[0].value { #expect(s == "a\nb") } else { Issue.record("not a string") }
    #expect(members.first?.key == "ké")
    if case .string(let s)? = members.first?.value.value {
      #expect(s == "\"quoted\"")
    } else {
      Issue.record("no member")
    }
    if case .string(let s) = values[3].value { #expect(s == "\t") } else { Issue.record("not a string") }
  }

  @Test func datasetErrorsNameFileLineColumnAndPath() {
    #expect(throws: HostError("d.json:1:36: sections[0].items[0].size[0]: size must not be negative, got -1")) {
      _ = try DatasetDecoder.decode("{\"sections\": [{\"items\": [{\"size\": [-1, 2]}]}]}", file: "d.json")
    }
  }

  @Test func missingIDsAreFilledWithoutClashing() throws {
    let dataset = try DatasetDecoder.decode(
      "{\"sections\": [{\"items\": [{}, {\"id\": \"i0\"}, {}]}, {\"id\": \"s0\"}]}", file: "d.json")
    #expect(dataset.sections.map(\.id) == ["s1", "s0"])
    #expect(dataset.sections[0].items.map(\.id) == ["i1", "i0", "i2"])
  }
}
