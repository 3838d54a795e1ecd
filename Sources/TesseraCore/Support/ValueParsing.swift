import TesseraKit

/// A finite number as a person types it ("10", "-2.5", "1e3"); nil for anything else,
/// including nan and inf.
public func parseNumber(_ text: String) -> Double? {
  // Decimal only: `Double` would also read hexadecimal (`0x1p3`) and words (`inf`, `nan`).
  guard !text.isEmpty, text.first != "+",
    text.utf8.allSatisfy({
      ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x65 || $0 == 0x45 || $0 == 0x2D || $0 == 0x2B
    }),
    let value = Double(text), value.isFinite
  else { return nil }
  return value
}

/// `WxH` with finite numbers, e.g. `390x844` or `100.5x40`.
public func parseSize(_ text: String) -> Size? {
  let parts = text.split(separator: "x", omittingEmptySubsequences: false)
  guard parts.count == 2, let w = parseNumber(String(parts[0])), let h = parseNumber(String(parts[1])) else {
    return nil
  }
  return Size(width: w, height: h)
}

/// `S.I`, both whole numbers; nil otherwise.
public func parseIndexPath(_ text: String) -> IndexPath? {
  let parts = text.split(separator: ".", omittingEmptySubsequences: false)
  guard parts.count == 2, let s = Int(parts[0]), let i = Int(parts[1]) else { return nil }
  return IndexPath(s, i)
}
