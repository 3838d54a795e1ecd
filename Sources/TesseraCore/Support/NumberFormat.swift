import TesseraKit

/// Numbers as Tessera prints them everywhere: integers without a decimal point, everything else
/// in the shortest form that reads back to the same double (never rounded), so transcripts are
/// exact and stable.
public func formatNumber(_ value: Double) -> String {
  if value == 0 { return "0" }  // also -0
  if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
  return value.description
}

/// Numbers in tables, as a device's debugger shows a frame: at most 3 decimals, trailing zeros
/// dropped, half away from zero (`86.66666666666667` reads `86.667`). JSON and every message keep
/// `formatNumber`'s exact form.
public func formatTableNumber(_ value: Double) -> String {
  guard value.isFinite, abs(value) < 1e15 else { return formatNumber(value) }
  return formatNumber((value * 1000).rounded(.toNearestOrAwayFromZero) / 1000)
}

extension Size {
  public var formatted: String { "\(formatNumber(width))x\(formatNumber(height))" }
  /// `formatted` with table numbers.
  public var tableFormatted: String { "\(formatTableNumber(width))x\(formatTableNumber(height))" }
}
