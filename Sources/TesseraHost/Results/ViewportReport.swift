import TesseraKit

/// What `viewport` answers: the bounds size, the screen's scale (nil: none) and the scroll view's
/// insets, as set and as the layout reads them.
public struct ViewportReport: Sendable {
  public var size: Size
  public var scale: Double?
  public var insets: ViewportInsets
  public var resolved: ScrollInsets
}

extension WorkbenchState {
  var viewportReport: ViewportReport {
    ViewportReport(
      size: model.bounds.size, scale: screenScale, insets: model.insets, resolved: model.scrollInsets)
  }
}
