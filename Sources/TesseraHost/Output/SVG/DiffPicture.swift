import TesseraKit

/// A golden session's expected attributes against the actual ones (for `check --pictures`).
public enum DiffPicture {
  /// Elements are matched by label (kind and index path). Expected frames are green dashed
  /// outlines and actual ones red solid outlines; an element that differs (in any attribute, or
  /// present on one side only) is numbered, and the header lists what differs by number,
  /// expected → actual ("1. cell 0.3: x 10→20", the first 20); matching ones are drawn faint grey. The area is the union of all
  /// frames. `title`, when given, replaces `options.title`; the overview limit does not apply.
  public static func draw(
    expected: [Element], actual: [Element], title: String?, options: PictureOptions = PictureOptions()
  ) -> Picture {
    var options = options
    if let title { options.title = title }
    let entries = ElementDifference.match(expected: expected, actual: actual)
    let frames = (expected + actual).map(\.frame)
    let area = frames.dropFirst().reduce(frames.first ?? .zero) { $0.union($1) }
    let pixelsPerPoint = PictureSheet.pixelsPerPoint(options, scalableWidth: area.width)
    let unit = 1 / pixelsPerPoint
    var style = PictureStyle(unit: unit)
    func px(_ pixels: Double) -> String { style.px(pixels) }
    style.extraRules = [
      ".same{fill:none;stroke:\(PicturePalette.same.hex);stroke-width:\(px(1))}",
      ".exp{fill:\(PicturePalette.expected.hex);fill-opacity:0.06;stroke:\(PicturePalette.expected.hex);"
        + "stroke-width:\(px(2));stroke-dasharray:\(px(5)) \(px(3))}",
      ".act{fill:\(PicturePalette.actual.hex);fill-opacity:0.06;stroke:\(PicturePalette.actual.hex);"
        + "stroke-width:\(px(1.5))}",
      ".dl{font-size:\(px(PictureText.labelSize));fill:\(PicturePalette.text.hex)}",
    ]

    var body = SVGDocument()
    body.leaf(
      "rect",
      [
        "x": SVGNumber.exact(area.minX), "y": SVGNumber.exact(area.minY), "width": SVGNumber.exact(area.width),
        "height": SVGNumber.exact(area.height), "class": "sheet",
      ])
    body.newline()
    // Faint matches first, then what differs on top, then the labels over everything.
    let ordered = entries.filter { $0.status == .same } + entries.filter { $0.status != .same }
    for entry in ordered {
      body.start("g", ["data-element": entry.label, "data-diff": entry.status.rawValue])
      if entry.status == .same, let e = entry.expected {
        body.leaf("rect", attributes(e.frame, "same"))
      } else {
        if let e = entry.expected { body.leaf("rect", attributes(e.frame, "exp")) }
        if let a = entry.actual { body.leaf("rect", attributes(a.frame, "act")) }
      }
      body.end("g")
      body.newline()
    }
    // Each differing element gets a number at its corner; the header lists what differs by number
    // (labels written at the elements ran into each other along a row).
    var notes: [String] = []
    for (index, entry) in ordered.filter({ $0.status != .same }).enumerated() {
      let frame = (entry.actual ?? entry.expected)!.frame
      var differences = entry.differences
      if differences.count > 4 { differences = Array(differences.prefix(4)) + ["…"] }
      body.element(
        "text",
        [
          "data-label": entry.label, "x": SVGNumber.rounded(frame.minX + 3 * unit),
          "y": SVGNumber.rounded(frame.minY + 11 * unit), "class": "dl halo",
        ],
        content: String(index + 1))
      body.newline()
      notes.append("\(index + 1). " + PictureText.shown(entry.label) + ": " + differences.joined(separator: ", "))
    }
    if notes.count > Self.listed {
      notes = Array(notes.prefix(Self.listed)) + ["… and \(notes.count - Self.listed) more"]
    }

    let counts = Dictionary(grouping: entries, by: \.status).mapValues(\.count)
    let differing = entries.count - (counts[.same] ?? 0)
    var header = PictureHeader(title: options.title)
    header.legend = [
      .init(swatch: .box("exp"), name: "expected"), .init(swatch: .box("act"), name: "actual"),
      .init(swatch: .box("same"), name: "same"),
    ]
    header.captions =
      [
        "\(differing) of \(entries.count) element\(entries.count == 1 ? "" : "s") differ: "
          + "\(counts[.changed] ?? 0) changed, \(counts[.onlyExpected] ?? 0) only expected, "
          + "\(counts[.onlyActual] ?? 0) only actual · area \(SceneFrames.caption(area))"
      ] + notes
    let sheet = PictureSheet(content: area, pixelsPerPoint: pixelsPerPoint, header: header, options: options)
    let svg = sheet.document(style: style, defs: SVGDocument(), body: body)
    return Picture(svg: svg, elementCount: entries.count, overlapCount: 0, isOverview: false)
  }

  /// How many differences the header lists.
  static let listed = 20

  private static func attributes(_ frame: Rect, _ style: String) -> KeyValuePairs<String, String?> {
    [
      "x": SVGNumber.exact(frame.minX), "y": SVGNumber.exact(frame.minY), "width": SVGNumber.exact(frame.width),
      "height": SVGNumber.exact(frame.height), "class": style,
    ]
  }
}
