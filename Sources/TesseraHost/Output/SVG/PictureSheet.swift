import TesseraKit

/// The sheet a picture is drawn on and the SVG around it.
///
/// The `viewBox` is the content box (the requested area, or a film strip's row of panels) with a
/// margin of 10 pixels on every side and the header band (title, legend, captions) above it;
/// the `width` and `height` attributes are the sheet's size in pixels. Pixel-sized things
/// (margins, strokes, text) are converted to points with `unit`, so they look the same at any
/// scale. When no width is asked for, a sheet is widened on the right until its header fits.
struct PictureSheet {
  static let marginPixels = 10.0

  let pixelsPerPoint: Double
  /// Points per pixel.
  let unit: Double
  let viewBox: Rect
  let pixelSize: Size
  let fixedWidth: Double?
  let header: PictureHeader
  let headerLayout: PictureHeader.Layout
  let headerOrigin: Point

  /// Pixels per point: `options.width` fits `scalableWidth` points plus `fixedPixels` pixels
  /// (and the margins) into that many pixels; otherwise `options.scale`; 1 when neither is
  /// usable.
  static func pixelsPerPoint(_ options: PictureOptions, scalableWidth: Double, fixedPixels: Double = 0) -> Double {
    if let width = options.width, width.isFinite, width > 0, scalableWidth > 0, scalableWidth.isFinite {
      let fitted = (width - 2 * marginPixels - fixedPixels) / scalableWidth
      if fitted.isFinite, fitted > 0 { return fitted }
      return width / scalableWidth
    }
    return options.scale.isFinite && options.scale > 0 ? options.scale : 1
  }

  init(content: Rect, pixelsPerPoint: Double, header: PictureHeader, options: PictureOptions) {
    self.pixelsPerPoint = pixelsPerPoint
    unit = 1 / pixelsPerPoint
    self.header = header
    let width = options.width.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    fixedWidth = width
    let margin = Self.marginPixels
    let contentPixels = content.width * pixelsPerPoint
    headerLayout = header.layout(width: max(width.map { $0 - 2 * margin } ?? contentPixels, width == nil ? 360 : 0))
    let headerPixels = headerLayout.height
    let sheetWidth = width ?? max(contentPixels, headerLayout.width) + 2 * margin
    let sheetHeight = content.height * pixelsPerPoint + headerPixels + 2 * margin
    let origin = Point(
      x: SVGNumber.roundedValue(content.minX - margin * unit),
      y: SVGNumber.roundedValue(content.minY - (margin + headerPixels) * unit))
    viewBox = Rect(
      origin: origin,
      size: Size(
        width: SVGNumber.roundedValue(sheetWidth * unit), height: SVGNumber.roundedValue(sheetHeight * unit)))
    pixelSize = Size(width: sheetWidth, height: sheetHeight)
    headerOrigin = Point(x: content.minX, y: content.minY - headerPixels * unit)
  }

  /// The finished SVG: the root element, title, style sheet, definitions (`defs`, then the
  /// style's patterns), the background, the header, and `body`.
  func document(style: PictureStyle, defs: SVGDocument, body: SVGDocument) -> String {
    var doc = SVGDocument()
    doc.start(
      "svg",
      [
        "xmlns": "http://www.w3.org/2000/svg",
        "width": fixedWidth.map(SVGNumber.exact) ?? SVGNumber.rounded(pixelSize.width),
        "height": SVGNumber.rounded(pixelSize.height),
        "viewBox": [viewBox.minX, viewBox.minY, viewBox.width, viewBox.height].map(SVGNumber.exact)
          .joined(separator: " "),
      ])
    doc.newline()
    if let title = header.title {
      doc.element("title", content: PictureText.shown(title))
      doc.newline()
    }
    style.writeSheet(into: &doc)
    doc.newline()
    doc.start("defs")
    doc.newline()
    doc.append(defs)
    style.writePatterns(into: &doc)
    doc.end("defs")
    doc.newline()
    doc.leaf(
      "rect",
      [
        "class": "bg", "x": SVGNumber.exact(viewBox.minX), "y": SVGNumber.exact(viewBox.minY),
        "width": SVGNumber.exact(viewBox.width), "height": SVGNumber.exact(viewBox.height),
      ])
    doc.newline()
    header.write(headerLayout, at: headerOrigin, unit: unit, into: &doc)
    doc.append(body)
    doc.end("svg")
    doc.newline()
    return doc.text
  }
}
