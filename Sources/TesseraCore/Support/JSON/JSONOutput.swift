/// A JSON value built for output: members keep the order they were added in, numbers print in
/// Tessera's exact form, and the whole value prints on one line.
public indirect enum JSONOutput: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONOutput])
  case object([(String, JSONOutput)])
  /// Text that is already one serialized JSON value (a nested command's output), written as is.
  case raw(String)

  public static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool {
    lhs.serialized == rhs.serialized
  }

  /// One line, `{"key": value, ...}`, as docs/design.md, "JSON output", writes it.
  public var serialized: String {
    var out = ""
    write(into: &out)
    return out
  }

  /// Appends the serialized value to `out` (what `serialized` returns, without a copy).
  public func write(into out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    // Every number from a plugin is checked finite before output; invalid JSON is never printed.
    case .number(let n): out += n.isFinite ? formatNumber(n) : "null"
    case .string(let s): Self.writeString(s, into: &out)
    case .raw(let text): out += text
    case .array(let values):
      out += "["
      for (index, value) in values.enumerated() {
        if index > 0 { out += ", " }
        value.write(into: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out += ", " }
        Self.writeString(key, into: &out)
        out += ": "
        value.write(into: &out)
      }
      out += "}"
    }
  }

  public static func writeString(_ s: String, into out: inout String) {
    // Most strings (identifiers) need no escape: appended whole.
    if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 < 0x7F }) {
      out += "\""
      out += s
      out += "\""
      return
    }
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      // Every C0 control, and DEL and the C1 controls too (valid JSON either way, but a terminal
      // showing the line would act on them).
      case let c where c.value < 0x20 || (0x7F...0x9F).contains(c.value):
        let hex = String(c.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
