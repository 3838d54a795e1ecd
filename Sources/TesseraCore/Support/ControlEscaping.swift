/// Control characters from input or datasets (an id holding ESC could recolour or clear a
/// terminal) are printed as Swift-style escapes, `\u{1B}`: every C0 control but the newline
/// that separates lines, DEL and the C1 controls. JSON output escapes them itself.
extension String {
  public var escapingControls: String {
    // Fast path: most output has no control character at all.
    guard utf8.contains(where: { $0 < 0x20 && $0 != 0x0A || $0 == 0x7F || $0 == 0xC2 }) else { return self }
    var out = ""
    out.reserveCapacity(utf8.count)
    for scalar in unicodeScalars {
      if scalar != "\n" && Self.isControl(scalar) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The same for one table cell or one word, where a newline or tab would also break the layout.
  package var escapingAllControls: String {
    guard utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return self }
    return replacingNewlines.escapingControls
  }

  private var replacingNewlines: String {
    var out = ""
    for scalar in unicodeScalars {
      if scalar == "\n" { out += "\\u{A}" } else { out.unicodeScalars.append(scalar) }
    }
    return out
  }

  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
