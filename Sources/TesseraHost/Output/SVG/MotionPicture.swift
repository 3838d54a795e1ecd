import TesseraKit

/// Pictures of elements in motion: an animated SVG, or a film strip of still frames.
public enum MotionPicture {
  /// One SVG animated with SMIL (no script). Each element moves from its start to its end
  /// attributes — x, y, width, height and opacity interpolated linearly — over 1 second, after a
  /// pause of 0.25 s at the start and before one of 0.75 s at the end; the 2-second cycle repeats
  /// forever. Every `<animate>` uses `values="start;start;end;end"` with
  /// `keyTimes="0;0.125;0.625;1"`, so all elements stay in step. An element whose transform is
  /// not the identity at either end is drawn about its moving centre, and its transform switches
  /// from the start's to the end's when the motion ends (SMIL cannot interpolate a matrix; the
  /// film strip does). The attributes outside the animations are the start's, so a viewer
  /// without SMIL shows the start frame.
  ///
  /// An element hidden at one end has alpha 0 there; one hidden at both ends is left out unless
  /// `showHidden`. The scene gives the area, viewport, content size, kinds and drawing hints; its
  /// elements are not used.
  public static func animated(_ motions: [Motion], scene: PictureScene, options: PictureOptions) -> Picture {
    let area = scene.area
    let pixelsPerPoint = PictureSheet.pixelsPerPoint(options, scalableWidth: area.width)
    let shown = options.showHidden ? motions : motions.filter { !($0.start.isHidden && $0.end.isHidden) }
    var painter = ElementPainter(
      kinds: scene.kinds, elements: shown.flatMap { [$0.start, $0.end] }, drawings: scene.drawings,
      pixelsPerPoint: pixelsPerPoint, labels: options.labels,
      cellColours: scene.cellColours)
    let order = PaintingOrder.order(shown.map(\.end), kindIndex: painter.paletteIndex)

    var body = SVGDocument()
    body.start("g", ["clip-path": "url(#\(SceneFrames.clipID))"])
    body.newline()
    SceneFrames.writeContent(scene.contentSize, into: &body)
    var moving = 0
    for index in order {
      var motion = shown[index]
      if !options.showHidden {
        if motion.start.isHidden { motion.start.alpha = 0 }
        if motion.end.isHidden { motion.end.alpha = 0 }
      }
      if motion.start.frame != motion.end.frame || motion.start.alpha != motion.end.alpha
        || motion.start.transform != motion.end.transform
      {
        moving += 1
      }
      SMILAnimation.write(motion, painter: &painter, into: &body)
    }
    SceneFrames.writeViewport(scene.viewport, area: area, unit: 1 / pixelsPerPoint, into: &body)
    body.end("g")
    body.newline()

    var header = PictureHeader(title: options.title)
    header.legend =
      painter.legend(shown.map(\.end)) + Motion.Change.legend(shown) + [.init(swatch: .box("vp"), name: "viewport")]
    header.captions =
      SceneFrames.captions(
        content: scene.contentSize, area: area, viewport: scene.viewport,
        details: ["\(shown.count) element\(shown.count == 1 ? "" : "s")", "\(moving) changing"]) + [
        moving == 0
          ? "no motion: every element is where it ends"
          : "animation: 1 s of motion between pauses of 0.25 s and 0.75 s, repeating"
      ]
    let sheet = PictureSheet(content: area, pixelsPerPoint: pixelsPerPoint, header: header, options: options)
    let svg = sheet.document(style: painter.style, defs: SceneFrames.clipPath(area), body: body)
    return Picture(svg: svg, elementCount: shown.count, overlapCount: 0, isOverview: false)
  }
}

/// The SMIL of one animated element.
enum SMILAnimation {
  static let duration = "2s"
  static let keyTimes = "0;0.125;0.625;1"
  /// When the motion ends, as a fraction of the cycle.
  static let switchTime = "0.625"

  /// `<animate attributeName="x" values="a;a;b;b" …/>`, nothing when `from == to`.
  static func animate(_ attribute: String, _ from: String, _ to: String, into doc: inout SVGDocument) {
    guard from != to else { return }
    doc.leaf(
      "animate",
      [
        "attributeName": attribute, "values": "\(from);\(from);\(to);\(to)", "keyTimes": keyTimes, "dur": duration,
        "repeatCount": "indefinite",
      ])
  }

