import TesseraKit

extension SceneFrames {
  /// The scroll view's insets over the viewport: the safe area's edges shaded (what the screen's
  /// bars and corners cover), the adjusted content inset as a dotted rect (where the content's
  /// edges come to rest). Returns the legend entries for what it drew.
  static func writeScrollInsets(_ insets: ScrollInsets, viewport: Rect, into doc: inout SVGDocument)
    -> [PictureHeader.Entry]
  {
    var legend: [PictureHeader.Entry] = []
    let s = insets.safeAreaInsets
    if s != .zero {
      doc.start("g", ["data-safe-area": [s.top, s.left, s.bottom, s.right].map(formatNumber).joined(separator: ",")])
      let bands = [
        Rect(x: viewport.minX, y: viewport.minY, width: viewport.width, height: min(s.top, viewport.height)),
        Rect(
          x: viewport.minX, y: viewport.maxY - min(s.bottom, viewport.height), width: viewport.width,
          height: min(s.bottom, viewport.height)),
        Rect(x: viewport.minX, y: viewport.minY, width: min(s.left, viewport.width), height: viewport.height),
        Rect(
          x: viewport.maxX - min(s.right, viewport.width), y: viewport.minY, width: min(s.right, viewport.width),
          height: viewport.height),
      ]
      for band in bands where band.width > 0 && band.height > 0 {
        doc.leaf(
          "rect",
          [
            "x": SVGNumber.exact(band.minX), "y": SVGNumber.exact(band.minY), "width": SVGNumber.exact(band.width),
            "height": SVGNumber.exact(band.height), "class": "unsafe",
          ])
      }
      doc.end("g")
      doc.newline()
      legend.append(.init(swatch: .box("unsafe"), name: "safe area insets"))
    }
    let a = insets.adjustedContentInset
    if a != .zero {
      let inner = Rect(
        x: viewport.minX + a.left, y: viewport.minY + a.top, width: max(0, viewport.width - a.left - a.right),
        height: max(0, viewport.height - a.top - a.bottom))
      doc.leaf(
        "rect",
        [
          "data-adjusted-content-inset": [a.top, a.left, a.bottom, a.right].map(formatNumber).joined(separator: ","),
          "x": SVGNumber.exact(inner.minX), "y": SVGNumber.exact(inner.minY), "width": SVGNumber.exact(inner.width),
          "height": SVGNumber.exact(inner.height), "class": "adj",
        ])
      doc.newline()
      legend.append(.init(swatch: .box("adj"), name: "adjusted content inset"))
    }
    return legend
  }
}
