/// Text sizes in pixels and the estimate of how wide a text is drawn (there is no font engine
/// here): 0.6 of the font size per character, about the width of a digit in common sans-serif
/// faces, so an estimate errs on the wide side.
enum PictureText {
  static let labelSize = 10.0
  static let captionSize = 11.0
  static let titleSize = 14.0

  static func width(_ text: String, size: Double) -> Double {
    Double(text.count) * 0.6 * size
  }

  /// What is shown of a name from a dataset or a plugin: controls escaped, at most 80 characters.
  static func shown(_ text: String) -> String {
    let escaped = text.escapingAllControls
    return escaped.count <= 80 ? escaped : String(escaped.prefix(79)) + "…"
  }
}
