import TesseraKit

/// Cells drawn with their text (`selfsizing text` set): each cell whose text prop is a string
/// shows it as its label would, in the measured font at its size, broken into lines within the
/// cell's width less the padding (and half a pixel, what rounding a measured cell to the nearest
/// pixel may have taken), from the padding's top-left corner: the first line always, then as
/// many as fit.
public struct CellTexts {
  public var style: TextStyle
  public var metrics: FontMetrics
  /// The viewport's screen scale (nil: none), for the half pixel of slack.
  public var scale: Double?
  let measurer: any TextMeasuring
  /// A cell's text, or nil (no such prop, not a string, or longer than self-sizing measures).
  public var text: (IndexPath) -> String?

  /// The lines of `path`'s text in a cell of `frame`, with each one's baseline from the frame's
  /// top; none when the cell has no text.
  func lines(_ path: IndexPath, in frame: Rect) -> [(text: String, baseline: Double)] {
    guard let text = text(path) else { return [] }
    let width = max(0, frame.width - style.padding.left - style.padding.right + 0.5 / (scale ?? 1))
    var lines = measurer.lines(of: text, size: style.fontSize, width: width)
    if style.lines > 0, lines.count > style.lines { lines.removeLast(lines.count - style.lines) }
    // A line shows when its descent ends inside the cell (a rounding's slack allowed).
    let room = frame.height - style.padding.bottom + 1e-9
    var shown: [(String, Double)] = []
    for (index, line) in lines.enumerated() {
      let baseline = style.padding.top + metrics.ascender + Double(index) * metrics.lineHeight
      guard index == 0 || baseline + metrics.descender <= room else { break }
      shown.append((line.text, baseline))
    }
    return shown
  }
}

extension WorkbenchState {
  /// The texts cells show, when `selfsizing text` is set; nil when it is not.
  func cellTexts() -> CellTexts? {
    guard let style = settings.selfSizing.text, let measurer = settings.selfSizing.textMeasurer else { return nil }
    return CellTexts(
      style: style, metrics: measurer.metrics(size: style.fontSize), scale: model.screenScale, measurer: measurer,
      text: { [model] path in
        model.string(style.prop, at: path).flatMap { $0.utf8.count <= Limits.measuredText ? $0 : nil }
      })
  }
}
