/// The three ways a picture writes numbers, so the same values always give the same bytes.
package enum SVGNumber {
  /// A value taken from attributes (a frame's x, an alpha, a transform's entries): exact, as
  /// `formatNumber` prints it, so a number read back from the SVG equals the attribute.
  package static func exact(_ value: Double) -> String {
    value.isFinite ? formatNumber(value) : "0"
  }

  /// A value the picture computed (an interpolated frame, a centre, a bin's shade): rounded to
  /// 3 decimals, then printed in the shortest form.
  package static func rounded(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    return formatNumber(roundedValue(value))
  }

  package static func roundedValue(_ value: Double) -> Double {
    guard value.isFinite, abs(value) < 1e12 else { return value }
    return (value * 1000).rounded() / 1000
  }

  /// A size given in pixels and drawn in points (a stroke, a font, a margin): 3 significant
  /// digits, so that it stays visible at any scale.
  package static func length(_ value: Double) -> String {
    formatNumber(significant(value))
  }

  /// `value` rounded to 3 significant digits (by powers of ten, without Foundation).
  package static func significant(_ value: Double) -> Double {
    guard value.isFinite, value != 0 else { return 0 }
    // Beyond these the scale factor below would overflow: such numbers are kept as they are.
    guard abs(value) > 1e-290, abs(value) < 1e290 else { return value }
    var factor = 1.0
    var magnitude = abs(value)
    while magnitude >= 1000 {
      magnitude /= 10
      factor /= 10
    }
    while magnitude < 100 {
      magnitude *= 10
      factor *= 10
    }
    return factor >= 1 ? (value * factor).rounded() / factor : (value * factor).rounded() * (1 / factor).rounded()
  }
}
