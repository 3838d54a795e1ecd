/// How a picture is drawn. Every field is plain data, so the same options always give the same
/// bytes.
public struct PictureOptions: Sendable, Equatable {
  /// Pixels per point: the SVG's `width` and `height` attributes are the sheet's size in points
  /// times this (the `viewBox` stays in points). Values that are not finite and positive count
  /// as 1.
  public var scale: Double = 1
  /// Fit the sheet to this many pixels wide; overrides `scale` when set (finite and positive).
  public var width: Double? = nil
  /// Drawn as a caption above the picture and as the SVG's `<title>`.
  public var title: String? = nil
  /// Labels `S.I` (and a cell's id on a second line) where they fit; false hides every label.
  public var labels: Bool = true
  /// Hidden elements are not drawn by default (UIKit does not show them); true draws them with
  /// a dashed outline.
  public var showHidden: Bool = false
  /// Above this many elements a layout picture becomes a density overview.
  public var overviewLimit: Int = 20_000

  public init(
    scale: Double = 1, width: Double? = nil, title: String? = nil, labels: Bool = true, showHidden: Bool = false,
    overviewLimit: Int = 20_000
  ) {
    self.scale = scale
    self.width = width
    self.title = title
    self.labels = labels
    self.showHidden = showHidden
    self.overviewLimit = overviewLimit
  }
}
