import TesseraKit

/// Numbers as Tessera prints them everywhere: integers without a decimal point, everything else
/// in the shortest form that reads back to the same double (never rounded), so transcripts are
/// exact and stable.
public func formatNumber(_ value: Double) -> String {
  if value == 0 { return "0" }  // also -0
  if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
  return value.description
}

extension Size {
  public var formatted: String { "\(formatNumber(width))x\(formatNumber(height))" }
}
