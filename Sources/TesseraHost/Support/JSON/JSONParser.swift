/// A strict RFC 8259 parser over UTF-8 bytes that tracks line and column (1-based, columns in
/// characters) for every value and every error.
public struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var lineStart = 0

  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
    var parser = JSONParser(bytes: Array(text.utf8))
    parser.skipWhitespace()
    let node = try parser.value(depth: 0)
    parser.skipWhitespace()
    if parser.index < parser.bytes.count {
      throw parser.error("unexpected \(parser.describeNext()) after the top-level value")
    }
    return node
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Where the column count was last taken, so that counting stays linear on a long line.
  private var countedIndex = 0
  private var countedColumn = 1

  /// The 1-based column of `index`, in characters: UTF-8 continuation bytes do not start one.
  private mutating func column() -> Int {
    if countedIndex < lineStart || countedIndex > index {
      countedIndex = lineStart
      countedColumn = 1
    }
    while countedIndex < index {
      if bytes[countedIndex] & 0xC0 != 0x80 { countedColumn += 1 }
      countedIndex += 1
    }
    return countedColumn
  }

  private mutating func error(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(line: line, column: column(), message: message)
  }

  private func describeNext() -> String {
    guard index < bytes.count else { return "end of file" }
    let byte = bytes[index]
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16))"
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0D: index += 1
      case 0x0A:
        index += 1
        line += 1
        lineStart = index
      default: return
      }
    }
  }

  private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
    guard depth < 512 else { throw error("nesting deeper than 512 levels") }
    guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
    let (startLine, startColumn) = (line, column())
    func node(_ value: JSONNode.Value) -> JSONNode { JSONNode(value: value, line: startLine, column: startColumn) }
    switch bytes[index] {
    case UInt8(ascii: "{"): return node(try object(depth: depth))
    case UInt8(ascii: "["): return node(try array(depth: depth))
    case UInt8(ascii: "\""): return node(.string(try string()))
    case UInt8(ascii: "t"): try literal("true"); return node(.bool(true))
    case UInt8(ascii: "f"): try literal("false"); return node(.bool(false))
    case UInt8(ascii: "n"): try literal("null"); return node(.null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return node(.number(try number()))
    default: throw error("unexpected \(describeNext()), expected a value")
    }
  }

  private mutating func literal(_ word: String) throws(JSONSyntaxError) {
    let start = index
    for byte in word.utf8 {
      guard index < bytes.count, bytes[index] == byte else {
        index = start  // point at the literal, not past it
        throw error("invalid literal, expected '\(word)'")
      }
      index += 1
    }
  }

  private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
    index += 1
    var members: [(key: String, value: JSONNode)] = []
    var seen = Set<String>()
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("unexpected \(describeNext()), expected a member name in double quotes")
      }
      let keyLine = line
      let keyColumn = column()
      let key = try string()
      guard seen.insert(key).inserted else {
        throw JSONSyntaxError(line: keyLine, column: keyColumn, message: "duplicate member '\(key)'")
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("unexpected \(describeNext()), expected ':' after member name")
      }
      index += 1
      skipWhitespace()
      members.append((key, try value(depth: depth + 1)))
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of file, expected ',' or '}'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      throw error("unexpected \(describeNext()), expected ',' or '}'")
    }
  }

  private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
    index += 1
    var elements: [JSONNode] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try value(depth: depth + 1))
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of file, expected ',' or ']'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      throw error("unexpected \(describeNext()), expected ',' or ']'")
    }
  }

  private mutating func string() throws(JSONSyntaxError) -> String {
    index += 1
    var scalars: [UInt8] = []
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: scalars, as: UTF8.self)
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { throw error("unterminated string") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append(0x22)
        case UInt8(ascii: "\\"): scalars.append(0x5C)
        case UInt8(ascii: "/"): scalars.append(0x2F)
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800..<0xDC00).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate in \\u escape") }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
          scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
          index -= 1
          throw error("invalid escape '\\\(Character(UnicodeScalar(escape)))'")
        }
      case 0x00..<0x20:
        throw error("control character in string (escape it)")
      default:
        scalars.append(byte)
        index += 1
      }
    }
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("invalid \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("invalid \\u escape")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  private mutating func number() throws(JSONSyntaxError) -> Double {
    let start = index
    func digits() -> Int {
      let from = index
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
      return index - from
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count else { throw error("invalid number") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else if digits() == 0 {
      throw error("invalid number")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw error("invalid number: digits expected after '.'") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { throw error("invalid number: digits expected in exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      index = start
      throw error("number \(text) is out of range")
    }
    return value
  }
}
