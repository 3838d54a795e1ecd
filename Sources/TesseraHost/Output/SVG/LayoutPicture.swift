import TesseraKit

/// A picture of a layout: the elements of a scene as UIKit composites them, over the content
/// bounds, under the viewport frame, with cells that overlap outlined in red.
///
/// Every element is one `<g data-element="cell 0.3">` line (see `ElementPainter`) in painting
/// order (`PaintingOrder`); hidden elements are left out unless `showHidden` draws them dashed.
/// Cells: filled; supplementary views: outlined with a faint fill; decoration views: hatched;
/// one colour per kind (`PicturePalette`). When there are more elements than
/// `overviewLimit`, the picture is a `DensityOverview` instead.
public enum LayoutPicture {
  public static func draw(_ scene: PictureScene, options: PictureOptions) -> Picture {
    let drawable = options.showHidden ? scene.elements.count : scene.elements.count { !$0.isHidden }
    if drawable > options.overviewLimit { return DensityOverview.draw(scene, options: options) }
    let elements = options.showHidden ? scene.elements : scene.elements.filter { !$0.isHidden }
    let area = scene.area
    let pixelsPerPoint = PictureSheet.pixelsPerPoint(options, scalableWidth: area.width)
    var painter = ElementPainter(
      kinds: scene.kinds, elements: elements, drawings: scene.drawings, pixelsPerPoint: pixelsPerPoint,
      labels: options.labels)
    painter.clip = area
    let ordered = PaintingOrder.sorted(elements, kindIndex: painter.paletteIndex)

    let cells = ordered.filter { $0.category == .cell }
    let overlapping = OverlapFinder.overlapping(cells.map(\.frame))
    let overlaps = zip(cells, overlapping).filter(\.1).map(\.0)

    var body = SVGDocument()
    body.start("g", ["clip-path": "url(#\(SceneFrames.clipID))"])
    body.newline()
    SceneFrames.writeContent(scene.contentSize, into: &body)
    for element in ordered {
      painter.paint(element, id: element.category == .cell ? scene.cellID(element.indexPath) : nil, into: &body)
    }
    for cell in overlaps {
      body.leaf(
        "rect",
        [
          "data-overlap": cell.label, "x": SVGNumber.exact(cell.frame.minX), "y": SVGNumber.exact(cell.frame.minY),
          "width": SVGNumber.exact(cell.frame.width), "height": SVGNumber.exact(cell.frame.height), "class": "ov",
        ])
      body.newline()
    }
    SceneFrames.writeViewport(scene.viewport, area: area, unit: 1 / pixelsPerPoint, into: &body)
    body.end("g")
    body.newline()

    var header = PictureHeader(title: options.title)
    header.legend = painter.legend(ordered)
    if ordered.contains(where: \.isHidden) {
      header.legend.append(.init(swatch: .box(painter.styleClass(Element.hiddenSample)), name: "hidden"))
    }
    if !overlaps.isEmpty { header.legend.append(.init(swatch: .box("ov"), name: "overlap")) }
    header.legend.append(.init(swatch: .box("vp"), name: "viewport"))
    let count = ordered.count
    var details = ["\(count) element\(count == 1 ? "" : "s")"]
    if !overlaps.isEmpty { details.append("\(overlaps.count) overlapping cell\(overlaps.count == 1 ? "" : "s")") }
    header.captions = SceneFrames.captions(
      content: scene.contentSize, area: area, viewport: scene.viewport, details: details)

    let sheet = PictureSheet(content: area, pixelsPerPoint: pixelsPerPoint, header: header, options: options)
    let svg = sheet.document(style: painter.style, defs: SceneFrames.clipPath(area), body: body)
    return Picture(svg: svg, elementCount: count, overlapCount: overlaps.count, isOverview: false)
  }
}

extension Element {
  /// A hidden cell, for the legend's swatch.
  static let hiddenSample: Element = {
    var element = Element(category: .cell, kind: nil, indexPath: IndexPath(0, 0), frame: .zero)
    element.isHidden = true
    return element
  }()
}
