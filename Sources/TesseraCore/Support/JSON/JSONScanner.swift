/// A pull scanner over a JSON document's UTF-8 bytes (RFC 8259, strict): the caller asks for
/// the structure it expects and reads values straight out of the bytes, with no tree in
/// between. Positions are byte offsets; line and column (1-based, columns in characters) are
/// worked out only for an error. Syntax errors carry the same messages as `JSONParser`'s.
///
/// The caller must keep the bytes alive and valid UTF-8 (`TextFile.readUTF8`).
package struct JSONScanner {
  package let bytes: UnsafeBufferPointer<UInt8>
  package var index = 0
  /// Where an escaped string's bytes are decoded.
  private var scratch: [UInt8] = []

  package static let maximumDepth = 512

  package init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// A syntax error at a byte offset.
  package struct SyntaxError: Error {
    package var offset: Int
    package var message: String
  }

  /// A string's bytes: in the document (no escapes) or in the scanner's scratch buffer (valid
  /// until the next string is read).
  package struct StringToken {
    package var start: Int
    package var count: Int
    package var escaped: Bool
  }

  // MARK: Positions

  /// The 1-based line and column (in characters) of a byte offset.
  package func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
    var positions = TextPositions(bytes)
    return positions.lineAndColumn(of: offset)
  }

  package func error(_ message: String, at offset: Int? = nil) -> SyntaxError {
    SyntaxError(offset: offset ?? index, message: message)
  }

  package func describeNext() -> String {
    guard index < bytes.count else { return "end of file" }
    let byte = bytes[index]
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16))"
  }

  /// What the value starting here is, for "expected …, got …" messages.
  package func typeName(at offset: Int) -> String {
    guard offset < bytes.count else { return "nothing" }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return "an object"
    case UInt8(ascii: "["): return "an array"
    case UInt8(ascii: "\""): return "a string"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
    case UInt8(ascii: "n"): return "null"
    default: return "a number"
    }
  }

  // MARK: Structure

  @inline(__always) package mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x09, 0x0D: index += 1
      default: return
      }
    }
  }

  @inline(__always) package func next() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  /// Skips whitespace and checks that a value starts here (not its kind); returns its offset.
  package mutating func valueStart(depth: Int) throws(SyntaxError) -> Int {
    skipWhitespace()
    guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    guard let byte = next() else { throw error("unexpected end of file, expected a value") }
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "t"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return index
    default: throw error("unexpected \(describeNext()), expected a value")
    }
  }

  /// At `{`: consumes it; false when the object is empty (its `}` consumed too).
  package mutating func beginObject() -> Bool {
    index += 1
    skipWhitespace()
    if next() == UInt8(ascii: "}") {
      index += 1
      return false
    }
    return true
  }

  /// A member's name and the colon after it; returns the name and its offset.
  package mutating func memberName() throws(SyntaxError) -> (StringToken, Int) {
    skipWhitespace()
    guard next() == UInt8(ascii: "\"") else {
      throw error("unexpected \(describeNext()), expected a member name in double quotes")
    }
    let offset = index
    let key = try string()
    skipWhitespace()
    guard next() == UInt8(ascii: ":") else {
      throw error("unexpected \(describeNext()), expected ':' after member name")
    }
    index += 1
    return (key, offset)
  }

  /// The common member name — no escapes, then `:` — read in one pass; nil (nothing read) for
  /// anything else, which `memberName` then reads carefully.
  @inline(__always) package mutating func simpleMemberName() -> StringToken? {
    skipWhitespace()
    guard next() == UInt8(ascii: "\"") else { return nil }
    let start = index + 1
    var i = start
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      i += 1
    }
    guard i < bytes.count else { return nil }
    let saved = index
    index = i + 1
    skipWhitespace()
    guard next() == UInt8(ascii: ":") else {
      index = saved
      return nil
    }
    index += 1
    return StringToken(start: start, count: i - start, escaped: false)
  }

  /// After a member's value: true at `,` (another member follows), false at `}`.
  package mutating func nextMember() throws(SyntaxError) -> Bool {
    skipWhitespace()
    guard let byte = next() else { throw error("unexpected end of file, expected ',' or '}'") }
    index += 1
    if byte == UInt8(ascii: ",") { return true }
    if byte == UInt8(ascii: "}") { return false }
    index -= 1
    throw error("unexpected \(describeNext()), expected ',' or '}'")
  }

  /// At `[`: consumes it; false when the array is empty (its `]` consumed too).
  package mutating func beginArray() -> Bool {
    index += 1
    skipWhitespace()
    if next() == UInt8(ascii: "]") {
      index += 1
      return false
    }
    return true
  }

  /// After an element: true at `,`, false at `]`.
  package mutating func nextElement() throws(SyntaxError) -> Bool {
    skipWhitespace()
    guard let byte = next() else { throw error("unexpected end of file, expected ',' or ']'") }
    index += 1
    if byte == UInt8(ascii: ",") { return true }
    if byte == UInt8(ascii: "]") { return false }
    index -= 1
    throw error("unexpected \(describeNext()), expected ',' or ']'")
  }

  /// After the top-level value: nothing but whitespace may follow.
  package mutating func end() throws(SyntaxError) {
    skipWhitespace()
    if index < bytes.count { throw error("unexpected \(describeNext()) after the top-level value") }
  }

  // MARK: Scalars

  /// At `"`: the string's bytes, unescaped.
  package mutating func string() throws(SyntaxError) -> StringToken {
    index += 1
    let start = index
    // The common case: no escapes, the bytes are the string.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return StringToken(start: start, count: index - 1 - start, escaped: false)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      index += 1
    }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: bytes[start..<index])
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return StringToken(start: 0, count: scratch.count, escaped: true)
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { throw error("unterminated string") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
          // Surrogate errors point at the escape they are about.
          let escape = index - 2
          var code = try hex4()
          if (0xDC00..<0xE000).contains(code) { throw error("unpaired surrogate in \\u escape", at: escape) }
          if (0xD800..<0xDC00).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate in \\u escape", at: escape) }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape", at: escape) }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
          scratch.append(contentsOf: String(Character(scalar)).utf8)
        default:
          index -= 1
          throw error("invalid escape '\\\(Character(UnicodeScalar(escape)))'")
        }
      case 0x00..<0x20:
        throw error("control character in string (escape it)")
      default:
        scratch.append(byte)
        index += 1
      }
    }
  }

  /// The bytes of a string token.
  package func withBytes<R>(_ token: StringToken, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    if token.escaped {
      return scratch.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[0..<token.count])) }
    }
    return body(
      UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[token.start..<token.start + token.count]))
  }

  package func text(_ token: StringToken) -> String {
    withBytes(token) { String(decoding: $0, as: UTF8.self) }
  }

  /// True when the token's bytes are `word`'s.
  @inline(__always) package func equals(_ token: StringToken, _ word: StaticString) -> Bool {
    guard token.count == word.utf8CodeUnitCount else { return false }
    return withBytes(token) { bytes in
      let expected = word.utf8Start
      for i in 0..<bytes.count where bytes[i] != expected[i] { return false }
      return true
    }
  }

  private mutating func hex4() throws(SyntaxError) -> UInt32 {
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

  package mutating func literal(_ word: StaticString) throws(SyntaxError) {
    let start = index
    let matches = word.withUTF8Buffer { expected in
      index + expected.count <= bytes.count && bytes[index..<index + expected.count].elementsEqual(expected)
    }
    guard matches else { throw error("invalid literal, expected '\(word)'", at: start) }
    index += word.utf8CodeUnitCount
  }

  package static let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// At `-` or a digit: a finite number. Integers and decimals of up to 15 significant digits
  /// with a small exponent are converted exactly on the spot (both operands of one
  /// multiplication or division are exact, so the result is correctly rounded); others go
  /// through the standard library's conversion.
  package mutating func number() throws(SyntaxError) -> Double {
    let start = index
    var mantissa: UInt64 = 0
    var digitCount = 0
    var exponent = 0
    @inline(__always) func digits(_ counted: Bool, fraction: Bool) -> Int {
      let from = index
      while index < bytes.count {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        if counted {
          if mantissa != 0 || digit != 0 { digitCount += 1 }
          if digitCount <= 19 {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            if fraction { exponent -= 1 }
          } else if !fraction {
            exponent += 1
          }
        }
        index += 1
      }
      return index - from
    }
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    guard index < bytes.count else { throw error("invalid number") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else if digits(true, fraction: false) == 0 {
      throw error("invalid number")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits(true, fraction: true) > 0 else { throw error("invalid number: digits expected after '.'") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      var exponentNegative = false
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      let from = index
      var written = 0
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
        if written < 100_000 { written = written * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
        index += 1
      }
      guard index > from else { throw error("invalid number: digits expected in exponent") }
      exponent += exponentNegative ? -written : written
    }
    if digitCount <= 15 && exponent >= -22 && exponent <= 22 {
      let value = Double(mantissa)
      let magnitude = exponent >= 0 ? value * Self.powersOfTen[exponent] : value / Self.powersOfTen[-exponent]
      return negative ? -magnitude : magnitude
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      index = start
      throw error("number \(text) is out of range")
    }
    return value
  }

  /// The common number of a dataset — digits, perhaps a fraction, at most 15 significant digits,
  /// no sign, no exponent, not followed by another number character — read in one pass and
  /// exactly (`number()`'s fast path); nil, with nothing read, for anything else.
  @inline(__always) package mutating func simpleNonNegativeNumber() -> Double? {
    var i = index
    var mantissa: UInt64 = 0
    var digits = 0
    let count = bytes.count
    guard i < count else { return nil }
    let first = bytes[i] &- UInt8(ascii: "0")
    guard first < 10 else { return nil }
    if first == 0 {
      i += 1
    } else {
      while i < count {
        let digit = bytes[i] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        digits += 1
        i += 1
      }
    }
    var fraction = 0
    if i < count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      let start = i
      while i < count {
        let digit = bytes[i] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        mantissa = mantissa &* 10 &+ UInt64(digit)
        if mantissa != 0 { digits += 1 }
        i += 1
      }
      fraction = i - start
      guard fraction > 0 else { return nil }
    }
    guard digits <= 15, fraction <= 22 else { return nil }
    if i < count {
      switch bytes[i] {
      case UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "0")...UInt8(ascii: "9"): return nil
      default: break
      }
    }
    index = i
    return fraction == 0 ? Double(mantissa) : Double(mantissa) / Self.powersOfTen[fraction]
  }

  // MARK: Skipping

  /// Checks the syntax of the value here and moves past it, building nothing (object member
  /// names are checked for duplicates). Nesting is limited, so no input can exhaust the stack.
  package mutating func skipValue(depth: Int) throws(SyntaxError) {
    _ = try valueStart(depth: depth)
    switch bytes[index] {
    case UInt8(ascii: "{"):
      guard beginObject() else { return }
      var names = Set<String>()
      repeat {
        let (name, offset) = try memberName()
        let key = text(name)
        guard names.insert(key).inserted else { throw error("duplicate member '\(key)'", at: offset) }
        try skipValue(depth: depth + 1)
      } while try nextMember()
    case UInt8(ascii: "["):
      guard beginArray() else { return }
      repeat { try skipValue(depth: depth + 1) } while try nextElement()
    case UInt8(ascii: "\""): _ = try string()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: _ = try number()
    }
  }

  /// The first syntax error of the whole document, if it has one.
  package static func firstSyntaxError(in bytes: UnsafeBufferPointer<UInt8>) -> SyntaxError? {
    var scanner = JSONScanner(bytes)
    do {
      try scanner.skipValue(depth: 0)
      try scanner.end()
      return nil
    } catch {
      return error
    }
  }
}
