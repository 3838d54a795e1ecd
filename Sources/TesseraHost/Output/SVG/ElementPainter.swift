import TesseraKit

/// Draws elements one by one, each as one line of SVG:
///
///     <g data-element="cell 0.3" opacity="0.5" transform="…"><rect x="…" …/><text …>0.3</text></g>
///
/// The group carries the element's name, its alpha as `opacity` (left out when 1) and a
/// non-identity transform applied about the frame's centre, so the shape and its label are
/// composited together as UIKit composites a view. The shape's geometry is the frame, exactly.
struct ElementPainter {
  private(set) var style: PictureStyle
  let kindIndices: [String: Int]
  let drawings: [String: KindDrawingHint]
  let pixelsPerPoint: Double
  let labels: Bool
  /// Cells coloured by a prop: each value's colour follows the kinds' (`valueBase + rank`).
  let cellColours: CellColours?
  let valueBase: Int
  /// The drawn area, when labels should keep inside it.
  var clip: Rect?
  /// Cells with a text draw it in place of their index path (`selfsizing text`).
  var cellTexts: CellTexts?
  /// Where labels were written (untransformed ones), in points, with a pixel around them: the
  /// viewport's dashed line leaves them clear (`SceneFrames.labelMask`).
  private(set) var labelBoxes: [Rect] = []

  /// Palette indices: cells 0, `kinds[i]` i + 1, kinds of `elements` not in `kinds` after them
  /// in name order.
  init(
    kinds: [String], elements: [Element], drawings: [String: KindDrawingHint], pixelsPerPoint: Double, labels: Bool,
    cellColours: CellColours? = nil
  ) {
    var indices: [String: Int] = [:]
    for (index, kind) in kinds.enumerated() where indices[kind] == nil { indices[kind] = index + 1 }
    let undeclared = Set(elements.compactMap(\.kind)).subtracting(indices.keys).sorted()
    for (offset, kind) in undeclared.enumerated() { indices[kind] = kinds.count + 1 + offset }
    kindIndices = indices
    self.cellColours = cellColours
    valueBase = (indices.values.max() ?? 0) + 1
    self.drawings = drawings
    self.pixelsPerPoint = pixelsPerPoint
    self.labels = labels
    style = PictureStyle(unit: 1 / pixelsPerPoint)
  }

  var unit: Double { 1 / pixelsPerPoint }

  func paletteIndex(_ element: Element) -> Int {
    if element.category == .cell, let rank = cellColours?.rank(of: element.indexPath) {
      // The values take the palette's colours after the kinds', and share them past its end:
      // never the colour of cells without the prop or of another kind.
      let room = PicturePalette.kinds.count - valueBase
      return room > 0 ? valueBase + rank % room : valueBase + rank
    }
    return element.kind.flatMap { kindIndices[$0] } ?? 0
  }

  func drawing(_ element: Element) -> KindDrawingHint {
    drawings[element.kind ?? "cell"] ?? .box
  }

  /// The shape's classes: by shape, then by category for boxes; `h` added for hidden ones.
  mutating func styleClass(_ element: Element) -> String {
    let index = paletteIndex(element)
    let name: String
    switch drawing(element).shape {
    case .line: name = style.use("l", index)
    case .dot: name = style.use("p", index)
    case .box:
      switch element.category {
      case .cell: name = style.use("c", index)
      case .supplementary: name = style.use("s", index)
      case .decoration: name = style.use("d", index)
      }
    }
    return element.isHidden ? name + " h" : name
  }

  /// A legend entry for the kind of `element`, drawn like it.
  mutating func legendEntry(_ element: Element) -> PictureHeader.Entry {
    var plain = element
    plain.isHidden = false
    let classes = styleClass(plain)
    let value =
      element.category == .cell ? cellColours.flatMap { c in c.value(element.indexPath).map { (c.key, $0) } } : nil
    let name = PictureText.shown(value.map { "\($0)=\($1)" } ?? element.kind ?? "cell")
    switch drawing(element).shape {
    case .box: return .init(swatch: .box(classes), name: name)
    case .line: return .init(swatch: .line(classes), name: name)
    case .dot: return .init(swatch: .dot(classes), name: name)
    }
  }