  /// `<name …/>` when `children` is empty, else `<name …>children</name>`.
  static func element(
    _ name: String, _ attributes: KeyValuePairs<String, String?>, children: SVGDocument, into doc: inout SVGDocument
  ) {
    if children.text.isEmpty {
      doc.leaf(name, attributes)
    } else {
      doc.start(name, attributes)
      doc.append(children)
      doc.end(name)
    }
  }

  /// A visibility switch at the end of the motion.
  static func visibilitySwitch(from: String, to: String, into doc: inout SVGDocument) {
    doc.leaf(
      "animate",
      [
        "attributeName": "visibility", "values": "\(from);\(to)", "keyTimes": "0;\(switchTime)", "calcMode": "discrete",
        "dur": duration, "repeatCount": "indefinite",
      ])
  }

  static func write(_ motion: Motion, painter: inout ElementPainter, into doc: inout SVGDocument) {
    let (start, end) = (motion.start, motion.end)
    let opacity = (SVGNumber.exact(start.alpha), SVGNumber.exact(end.alpha))
    doc.start("g", ["data-element": motion.label, "opacity": start.alpha == 1 ? nil : opacity.0])
    animate("opacity", opacity.0, opacity.1, into: &doc)
    // Labels show where they fit at both ends.
    let lines = painter.labelLines(
      end, id: motion.id, path: motion.pathLabel,
      size: Size(
        width: min(start.frame.width, end.frame.width), height: min(start.frame.height, end.frame.height)))
    if start.transform == .identity && end.transform == .identity {
      shape(start, end, local: false, painter: &painter, into: &doc)
      outline(motion, local: false, painter: &painter, into: &doc)
      labels(lines, start, end, local: false, painter: painter, into: &doc)
    } else {
      let from = "\(SVGNumber.rounded(start.frame.midX)) \(SVGNumber.rounded(start.frame.midY))"
      let to = "\(SVGNumber.rounded(end.frame.midX)) \(SVGNumber.rounded(end.frame.midY))"
      doc.start("g", ["transform": "translate(\(from))"])
      if from != to {
        doc.leaf(
          "animateTransform",
          [
            "attributeName": "transform", "type": "translate", "values": "\(from);\(from);\(to);\(to)",
            "keyTimes": keyTimes, "dur": duration, "repeatCount": "indefinite",
          ])
      }
      let switches = start.transform != end.transform
      doc.start("g", ["transform": start.transform.svgMatrix])
      if switches { visibilitySwitch(from: "visible", to: "hidden", into: &doc) }
      shape(start, end, local: true, painter: &painter, into: &doc)
      outline(motion, local: true, painter: &painter, into: &doc)
      labels(lines, start, end, local: true, painter: painter, into: &doc)
      doc.end("g")
      if switches {
        doc.start("g", ["transform": end.transform.svgMatrix, "visibility": "hidden"])
        visibilitySwitch(from: "hidden", to: "visible", into: &doc)
        shape(start, end, local: true, painter: &painter, into: &doc)
        outline(motion, local: true, painter: &painter, into: &doc)
        labels(lines, start, end, local: true, painter: painter, into: &doc)
        doc.end("g")
      }
      doc.end("g")
    }
    doc.end("g")
    doc.newline()
  }

  /// The shape moving from `start`'s frame to `end`'s; `local` draws it about the origin (the
  /// centre), for an element drawn inside its transform.
  static func shape(
    _ start: Element, _ end: Element, local: Bool, painter: inout ElementPainter, into doc: inout SVGDocument
  ) {
    let classes = painter.styleClass(end)
    let drawing = painter.drawing(end)
    func x(_ frame: Rect) -> Double { local ? -frame.width / 2 : frame.minX }
    func y(_ frame: Rect) -> Double { local ? -frame.height / 2 : frame.minY }
    let number = local ? SVGNumber.rounded : SVGNumber.exact
    let (a, b) = (start.frame, end.frame)
    switch drawing.shape {
    case .box:
      rect(from: a, to: b, local: local, style: classes, into: &doc)
    case .line:
      let (p0, p1) = ElementPainter.lineEnds(start, drawing: drawing)
      let (q0, q1) = ElementPainter.lineEnds(end, drawing: drawing)
      let shift = { (point: Point, frame: Rect) -> Point in
        local ? Point(x: point.x - frame.midX, y: point.y - frame.midY) : point
      }
      let (s0, s1, e0, e1) = (shift(p0, a), shift(p1, a), shift(q0, b), shift(q1, b))
      var children = SVGDocument()
      animate("x1", number(s0.x), number(e0.x), into: &children)
      animate("y1", number(s0.y), number(e0.y), into: &children)
      animate("x2", number(s1.x), number(e1.x), into: &children)
      animate("y2", number(s1.y), number(e1.y), into: &children)
      element(
        "line", ["x1": number(s0.x), "y1": number(s0.y), "x2": number(s1.x), "y2": number(s1.y), "class": classes],
        children: children, into: &doc)
    case .dot where ElementPainter.isCapsule(a.size) || ElementPainter.isCapsule(b.size):
      rect(
        from: a, to: b, local: local, style: classes, rounded: SVGNumber.rounded(painter.dotRadius(a.size)),
        into: &doc)
    case .dot:
      let centre = { (frame: Rect) -> Point in local ? .zero : Point(x: frame.midX, y: frame.midY) }
      let (c0, c1) = (centre(a), centre(b))
      let (r0, r1) = (SVGNumber.rounded(painter.dotRadius(a.size)), SVGNumber.rounded(painter.dotRadius(b.size)))
      var children = SVGDocument()
      animate("cx", SVGNumber.rounded(c0.x), SVGNumber.rounded(c1.x), into: &children)
      animate("cy", SVGNumber.rounded(c0.y), SVGNumber.rounded(c1.y), into: &children)
      animate("r", r0, r1, into: &children)
      element(
        "circle", ["cx": SVGNumber.rounded(c0.x), "cy": SVGNumber.rounded(c0.y), "r": r0, "class": classes],
        children: children, into: &doc)
    }
  }

