import TesseraKit

extension MotionPicture {
  static let panelGapPixels = 20.0
  static let panelCaptionPixels = 18.0
  static let maximumFrames = 60
  /// How wide a row of panels may be, in pixels, before the next panel starts a new row: a
  /// strip stays readable where a page is about this wide (a README).
  static let rowPixels = 840.0

  /// A still film strip: `frames` panels (clamped to 2...60), panel k showing the elements at
  /// t = k / (frames − 1) by `Motion.element(at:)` (UIKit's interactive transition rule), each
  /// captioned "t = 0.5". Panels sit side by side, in rows of as many as fit 840 pixels at the
  /// picture's scale (at least one), 20 pixels apart; `options.width` fits one row. Every panel
  /// keeps content coordinates, moved by a `translate`, so an element's `x` in a panel is its
  /// interpolated x. A batch's changes are outlined in every panel (inserted, deleted, moved,
  /// reloaded) and drawn over what it leaves (at each z index); an element whose index path
  /// changes is labelled `old→new` where that fits (else its path before the update in the
  /// first half, after it in the second); copies fading below alpha 0.5 have no label.
  public static func filmStrip(_ motions: [Motion], frames: Int, scene: PictureScene, options: PictureOptions)
    -> Picture
  {
    let count = min(max(frames, 2), maximumFrames)
    let area = scene.area
    let scale = options.scale.isFinite && options.scale > 0 ? options.scale : 1
    let fitting = Int(((rowPixels + panelGapPixels) / (area.width * scale + panelGapPixels)).rounded(.down))
    let columns = min(count, max(1, fitting))
    let rows = (count + columns - 1) / columns
    let pixelsPerPoint = PictureSheet.pixelsPerPoint(
      options, scalableWidth: Double(columns) * area.width, fixedPixels: Double(columns - 1) * panelGapPixels)
    let unit = 1 / pixelsPerPoint
    var painter = ElementPainter(
      kinds: scene.kinds, elements: motions.flatMap { [$0.start, $0.end] }, drawings: scene.drawings,
      pixelsPerPoint: pixelsPerPoint, labels: options.labels,
      cellColours: scene.cellColours)
    painter.clip = area
    let step = SVGNumber.roundedValue(area.width + panelGapPixels * unit)
    let caption = panelCaptionPixels * unit
    let rowStep = SVGNumber.roundedValue(area.height + caption + panelGapPixels * unit)

    var body = SVGDocument()
    var defs = SceneFrames.clipPath(area)
    var shown = 0
    for frame in 0..<count {
      let t = Double(frame) / Double(count - 1)
      let tText = SVGNumber.rounded(t)
      var elements = motions.map { $0.element(at: t) }
      var kept = Array(motions.indices)
      if !options.showHidden {
        kept = kept.filter { !elements[$0].isHidden }
      }
      elements = kept.map { elements[$0] }
      let shownMotions = kept.map { motions[$0] }
      shown = max(shown, elements.count)
      let x = SVGNumber.rounded(Double(frame % columns) * step)
      let y = SVGNumber.rounded(Double(frame / columns) * rowStep)
      body.start(
        "g", ["data-frame": String(frame), "data-t": tText, "transform": "translate(\(x) \(y))"])
      body.newline()
      body.element(
        "text", ["x": SVGNumber.exact(area.minX), "y": SVGNumber.rounded(area.minY - 6 * unit), "class": "cap"],
        content: "t = \(tText)")
      body.newline()
      body.start("g", ["clip-path": "url(#\(SceneFrames.clipID))"])
      body.newline()
      SceneFrames.writeContent(scene.contentSize, into: &body)
      for index in Self.order(elements, shownMotions, painter: painter) {
        let motion = shownMotions[index]
        let element = elements[index]
        // `0.5→0.0` where it fits; else the path before the update in the first half, the
        // one after it in the second.
        var path = motion.pathLabel
        if let arrow = path, painter.labelLines(element, id: nil, path: arrow).isEmpty {
          path = t < 0.5 ? motion.startPath : nil
        }
        painter.paint(
          element, name: motion.label, id: motion.id, path: path, outline: motion.change.styleClass,
          labelled: element.alpha >= 0.5, into: &body)
      }
      // The viewport's line spares this panel's labels (a mask per panel).
      let bounds = viewport(scene, at: t)
      let maskID = "\(SceneFrames.labelMaskID)-\(frame)"
      let labels = painter.takeLabelBoxes()
      let mask = SceneFrames.labelMask(labels, viewport: bounds, area: area, unit: unit, id: maskID)
      if let mask { defs.append(mask) }
      SceneFrames.writeViewport(
        bounds, area: area, unit: unit, spareLabels: mask != nil, maskID: maskID, labels: labels, into: &body)
      body.end("g")
      body.end("g")
      body.newline()
    }

    var header = PictureHeader(title: options.title)
    header.legend =
      painter.legend(motions.map(\.end)) + Motion.Change.legend(motions) + [
        .init(swatch: .box("vp"), name: "viewport")
      ]
    header.captions = SceneFrames.captions(
      content: scene.contentSize, area: area, viewport: scene.viewport,
      details: ["film strip: \(count) frames, \(motions.count) element\(motions.count == 1 ? "" : "s")"])
    let content = Rect(
      x: area.minX, y: area.minY - caption, width: Double(columns - 1) * step + area.width,
      height: Double(rows - 1) * rowStep + area.height + caption)
    let sheet = PictureSheet(content: content, pixelsPerPoint: pixelsPerPoint, header: header, options: options)
    let svg = sheet.document(style: painter.style, defs: defs, body: body)
    return Picture(svg: svg, elementCount: shown, overlapCount: 0, isOverview: false)
  }

  /// Painting order (`PaintingOrder`), at each z index: what the batch deletes under what it
  /// leaves, and what it moves, inserts or reloads over it — a moving cell passes over its
  /// neighbours, as a person follows it, and a fading one does not hide them.
  static func order(_ elements: [Element], _ motions: [Motion], painter: ElementPainter) -> [Int] {
    let order = PaintingOrder.order(elements, kindIndex: painter.paletteIndex)
    return order.enumerated().sorted { a, b in
      let (x, y) = (elements[a.element], elements[b.element])
      if x.zIndex != y.zIndex { return x.zIndex < y.zIndex }
      let (p, q) = (layer(motions[a.element].change), layer(motions[b.element].change))
      return p != q ? p < q : a.offset < b.offset
    }.map(\.element)
  }

  private static func layer(_ change: Motion.Change) -> Int {
    switch change {
    case .deleted: 0
    case .none: 1
    case .inserted, .moved, .reloaded: 2
    }
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