  /// Legend entries for the kinds of `elements`, cells first, then in palette order. Cells
  /// coloured by a prop are named by their values (`type=critical`); values that share a colour
  /// share an entry, which names the first three and counts the rest.
  mutating func legend(_ elements: [Element]) -> [PictureHeader.Entry] {
    var firsts: [Int: Element] = [:]
    var values: [Int: Set<String>] = [:]
    for element in elements {
      let index = paletteIndex(element)
      if firsts[index] == nil { firsts[index] = element }
      if element.category == .cell, let value = cellColours?.value(element.indexPath) {
        values[index, default: []].insert(value)
      }
    }
    return firsts.keys.sorted().map { index in
      var entry = legendEntry(firsts[index]!)
      if let colours = cellColours, let shared = values[index], shared.count > 1 {
        let sorted = shared.sorted { (colours.ranks[$0] ?? 0) < (colours.ranks[$1] ?? 0) }
        let named = sorted.prefix(3).joined(separator: ", ")
        let more = sorted.count > 3 ? " and \(sorted.count - 3) more" : ""
        entry.name = PictureText.shown("\(colours.key)=\(named)\(more)")
      }
      return entry
    }
  }

  /// The group's attributes: name, opacity unless 1, transform unless the identity.
  static func groupAttributes(_ element: Element) -> (opacity: String?, transform: String?) {
    let opacity = element.alpha == 1 ? nil : SVGNumber.exact(element.alpha)
    let transform =
      element.transform == .identity
      ? nil : element.transform.svgAbout(Point(x: element.frame.midX, y: element.frame.midY))
    return (opacity, transform)
  }

  /// One element as one line, named `name` (its label by default); `id` is shown under a
  /// cell's index path where it fits; `path` replaces the index path in its label (`0.5→0.0`);
  /// `outline`, a style class, draws the frame's outline over it (a batch's change).
  /// `labelled: false` leaves the label out (a copy fading in a film strip's frame).
  mutating func paint(
    _ element: Element, name: String? = nil, id: String?, path: String? = nil, outline: String? = nil,
    labelled: Bool = true, into doc: inout SVGDocument
  ) {
    if element.depth != .identity {
      paintProjected(element, name: name, into: &doc)
      return
    }
    let (opacity, transform) = Self.groupAttributes(element)
    doc.start("g", ["data-element": name ?? element.label, "opacity": opacity, "transform": transform])
    shape(element, into: &doc)
    if let outline { drawOutline(element.frame, class: outline, into: &doc) }
    if labelled { label(element, id: id, path: path, noting: transform == nil, into: &doc) }
    doc.end("g")
    doc.newline()
  }

  /// An element with a 3D transform, which SVG cannot apply: its frame's corners taken through
  /// the matrix about the frame's centre, perspective divided, drawn as a polygon (a line's two
  /// ends as a line), unlabelled. A corner behind the eye (w ≤ 0) leaves the shape out, as Core
  /// Animation clips it.
  mutating func paintProjected(_ element: Element, name: String?, into doc: inout SVGDocument) {
    let frame = element.frame
    let centre = Point(x: frame.midX, y: frame.midY)
    let matrix = element.transform3D
    let classes = styleClass(element)
    let opacity = element.alpha == 1 ? nil : SVGNumber.exact(element.alpha)
    doc.start("g", ["data-element": name ?? element.label, "opacity": opacity, "data-transform3d": "projected"])
    func projected(_ p: Point) -> Point? {
      matrix.project(Point(x: p.x - centre.x, y: p.y - centre.y)).map { Point(x: $0.x + centre.x, y: $0.y + centre.y) }
    }
    if drawing(element).shape == .line {
      let (start, end) = Self.lineEnds(element, drawing: drawing(element))
      if let a = projected(start), let b = projected(end) {
        doc.leaf(
          "line",
          [
            "x1": SVGNumber.rounded(a.x), "y1": SVGNumber.rounded(a.y), "x2": SVGNumber.rounded(b.x),
            "y2": SVGNumber.rounded(b.y), "class": classes,
          ])
      }
    } else {
      let corners = [
        Point(x: frame.minX, y: frame.minY), Point(x: frame.maxX, y: frame.minY), Point(x: frame.maxX, y: frame.maxY),
        Point(x: frame.minX, y: frame.maxY),
      ].compactMap(projected)
      if corners.count == 4 {
        let points = corners.map { "\(SVGNumber.rounded($0.x)),\(SVGNumber.rounded($0.y))" }.joined(separator: " ")
        doc.leaf("polygon", ["points": points, "class": classes])
      }
    }
    doc.end("g")
    doc.newline()
  }

