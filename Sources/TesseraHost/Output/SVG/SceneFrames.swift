import TesseraKit

/// The parts every picture of a scene shares: the clip to the area, the content bounds, the
/// viewport frame and its caption.
enum SceneFrames {
  static let clipID = "ts-area"

  /// `<clipPath>` for the area, for `defs`.
  static func clipPath(_ area: Rect) -> SVGDocument {
    var doc = SVGDocument()
    doc.start("clipPath", ["id": clipID])
    doc.leaf("rect", rectAttributes(area))
    doc.end("clipPath")
    doc.newline()
    return doc
  }

  static func rectAttributes(_ rect: Rect) -> KeyValuePairs<String, String?> {
    [
      "x": SVGNumber.exact(rect.minX), "y": SVGNumber.exact(rect.minY), "width": SVGNumber.exact(rect.width),
      "height": SVGNumber.exact(rect.height),
    ]
  }

  /// The content bounds: a white sheet from (0, 0) with a thin outline, under the elements.
  static func writeContent(_ size: Size, into doc: inout SVGDocument) {
    doc.leaf(
      "rect",
      [
        "data-content": size.formatted, "x": "0", "y": "0", "width": SVGNumber.exact(size.width),
        "height": SVGNumber.exact(size.height), "class": "sheet",
      ])
    doc.newline()
  }

  /// "viewport 390x844 at 0,600"
  static func viewportCaption(_ viewport: Rect) -> String {
    "viewport \(caption(viewport.size)) at \(caption(viewport.minX)),\(caption(viewport.minY))"
  }

  /// A number for a caption a person reads: at most two decimals (the drawing itself keeps
  /// every digit).
  static func caption(_ value: Double) -> String {
    formatNumber((value * 100).rounded() / 100)
  }

  static func caption(_ size: Size) -> String { "\(caption(size.width))x\(caption(size.height))" }

  /// "X,Y WxH", for captions.
  static func caption(_ rect: Rect) -> String {
    "\(caption(rect.minX)),\(caption(rect.minY)) \(caption(rect.size))"
  }

  /// The viewport as a dashed frame. When its top-left corner lies inside the area, below the
  /// area's top edge, a tag there gives its size and offset (every header caption gives them
  /// too, so a viewport that fills the picture leaves its top-left cell readable).
  static func writeViewport(_ viewport: Rect, area: Rect, unit: Double, into doc: inout SVGDocument) {
    let caption = viewportCaption(viewport)
    doc.start("g", ["data-viewport": caption])
    doc.leaf(
      "rect",
      [
        "x": SVGNumber.exact(viewport.minX), "y": SVGNumber.exact(viewport.minY),
        "width": SVGNumber.exact(viewport.width), "height": SVGNumber.exact(viewport.height), "class": "vp",
      ])
    if viewport.minX >= area.minX, viewport.minX < area.maxX, viewport.minY > area.minY, viewport.minY < area.maxY {
      let width = PictureText.width(caption, size: PictureText.labelSize) + 8
      doc.leaf(
        "rect",
        [
          "x": SVGNumber.exact(viewport.minX), "y": SVGNumber.exact(viewport.minY),
          "width": SVGNumber.rounded(width * unit), "height": SVGNumber.rounded(15 * unit), "class": "vptag",
        ])
      doc.element(
        "text",
        [
          "x": SVGNumber.rounded(viewport.minX + 4 * unit), "y": SVGNumber.rounded(viewport.minY + 11 * unit),
          "class": "vpt",
        ],
        content: caption)
    }
    doc.end("g")
    doc.newline()
  }

  /// Two header lines: "content 390x2000 · area 0,0 390x844" and "viewport 390x844 at 0,600",
  /// followed on the second line by `details` ("24 elements"), each after a " · ".
  static func captions(content size: Size, area: Rect, viewport: Rect, details: [String] = []) -> [String] {
    [
      "content \(caption(size)) · area \(caption(area))",
      ([viewportCaption(viewport)] + details).joined(separator: " · "),
    ]
  }
}