  /// The outline of a batch's change (inserted, deleted, moved, reloaded), moving with the frame.
  static func outline(_ motion: Motion, local: Bool, painter: inout ElementPainter, into doc: inout SVGDocument) {
    guard let style = motion.change.styleClass else { return }
    painter.noteChange(style)
    rect(from: motion.start.frame, to: motion.end.frame, local: local, style: style, into: &doc)
  }

  /// A rect moving from frame `a` to frame `b`; `local` draws it about the origin (the centre).
  static func rect(
    from a: Rect, to b: Rect, local: Bool, style: String, rounded radius: String? = nil, into doc: inout SVGDocument
  ) {
    func x(_ frame: Rect) -> Double { local ? -frame.width / 2 : frame.minX }
    func y(_ frame: Rect) -> Double { local ? -frame.height / 2 : frame.minY }
    let number = local ? SVGNumber.rounded : SVGNumber.exact
    var children = SVGDocument()
    animate("x", number(x(a)), number(x(b)), into: &children)
    animate("y", number(y(a)), number(y(b)), into: &children)
    animate("width", SVGNumber.exact(a.width), SVGNumber.exact(b.width), into: &children)
    animate("height", SVGNumber.exact(a.height), SVGNumber.exact(b.height), into: &children)
    element(
      "rect",
      [
        "x": number(x(a)), "y": number(y(a)), "width": SVGNumber.exact(a.width), "height": SVGNumber.exact(a.height),
        "rx": radius, "ry": radius, "class": style,
      ], children: children, into: &doc)
  }

  static func labels(
    _ lines: [String], _ start: Element, _ end: Element, local: Bool, painter: ElementPainter,
    into doc: inout SVGDocument
  ) {
    let offsets = painter.labelBaselines(count: lines.count)
    for (index, (line, offset)) in zip(lines, offsets).enumerated() {
      let x = (SVGNumber.rounded(local ? 0 : start.frame.midX), SVGNumber.rounded(local ? 0 : end.frame.midX))
      let y = (
        SVGNumber.rounded((local ? 0 : start.frame.midY) + offset),
        SVGNumber.rounded((local ? 0 : end.frame.midY) + offset)
      )
      doc.start("text", ["x": x.0, "y": y.0, "class": index == 0 ? "t" : "t id"])
      animate("x", x.0, x.1, into: &doc)
      animate("y", y.0, y.1, into: &doc)
      doc.content(line)
      doc.end("text")
    }
  }
}

extension Motion.Change {
  /// The outline's style class (`PictureStyle`); nil for none.
  var styleClass: String? {
    switch self {
    case .none: nil
    case .inserted: "ins"
    case .deleted: "del"
    case .moved: "mov"
    case .reloaded: "rel"
    }
  }

  /// Legend entries for the changes among `motions`, in this order.
  static func legend(_ motions: [Motion]) -> [PictureHeader.Entry] {
    let present = Set(motions.map(\.change))
    return allCases.compactMap { change in
      guard present.contains(change), let style = change.styleClass else { return nil }
      return .init(swatch: .box(style), name: change.rawValue)
    }
  }
}
