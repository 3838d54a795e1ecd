import TesseraKit

/// A picture of a layout: the elements of a scene as UIKit composites them, over the content
/// bounds, under the viewport frame, with cells of one z index that overlap outlined in red
/// (`overlaps`).
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
      labels: options.labels, cellColours: scene.cellColours)
    painter.clip = area
    painter.cellTexts = scene.cellTexts
    let ordered = PaintingOrder.sorted(elements, kindIndex: painter.paletteIndex)

    let overlaps = scene.marksOverlaps ? Self.overlaps(ordered, painter: painter) : []

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
    let insetLegend = SceneFrames.writeScrollInsets(scene.scrollInsets, viewport: scene.viewport, into: &body)
    let mask = SceneFrames.labelMask(
      painter.labelBoxes, viewport: scene.viewport, area: area, unit: 1 / pixelsPerPoint)
    SceneFrames.writeViewport(
      scene.viewport, area: area, unit: 1 / pixelsPerPoint, spareLabels: mask != nil, labels: painter.labelBoxes,
      into: &body)
    body.end("g")
    body.newline()

    var header = PictureHeader(title: options.title)
    header.legend = painter.legend(ordered)
    if ordered.contains(where: \.isHidden) {
      header.legend.append(.init(swatch: .box(painter.styleClass(Element.hiddenSample)), name: "hidden"))
    }
    if !overlaps.isEmpty { header.legend.append(.init(swatch: .box("ov"), name: "overlap")) }
    header.legend.append(.init(swatch: .box("vp"), name: "viewport"))
    header.legend += insetLegend
    let count = ordered.count
    var details = ["\(count) element\(count == 1 ? "" : "s")"]
    if !overlaps.isEmpty { details.append("\(overlaps.count) overlapping cell\(overlaps.count == 1 ? "" : "s")") }
    header.captions = SceneFrames.captions(
      content: scene.contentSize, area: area, viewport: scene.viewport, details: details)

    let sheet = PictureSheet(content: area, pixelsPerPoint: pixelsPerPoint, header: header, options: options)
    var defs = SceneFrames.clipPath(area)
    if let mask { defs.append(mask) }
    var style = painter.style
    style.usedInsets = Set(insetLegend.compactMap { if case .box(let name) = $0.swatch { name } else { nil } })
    let svg = sheet.document(style: style, defs: defs, body: body)
    return Picture(svg: svg, elementCount: count, overlapCount: overlaps.count, isOverview: false)
  }
}

extension LayoutPicture {
  /// The cells to outline as overlapping: boxes that overlap another box of the same z index
  /// with positive area, both shown (not hidden, alpha above 0, no transform). Cells of
  /// different z indices overlap on purpose — the layout ordered them — and so do cells a
  /// layout draws as dots or lines (markers, like the timeline's events on one day); UIKit
  /// stacks cells of one z index in no promised order, so there an overlap is a bug to see.
  static func overlaps(_ ordered: [Element], painter: ElementPainter) -> [Element] {
    let candidates = ordered.filter {
      $0.category == .cell && !$0.isHidden && $0.alpha > 0 && !$0.isTransformed
        && painter.drawing($0).shape == .box
    }
    var marked: [Element] = []
    for (_, cells) in Dictionary(grouping: candidates, by: \.zIndex) {
      marked += zip(cells, OverlapFinder.overlapping(cells.map(\.frame))).filter(\.1).map(\.0)
    }
    // Painting order, as the elements are drawn.
    let order = Dictionary(ordered.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    return marked.sorted { order[$0]! < order[$1]! }
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
