extension String {
  /// The string as XML character data or an attribute value: `& < > " '` become entities, and
  /// characters XML cannot hold or a terminal would act on — every C0 control (tab and newline
  /// too), DEL, the C1 controls, U+FFFE and U+FFFF — are written as Swift-style escapes,
  /// `\u{1B}`, like the rest of Tessera's output.
  var xmlEscaped: String {
    guard
      utf8.contains(where: {
        $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
          || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 < 0x20 || $0 == 0x7F || $0 >= 0xC2
      })
    else { return self }
    var out = ""
    out.reserveCapacity(utf8.count + 16)
    for scalar in unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case let c where String.isControl(c) || c.value == 0xFFFE || c.value == 0xFFFF:
        out += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
