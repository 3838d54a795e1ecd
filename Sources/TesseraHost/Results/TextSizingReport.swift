import TesseraKit

/// `selfsizing text …`: how cells with a `text` prop measure now (nil style: they do not).
public struct TextSizingReport: Sendable {
  public var style: TextStyle?
  public var fontName: String
  /// The font's metrics at the style's size.
  public var metrics: FontMetrics?
  /// The self-sizing passes the change took, when self-sizing is on.
  public var passes: Int?
}

/// `selfsizing measure S.I`: what one cell measures, from where, in the size the layout gives it.
public struct CellMeasureReport: Sendable {
  public var indexPath: IndexPath
  public var id: String
  public var proposed: Size
  public var measured: Size?
  public var source: MeasureSource
  /// When the text measured: the font and the style.
  public var fontName: String?
  public var style: TextStyle?
}