  /// A frame's outline in a change's style class.
  mutating func drawOutline(_ frame: Rect, class style: String, into doc: inout SVGDocument) {
    noteChange(style)
    doc.leaf(
      "rect",
      [
        "x": SVGNumber.exact(frame.minX), "y": SVGNumber.exact(frame.minY), "width": SVGNumber.exact(frame.width),
        "height": SVGNumber.exact(frame.height), "class": style,
      ])
  }

  /// Notes that a change outline in class `style` is drawn, so its rule is written.
  mutating func noteChange(_ style: String) {
    self.style.usedChanges.insert(style)
  }

  /// The element's shape at its frame.
  mutating func shape(_ element: Element, into doc: inout SVGDocument) {
    let frame = element.frame
    let classes = styleClass(element)
    let drawing = drawing(element)
    switch drawing.shape {
    case .box:
      doc.leaf(
        "rect",
        [
          "x": SVGNumber.exact(frame.minX), "y": SVGNumber.exact(frame.minY), "width": SVGNumber.exact(frame.width),
          "height": SVGNumber.exact(frame.height), "class": classes,
        ])
    case .line:
      let (start, end) = Self.lineEnds(element, drawing: drawing)
      doc.leaf(
        "line",
        [
          "x1": SVGNumber.exact(start.x), "y1": SVGNumber.exact(start.y), "x2": SVGNumber.exact(end.x),
          "y2": SVGNumber.exact(end.y), "class": classes,
        ])
    case .dot where Self.isCapsule(frame.size):
      // A frame longer one way (a timeline event over several days): its short ends rounded.
      let radius = SVGNumber.rounded(dotRadius(frame.size))
      doc.leaf(
        "rect",
        [
          "x": SVGNumber.exact(frame.minX), "y": SVGNumber.exact(frame.minY), "width": SVGNumber.exact(frame.width),
          "height": SVGNumber.exact(frame.height), "rx": radius, "ry": radius, "class": classes,
        ])
    case .dot:
      doc.leaf(
        "circle",
        [
          "cx": SVGNumber.rounded(frame.midX), "cy": SVGNumber.rounded(frame.midY),
          "r": SVGNumber.rounded(dotRadius(frame.size)), "class": classes,
        ])
    }
  }

  /// A dot's frame that is not square is drawn as a capsule, not a circle.
  static func isCapsule(_ size: Size) -> Bool { size.width != size.height }

  func dotRadius(_ size: Size) -> Double {
    max(min(size.width, size.height) / 2, 2 * unit)
  }

  /// The ends of a line: the drawing's diagonal, or the other one when the element's flip value
  /// is not 0.
  static func lineEnds(_ element: Element, drawing: KindDrawingHint) -> (Point, Point) {
    let frame = element.frame
    var rising = drawing.direction == .rising
    if let key = drawing.flipKey, let value = element.custom.first(where: { $0.key == key })?.value, value != 0 {
      rising.toggle()
    }
    return rising
      ? (Point(x: frame.minX, y: frame.maxY), Point(x: frame.maxX, y: frame.minY))
      : (Point(x: frame.minX, y: frame.minY), Point(x: frame.maxX, y: frame.maxY))
  }

