import TesseraKit

/// Where labels go. A box shows its index path `S.I` centred in 10-pixel text when its frame,
/// on screen, is at least that text's estimated width plus 4 pixels wide and 14 pixels high; a
/// cell shows its id on a second line when the id fits the same way and the box is at least 26
/// pixels high. A box cut by the picture's edge is judged, and labelled, by the part that shows.
/// Decoration views, lines and dots have no label.
enum LabelFit {
  static let padding = 4.0
  static let oneLine = 14.0
  static let twoLines = 26.0

  static func fits(_ text: String, in size: Size, pixelsPerPoint: Double, height: Double) -> Bool {
    size.width * pixelsPerPoint >= PictureText.width(text, size: PictureText.labelSize) + padding
      && size.height * pixelsPerPoint >= height
  }

  /// The lines to show in a box of `size`: none, the path, or the path and the id.
  static func lines(path: String, id: String?, size: Size, pixelsPerPoint: Double) -> [String] {
    guard fits(path, in: size, pixelsPerPoint: pixelsPerPoint, height: oneLine) else { return [] }
    guard let id, !id.isEmpty else { return [path] }
    let shown = PictureText.shown(id)
    return fits(shown, in: size, pixelsPerPoint: pixelsPerPoint, height: twoLines) ? [path, shown] : [path]
  }
}
