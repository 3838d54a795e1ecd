import TesseraKit

/// `selfsizing text`'s `key=value` options: how a cell with a `text` prop measures it. Each one
/// given replaces its value; the others stay as they were.
package enum TextStyleOptions {
  package static let schema = OptionSchema(
    "selfsizing text",
    [
      OptionSpec(
        "prop", .string, default: "text", placeholder: "NAME", doc: "the string prop that holds each cell's text"),
      OptionSpec(
        "font", .number, default: "17", range: 1...Limits.fontSize, placeholder: "POINTS",
        doc: "the label's font size (DejaVu Sans; UIKit's body text is 17)"),
      OptionSpec(
        "padding", .insets, default: "8,8,8,8", range: 0...Limits.inset, placeholder: "T,L,B,R",
        doc: "between the cell's edges and the label (a view's layout margins are 8 on each side)"),
      OptionSpec(
        "fit", .choice(TextStyle.Fit.allCases.map(\.rawValue)), default: "both", placeholder: "both|height|width",
        doc:
          "the sides the cell fits to its text: both (UICollectionViewCell's default: one line per paragraph unless maxWidth), height (the width is kept and the text wraps in it), width (the height is kept)"
      ),
      OptionSpec(
        "maxWidth", .number, default: "0", range: 0...Limits.coordinate, placeholder: "POINTS",
        doc: "with fit=both, the widest cell: the text wraps within it (0: no limit)"),
      OptionSpec(
        "lines", .integer, default: "0", range: 0...1_000_000, placeholder: "N",
        doc: "numberOfLines: the most lines the label shows (0: no limit)"),
    ])

  /// The style `pairs` make of `current`.
  package static func applied(_ pairs: [(key: String, value: String)], to current: TextStyle) throws(HostError)
    -> TextStyle
  {
    let given = try schema.parse(pairs)
    var style = current
    if given.has("prop"), let name = given.text("prop") {
      guard !name.isEmpty, name.utf8.count <= 255 else {
        throw HostError("invalid value '\(name)' for prop: expected a prop name of 1 to 255 bytes")
      }
      style.prop = name
    }
    if given.has("font"), let size = given.number("font") { style.fontSize = size }
    if given.has("padding"), let n = given.value("padding")?.numbers {
      style.padding = EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }
    if given.has("fit"), let word = given.text("fit"), let fit = TextStyle.Fit(rawValue: word) { style.fit = fit }
    if given.has("maxWidth"), let width = given.number("maxWidth") { style.maxWidth = width > 0 ? width : nil }
    if given.has("lines"), let lines = given.integer("lines") { style.lines = lines }
    return style
  }

  /// The style as options that make it again (the checkpoint keeps it so).
  package static func pairs(_ style: TextStyle) -> [(key: String, value: String)] {
    let p = style.padding
    return [
      ("prop", style.prop), ("font", formatNumber(style.fontSize)),
      ("padding", [p.top, p.left, p.bottom, p.right].map(formatNumber).joined(separator: ",")),
      ("fit", style.fit.rawValue), ("maxWidth", formatNumber(style.maxWidth ?? 0)), ("lines", String(style.lines)),
    ]
  }
}
