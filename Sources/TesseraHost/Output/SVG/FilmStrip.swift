import TesseraKit

/// One panel of a film strip: its caption, the elements it shows and the bounds at that moment.
struct FilmPanel {
  /// The caption over the panel ("t = 0.5").
  var caption: String
  /// The panel's moment, for the `data-t` attribute.
  var time: String
  var elements: [FilmElement]
  var viewport: Rect
  /// The part of the content this panel shows, of the scene's area's size (nil: the scene's
  /// area): a recorded scroll's panels follow the bounds.
  var area: Rect?
}

/// An element in a panel, with how it is labelled and outlined.
struct FilmElement {
  var element: Element
  /// How the element is named ("cell 0.3").
  var name: String
  var id: String
  /// The index paths its label shows (nil: its own); `fallbackPath` when that does not fit.
  var path: String?
  var fallbackPath: String?
  /// A change's outline class (a batch's insert, move…), if any.
  var outline: String?
  var labelled = true
  /// At each z index, lower layers are painted first.
  var layer = 1
}

/// A still film strip: panels side by side, in rows of as many as fit 840 pixels at the picture's
/// scale (at least one), 20 pixels apart; `options.width` fits one row. Every panel keeps
/// content coordinates, moved by a `translate`, so an element's `x` in a panel is its own.
enum FilmStrip {
  static let panelGapPixels = 20.0
  static let panelCaptionPixels = 18.0
  /// How wide a row of panels may be, in pixels, before the next panel starts a new row: a
  /// strip stays readable where a page is about this wide (a README).
  static let rowPixels = 840.0

  /// Draws `panels` over `scene`'s area. `styled` are the elements the painter's style sheet
  /// knows of, `legendOf` those the legend names; `legend` follows their entries; `details` end
  /// the captions.
  static func draw(
    _ panels: [FilmPanel], scene: PictureScene, options: PictureOptions, styled: [Element], legendOf: [Element],
    legend: [PictureHeader.Entry], details: String
  ) -> Picture {
    let count = panels.count
    let area = scene.area
    let scale = options.scale.isFinite && options.scale > 0 ? options.scale : 1
    let fitting = Int(((rowPixels + panelGapPixels) / (area.width * scale + panelGapPixels)).rounded(.down))
    let columns = min(count, max(1, fitting))
    let rows = (count + columns - 1) / columns
    let pixelsPerPoint = PictureSheet.pixelsPerPoint(
      options, scalableWidth: Double(columns) * area.width, fixedPixels: Double(columns - 1) * panelGapPixels)
    let unit = 1 / pixelsPerPoint
    var painter = ElementPainter(
      kinds: scene.kinds, elements: styled, drawings: scene.drawings, pixelsPerPoint: pixelsPerPoint,
      labels: options.labels, cellColours: scene.cellColours)
    painter.clip = area
    let step = SVGNumber.roundedValue(area.width + panelGapPixels * unit)
    let caption = panelCaptionPixels * unit
    let rowStep = SVGNumber.roundedValue(area.height + caption + panelGapPixels * unit)

    var body = SVGDocument()
    var defs = SceneFrames.clipPath(area)
    var shown = 0
    for (frame, panel) in panels.enumerated() {
      let kept = options.showHidden ? panel.elements : panel.elements.filter { !$0.element.isHidden }
      shown = max(shown, kept.count)
      let panelArea = panel.area ?? area
      var clipID = SceneFrames.clipID
      if panel.area != nil {
        clipID = "\(SceneFrames.clipID)-\(frame)"
        defs.append(SceneFrames.clipPath(panelArea, id: clipID))
      }
      painter.clip = panelArea
      let x = SVGNumber.rounded(Double(frame % columns) * step - (panelArea.minX - area.minX))
      let y = SVGNumber.rounded(Double(frame / columns) * rowStep - (panelArea.minY - area.minY))
      body.start("g", ["data-frame": String(frame), "data-t": panel.time, "transform": "translate(\(x) \(y))"])
      body.newline()
      body.element(
        "text",
        ["x": SVGNumber.exact(panelArea.minX), "y": SVGNumber.rounded(panelArea.minY - 6 * unit), "class": "cap"],
        content: panel.caption)
      body.newline()
      body.start("g", ["clip-path": "url(#\(clipID))"])
      body.newline()
      SceneFrames.writeContent(scene.contentSize, into: &body)
      for index in order(kept, painter: painter) {
        let shownElement = kept[index]
        var path = shownElement.path
        if let wanted = path, painter.labelLines(shownElement.element, id: nil, path: wanted).isEmpty {
          path = shownElement.fallbackPath
        }
        painter.paint(
          shownElement.element, name: shownElement.name, id: shownElement.id, path: path,
          outline: shownElement.outline, labelled: shownElement.labelled, into: &body)
      }
      // The viewport's line spares this panel's labels (a mask per panel).
      let maskID = "\(SceneFrames.labelMaskID)-\(frame)"
      let labels = painter.takeLabelBoxes()
      let mask = SceneFrames.labelMask(labels, viewport: panel.viewport, area: panelArea, unit: unit, id: maskID)
      if let mask { defs.append(mask) }
      SceneFrames.writeViewport(
        panel.viewport, area: panelArea, unit: unit, spareLabels: mask != nil, maskID: maskID, labels: labels,
        into: &body)
      body.end("g")
      body.end("g")
      body.newline()
    }

    var header = PictureHeader(title: options.title)
    header.legend = painter.legend(legendOf) + legend + [.init(swatch: .box("vp"), name: "viewport")]
    header.captions = SceneFrames.captions(
      content: scene.contentSize, area: area, viewport: scene.viewport, details: [details])
    let content = Rect(
      x: area.minX, y: area.minY - caption, width: Double(columns - 1) * step + area.width,
      height: Double(rows - 1) * rowStep + area.height + caption)
    let sheet = PictureSheet(content: content, pixelsPerPoint: pixelsPerPoint, header: header, options: options)
    let svg = sheet.document(style: painter.style, defs: defs, body: body)
    return Picture(svg: svg, elementCount: shown, overlapCount: 0, isOverview: false)
  }

  /// Painting order (`PaintingOrder`), then at each z index by layer.
  static func order(_ elements: [FilmElement], painter: ElementPainter) -> [Int] {
    let plain = elements.map(\.element)
    let order = PaintingOrder.order(plain, kindIndex: painter.paletteIndex)
    return order.enumerated().sorted { a, b in
      let (x, y) = (plain[a.element], plain[b.element])
      if x.zIndex != y.zIndex { return x.zIndex < y.zIndex }
      let (p, q) = (elements[a.element].layer, elements[b.element].layer)
      return p != q ? p < q : a.offset < b.offset
    }.map(\.element)
  }
}
