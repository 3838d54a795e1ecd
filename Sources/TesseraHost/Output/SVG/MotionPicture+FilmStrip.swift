import TesseraKit

extension MotionPicture {
  static let panelGapPixels = 20.0
  static let panelCaptionPixels = 18.0
  static let maximumFrames = 60

  /// A still film strip: `frames` panels side by side (clamped to 2...60), panel k showing the
  /// elements at t = k / (frames − 1) by `Motion.element(at:)` (UIKit's interactive transition
  /// rule), each captioned "t = 0.5". Panels are 20 pixels apart; `options.width` fits the whole
  /// strip. Every panel keeps content coordinates, moved right by a `translate`, so an element's
  /// `x` in a panel is its interpolated x.
  public static func filmStrip(_ motions: [Motion], frames: Int, scene: PictureScene, options: PictureOptions)
    -> Picture
  {
    let count = min(max(frames, 2), maximumFrames)
    let area = scene.area
    let pixelsPerPoint = PictureSheet.pixelsPerPoint(
      options, scalableWidth: Double(count) * area.width, fixedPixels: Double(count - 1) * panelGapPixels)
    let unit = 1 / pixelsPerPoint
    var painter = ElementPainter(
      kinds: scene.kinds, elements: motions.flatMap { [$0.start, $0.end] }, drawings: scene.drawings,
      pixelsPerPoint: pixelsPerPoint, labels: options.labels)
    painter.clip = area
    let step = SVGNumber.roundedValue(area.width + panelGapPixels * unit)

    var body = SVGDocument()
    var shown = 0
    for frame in 0..<count {
      let t = Double(frame) / Double(count - 1)
      let tText = SVGNumber.rounded(t)
      var elements = motions.map { $0.element(at: t) }
      var names = motions.map(\.label)
      var ids = motions.map(\.id)
      if !options.showHidden {
        let keep = elements.indices.filter { !elements[$0].isHidden }
        (elements, names, ids) = (keep.map { elements[$0] }, keep.map { names[$0] }, keep.map { ids[$0] })
      }
      shown = max(shown, elements.count)
      body.start(
        "g",
        [
          "data-frame": String(frame), "data-t": tText,
          "transform": "translate(\(SVGNumber.rounded(Double(frame) * step)) 0)",
        ])
      body.newline()
      body.element(
        "text", ["x": SVGNumber.exact(area.minX), "y": SVGNumber.rounded(area.minY - 6 * unit), "class": "cap"],
        content: "t = \(tText)")
      body.newline()
      body.start("g", ["clip-path": "url(#\(SceneFrames.clipID))"])
      body.newline()
      SceneFrames.writeContent(scene.contentSize, into: &body)
      for index in PaintingOrder.order(elements, kindIndex: painter.paletteIndex) {
        painter.paint(elements[index], name: names[index], id: ids[index], into: &body)
      }
      SceneFrames.writeViewport(viewport(scene, at: t), area: area, unit: unit, into: &body)
      body.end("g")
      body.end("g")
      body.newline()
    }

    var header = PictureHeader(title: options.title)
    header.legend = painter.legend(motions.map(\.end)) + [.init(swatch: .box("vp"), name: "viewport")]
    header.captions = SceneFrames.captions(
      content: scene.contentSize, area: area, viewport: scene.viewport,
      details: ["film strip: \(count) frames, \(motions.count) element\(motions.count == 1 ? "" : "s")"])
    let caption = panelCaptionPixels * unit
    let content = Rect(
      x: area.minX, y: area.minY - caption, width: Double(count - 1) * step + area.width, height: area.height + caption)
    let sheet = PictureSheet(content: content, pixelsPerPoint: pixelsPerPoint, header: header, options: options)
    let svg = sheet.document(style: painter.style, defs: SceneFrames.clipPath(area), body: body)
    return Picture(svg: svg, elementCount: shown, overlapCount: 0, isOverview: false)
  }

  /// The bounds at `t`: blended from the start's to the end's, like the content offset of a
  /// transition.
  static func viewport(_ scene: PictureScene, at t: Double) -> Rect {
    guard let start = scene.startViewport else { return scene.viewport }
    let end = scene.viewport
    return Rect(
      x: SVGNumber.roundedValue(start.minX + (end.minX - start.minX) * t),
      y: SVGNumber.roundedValue(start.minY + (end.minY - start.minY) * t), width: end.width, height: end.height)
  }
}
