import TesseraKit

/// How a cell sizes itself to its `text` prop: as a cell whose content view holds one multi-line
/// UILabel pinned to its margins, asked `systemLayoutSizeFitting` with the size the layout
/// proposed (docs/uikit-behaviour.md, "Self-sizing by text").
public struct TextStyle: Hashable, Sendable {
  /// Which sides of the proposed size the cell fits to its text; the others it keeps.
  public enum Fit: String, CaseIterable, Sendable {
    /// Both sides (UICollectionViewCell's default, fitting priority low on both axes): the label
    /// is as wide as its longest line, wrapped only at `maxWidth` when one is set.
    case both
    /// The width is kept and the label wraps within it; the height follows (a list cell).
    case height
    /// The height is kept; the width follows the longest line, unwrapped.
    case width
  }

  /// The prop that holds the label's text.
  public var prop = "text"
  /// The label's font size in points (UIFont's body style is 17).
  public var fontSize = 17.0
  /// Between the cell's edges and the label (a content view's layout margins are 8 on each side).
  public var padding = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
  public var fit = Fit.both
  /// With `fit=both`: the widest cell, beyond which the label wraps; nil for no limit.
  public var maxWidth: Double?
  /// UILabel's `numberOfLines`: the most lines shown, 0 for no limit.
  public var lines = 0

  public init() {}

  /// What a cell holding `text` measures, given the size the layout proposed and the viewport's
  /// screen scale: the label's size rounds up to whole pixels (whole points without a scale), and
  /// a fitted side of the cell to the nearest pixel (not at all without a scale).
  public func measure(
    _ text: String, proposed: Size, scale: Double?, with measurer: any TextMeasuring
  ) -> TextMeasure {
    let horizontal = padding.left + padding.right
    let width: Double? =
      switch fit {
      case .both: maxWidth.map { max(0, $0 - horizontal) }
      case .height: max(0, proposed.width - horizontal)
      case .width: nil
      }
    var broken = measurer.lines(of: text, size: fontSize, width: width)
    if lines > 0, broken.count > lines { broken.removeLast(broken.count - lines) }
    let metrics = measurer.metrics(size: fontSize)
    // UILabel's UICeilToViewScale: up to the next pixel.
    let pixels = scale ?? 1
    func roundedUp(_ value: Double) -> Double { (value * pixels).rounded(.up) / pixels }
    let label = Size(
      width: roundedUp(broken.map(\.width).max() ?? 0),
      height: roundedUp(Double(broken.count) * metrics.lineHeight))
    // A fitted side rounds to the nearest pixel (UISizeRoundToScale); a kept side is the
    // proposed one, untouched (UICollectionViewCell returns the target on a required axis).
    func nearestPixel(_ value: Double) -> Double { scale.map { (value * $0).rounded() / $0 } ?? value }
    let cell = Size(
      width: fit == .height ? proposed.width : nearestPixel(label.width + horizontal),
      height: fit == .width ? proposed.height : nearestPixel(label.height + padding.top + padding.bottom))
    return TextMeasure(lines: broken, label: label, cell: cell)
  }
}

/// A measured text: the label's lines, the label's size (rounded up) and the cell's.
public struct TextMeasure: Equatable, Sendable {
  public var lines: [TextLine]
  public var label: Size
  public var cell: Size
}
