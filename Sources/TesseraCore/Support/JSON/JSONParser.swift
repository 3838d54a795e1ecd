/// A strict RFC 8259 parser that builds a tree of `JSONNode`s, each with its line and column
/// (1-based, columns in characters): for the small JSON the workbench reads back (session lines,
/// `format json` output). It reads through `JSONScanner`, so its syntax and its error messages are
/// exactly the dataset loader's; datasets themselves are read without a tree.
public struct JSONParser {
  private var scanner: JSONScanner
  private var positions: TextPositions

  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
    var text = text
    let result: Result<JSONNode, JSONSyntaxError> = text.withUTF8 { bytes in
      var parser = JSONParser(scanner: JSONScanner(bytes), positions: TextPositions(bytes))
      do throws(JSONScanner.SyntaxError) {
        let node = try parser.value(depth: 0)
        try parser.scanner.end()
        return .success(node)
      } catch {
        let (line, column) = parser.scanner.lineAndColumn(of: error.offset)
        return .failure(JSONSyntaxError(line: line, column: column, message: error.message))
      }
    }
    return try result.get()
  }

  private mutating func value(depth: Int) throws(JSONScanner.SyntaxError) -> JSONNode {
    let start = try scanner.valueStart(depth: depth)
    let (line, column) = positions.lineAndColumn(of: start)
    func node(_ value: JSONNode.Value) -> JSONNode { JSONNode(value: value, line: line, column: column) }
    switch scanner.bytes[start] {
    case UInt8(ascii: "{"):
      var members: [(key: String, value: JSONNode)] = []
      guard scanner.beginObject() else { return node(.object(members)) }
      var seen = Set<String>()
      repeat {
        let (name, offset) = try scanner.memberName()
        let key = scanner.text(name)
        guard seen.insert(key).inserted else { throw scanner.error("duplicate member '\(key)'", at: offset) }
        members.append((key, try value(depth: depth + 1)))
      } while try scanner.nextMember()
      return node(.object(members))
    case UInt8(ascii: "["):
      var elements: [JSONNode] = []
      guard scanner.beginArray() else { return node(.array(elements)) }
      repeat { elements.append(try value(depth: depth + 1)) } while try scanner.nextElement()
      return node(.array(elements))
    case UInt8(ascii: "\""):
      // Read the token first: `scanner.text(try scanner.string())` would read the scanner as it
      // was before the string (its scratch buffer not yet filled).
      let token = try scanner.string()
      return node(.string(scanner.text(token)))
    case UInt8(ascii: "t"):
      try scanner.literal("true")
      return node(.bool(true))
    case UInt8(ascii: "f"):
      try scanner.literal("false")
      return node(.bool(false))
    case UInt8(ascii: "n"):
      try scanner.literal("null")
      return node(.null)
    default: return node(.number(try scanner.number()))
    }
  }
}

/// Line and column of byte offsets visited in increasing order, in time linear in the text
/// (columns count characters: UTF-8 continuation bytes do not start one).
package struct TextPositions {
  package let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var line = 1
  private var column = 1

  package init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  package mutating func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
    if offset < index { (index, line, column) = (0, 1, 1) }  // backwards: count again
    while index < min(offset, bytes.count) {
      if bytes[index] == 0x0A {
        line += 1
        column = 1
      } else if bytes[index] & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    return (line, column)
  }
}
