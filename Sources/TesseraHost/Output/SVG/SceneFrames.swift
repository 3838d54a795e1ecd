import TesseraKit

/// The parts every picture of a scene shares: the clip to the area, the content bounds, the
/// viewport frame and its caption.
enum SceneFrames {
  static let clipID = "ts-area"

  /// `<clipPath>` for the area, for `defs`.
  static func clipPath(_ area: Rect, id: String = clipID) -> SVGDocument {
    var doc = SVGDocument()
    doc.start("clipPath", ["id": id])
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

  static let labelMaskID = "ts-labels"

  /// A `<mask>` for `defs` that hides the viewport's line where it would cross a label (the
  /// boxes `ElementPainter` noted inside `area`); nil when no label lies on the viewport's edges.
  static func labelMask(_ boxes: [Rect], viewport: Rect, area: Rect, unit: Double, id: String = labelMaskID)
    -> SVGDocument?
  {
    let half = 2 * unit
    let edges = [
      Rect(x: viewport.minX - half, y: viewport.minY - half, width: viewport.width + 2 * half, height: 2 * half),
      Rect(x: viewport.minX - half, y: viewport.maxY - half, width: viewport.width + 2 * half, height: 2 * half),
      Rect(x: viewport.minX - half, y: viewport.minY - half, width: 2 * half, height: viewport.height + 2 * half),
      Rect(x: viewport.maxX - half, y: viewport.minY - half, width: 2 * half, height: viewport.height + 2 * half),
    ]
    let crossed = boxes.filter { box in edges.contains { $0.overlapsWithArea(box) } }
    guard !crossed.isEmpty else { return nil }
    let outer = Rect(
      x: min(area.minX, viewport.minX) - half, y: min(area.minY, viewport.minY) - half,
      width: max(area.maxX, viewport.maxX) - min(area.minX, viewport.minX) + 2 * half,
      height: max(area.maxY, viewport.maxY) - min(area.minY, viewport.minY) + 2 * half)
    func rect(_ r: Rect, _ fill: String) -> KeyValuePairs<String, String?> {
      [
        "x": SVGNumber.rounded(r.minX), "y": SVGNumber.rounded(r.minY), "width": SVGNumber.rounded(r.width),
        "height": SVGNumber.rounded(r.height), "fill": fill,
      ]
    }
    var doc = SVGDocument()
    doc.start(
      "mask",
      [
        "id": id, "maskUnits": "userSpaceOnUse", "x": SVGNumber.rounded(outer.minX),
        "y": SVGNumber.rounded(outer.minY), "width": SVGNumber.rounded(outer.width),
        "height": SVGNumber.rounded(outer.height),
      ])
    doc.leaf("rect", rect(outer, "#ffffff"))
    for box in crossed { doc.leaf("rect", rect(box, "#000000")) }
    doc.end("mask")
    doc.newline()
    return doc
  }

  /// The viewport as a dashed frame (its line masked by `labelMask` when `spareLabels`). When
  /// its top-left corner lies inside the area with room above it, a tag on the line there gives
  /// its size and offset (every header caption gives them too).
  static func writeViewport(
    _ viewport: Rect, area: Rect, unit: Double, spareLabels: Bool = false, maskID: String = labelMaskID,
    labels: [Rect] = [], into doc: inout SVGDocument
  ) {
    let caption = viewportCaption(viewport)
    doc.start("g", ["data-viewport": caption])
    doc.leaf(
      "rect",
      [
        "x": SVGNumber.exact(viewport.minX), "y": SVGNumber.exact(viewport.minY),
        "width": SVGNumber.exact(viewport.width), "height": SVGNumber.exact(viewport.height), "class": "vp",
        "mask": spareLabels ? "url(#\(maskID))" : nil,
      ])
    // The tag sits on the line, above it, where the area has room and no label is: it covers
    // neither the labels of the cells at the viewport's top nor any other.
    let tagHeight = 15 * unit
    let width = PictureText.width(caption, size: PictureText.labelSize) + 8
    let tag = Rect(x: viewport.minX, y: viewport.minY - tagHeight, width: width * unit, height: tagHeight)
    if viewport.minX >= area.minX, viewport.minX < area.maxX, tag.minY >= area.minY, viewport.minY < area.maxY,
      !labels.contains(where: { $0.overlapsWithArea(tag) })
    {
      doc.leaf(
        "rect",
        [
          "x": SVGNumber.exact(viewport.minX), "y": SVGNumber.rounded(viewport.minY - tagHeight),
          "width": SVGNumber.rounded(width * unit), "height": SVGNumber.rounded(tagHeight), "class": "vptag",
        ])
      doc.element(
        "text",
        [
          "x": SVGNumber.rounded(viewport.minX + 4 * unit), "y": SVGNumber.rounded(viewport.minY - 4 * unit),
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