  /// The label lines of a box (see `LabelFit`); `path` replaces the index path.
  func labelLines(_ element: Element, id: String?, path: String? = nil, size: Size? = nil) -> [String] {
    guard labels, drawing(element).shape == .box, element.category != .decoration else { return [] }
    let size = size ?? element.frame.size
    // What the element stands for (a date heading's day), its index path under it.
    if let custom = drawing(element).customLabel(element) {
      return LabelFit.lines(
        path: custom, id: path ?? "\(element.indexPath)", size: size, pixelsPerPoint: pixelsPerPoint)
    }
    let id = element.category == .cell ? id : nil
    return LabelFit.lines(path: path ?? "\(element.indexPath)", id: id, size: size, pixelsPerPoint: pixelsPerPoint)
  }

  /// Baselines of label lines relative to the box's centre, in points.
  func labelBaselines(count: Int) -> [Double] {
    count == 1 ? [3.5 * unit] : [-2.5 * unit, 9.5 * unit]
  }

  /// The part of a box its label is centred in: the part inside `clip` (the drawn area) when
  /// the box has no transform, so a box cut by the picture's edge is labelled where it shows.
  func labelBox(_ element: Element) -> Rect {
    let frame = element.frame
    guard let clip, element.transform == .identity else { return frame }
    let x0 = max(frame.minX, clip.minX)
    let y0 = max(frame.minY, clip.minY)
    let x1 = min(frame.maxX, clip.maxX)
    let y1 = min(frame.maxY, clip.maxY)
    guard x0 < x1, y0 < y1 else { return frame }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// A cell's text lines, left-aligned at the padding, in the measured font (`.tx`).
  private mutating func writeText(
    _ lines: [(text: String, baseline: Double)], in frame: Rect, texts: CellTexts, into doc: inout SVGDocument
  ) {
    let rule =
      ".tx{font-family:'DejaVu Sans',sans-serif;font-size:\(SVGNumber.length(texts.style.fontSize))px;fill:\(PicturePalette.text.hex);white-space:pre}"
    if !style.extraRules.contains(rule) { style.extraRules.append(rule) }
    let x = SVGNumber.rounded(frame.minX + texts.style.padding.left)
    for line in lines {
      doc.element(
        "text", ["x": x, "y": SVGNumber.rounded(frame.minY + line.baseline), "class": "tx", "xml:space": "preserve"],
        content: line.text)
    }
  }

  /// The label boxes noted since the last call (a film strip's panel), forgotten.
  mutating func takeLabelBoxes() -> [Rect] {
    defer { labelBoxes = [] }
    return labelBoxes
  }

  /// Writes the element's label lines; `noting` records where they are (an untransformed
  /// element's), for the viewport's line to spare them.
  mutating func label(
    _ element: Element, id: String?, path: String? = nil, noting: Bool = false, into doc: inout SVGDocument
  ) {
    if labels, element.category == .cell, let texts = cellTexts {
      let lines = texts.lines(element.indexPath, in: element.frame)
      if !lines.isEmpty {
        writeText(lines, in: element.frame, texts: texts, into: &doc)
        return
      }
    }
    let box = labelBox(element)
    let lines = labelLines(element, id: id, path: path, size: box.size)
    let x = SVGNumber.rounded(box.midX)
    for (index, (line, offset)) in zip(lines, labelBaselines(count: lines.count)).enumerated() {
      let baseline = box.midY + offset
      doc.element(
        "text", ["x": x, "y": SVGNumber.rounded(baseline), "class": index == 0 ? "t" : "t id"], content: line)
      if noting {
        let width = (PictureText.width(line, size: PictureText.labelSize) + 2) * unit
        labelBoxes.append(Rect(x: box.midX - width / 2, y: baseline - 10 * unit, width: width, height: 13 * unit))
      }
    }
  }

}
