import TesseraKit

/// The live view's messages (docs/design.md, "The live view"): each element with its
/// attributes as `dump` gives them and its SVG as `render` draws it, with the style sheet those
/// drawings use, so the page draws exactly what a picture shows.
enum LiveViewJSON {
  static func scene(_ scene: LiveScene) -> JSONOutput {
    let list = scene.elements
    var painter = ElementPainter(
      kinds: scene.kinds, elements: list.elements, drawings: scene.drawings, pixelsPerPoint: 1, labels: true,
      cellColours: scene.cellColours)
    let order = PaintingOrder.order(list.elements, kindIndex: painter.paletteIndex)
    var elements: [JSONOutput] = []
    elements.reserveCapacity(order.count)
    for index in order {
      let element = list.elements[index]
      var drawing = SVGDocument()
      painter.paint(element, id: list.ids[index], into: &drawing)
      elements.append(
        .object([
          ("path", .string("\(element.indexPath)")), ("kind", .string(element.kind ?? "cell")),
          ("class", .string(painter.styleClass(element))),
          ("shape", .string(shapeName(painter.drawing(element).shape))),
          ("attributes", AttributesJSON.json(element, id: list.ids[index])), ("svg", .string(drawing.text)),
        ]))
    }
    return .object([
      ("offset", JSONFormatter.pair(scene.offset.x, scene.offset.y)),
      ("viewport", JSONFormatter.pair(scene.viewport.width, scene.viewport.height)),
      ("content", JSONFormatter.pair(scene.content.width, scene.content.height)),
      ("insets", ViewportJSON.edges(scene.adjustedContentInset)),
      ("layout", scene.layout.map { .string($0) } ?? .null), ("zooms", .bool(scene.zooms)),
      ("reach", rect(scene.reach)), ("leftOut", .number(Double(scene.leftOut))),
      ("style", .string(sheet(painter.style))), ("elements", .array(elements)),
    ])
  }

  static func motion(_ motion: LiveMotion) -> JSONOutput {
    var painter = ElementPainter(
      kinds: motion.kinds, elements: motion.motions.map(\.end), drawings: motion.drawings, pixelsPerPoint: 1,
      labels: true)
    let order = PaintingOrder.order(motion.motions.map(\.end), kindIndex: painter.paletteIndex)
    let outlines: [Motion.Change: String] = [.inserted: "ins", .deleted: "del", .moved: "mov", .reloaded: "rel"]
    let motions: [JSONOutput] = order.map { index in
      let m = motion.motions[index]
      if let outline = outlines[m.change] { painter.noteChange(outline) }
      return .object([
        ("label", .string(m.label)), ("path", .string(m.pathLabel ?? "\(m.end.indexPath)")),
        ("kind", .string(m.end.kind ?? "cell")), ("change", .string(m.change.rawValue)),
        ("class", .string(painter.styleClass(m.end))), ("shape", .string(shapeName(painter.drawing(m.end).shape))),
        ("start", state(m.start)), ("end", state(m.end)),
      ])
    }
    return .object([
      ("source", .string(motion.source.rawValue)), ("startBounds", rect(motion.startBounds)),
      ("endBounds", rect(motion.endBounds)),
      ("content", JSONFormatter.pair(motion.content.width, motion.content.height)),
      ("style", .string(sheet(painter.style))), ("motions", .array(motions)),
    ])
  }

  static func overview(_ overview: LiveOverview) -> JSONOutput {
    .object([
      ("content", JSONFormatter.pair(overview.content.width, overview.content.height)),
      ("columns", .number(Double(overview.columns))), ("rows", .number(Double(overview.rows))),
      ("elements", .number(Double(overview.elements))),
      ("counts", .array(overview.counts.map { .number(Double($0)) })),
    ])
  }

  static func target(_ target: LiveTarget) -> JSONOutput {
    .object([
      ("projected", JSONFormatter.pair(target.projected.x, target.projected.y)),
      ("target", JSONFormatter.pair(target.target.x, target.target.y)),
    ])
  }

  /// Frame and alpha: what the page interpolates, linearly, as the animated picture does.
  private static func state(_ e: Element) -> JSONOutput {
    .array([e.frame.minX, e.frame.minY, e.frame.width, e.frame.height, e.alpha].map { .number($0) })
  }

  private static func shapeName(_ shape: KindDrawingHint.Shape) -> String {
    switch shape {
    case .box: "box"
    case .line: "line"
    case .dot: "dot"
    }
  }

  private static func rect(_ r: Rect) -> JSONOutput {
    .array([r.minX, r.minY, r.width, r.height].map { .number($0) })
  }

  /// The `<style>` and `<defs>` the drawings use (their classes and hatch patterns).
  private static func sheet(_ style: PictureStyle) -> String {
    var doc = SVGDocument()
    style.writeSheet(into: &doc)
    doc.start("defs")
    style.writePatterns(into: &doc)
    doc.end("defs")
    return doc.text
  }
}
