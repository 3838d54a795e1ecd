import TesseraKit

/// `selfsizing text` and `selfsizing measure` as JSON: numbers exact, sizes as [w, h], padding
/// as [top, left, bottom, right].
enum TextSizingJSON {
  static func json(_ report: TextSizingReport) -> JSONOutput {
    var members: [(String, JSONOutput)] = [("text", report.style.map { style(report.fontName, $0) } ?? .null)]
    if let m = report.metrics {
      members.append(
        (
          "metrics",
          .object([
            ("ascender", .number(m.ascender)), ("descender", .number(m.descender)), ("lineGap", .number(m.lineGap)),
            ("lineHeight", .number(m.lineHeight)),
          ])
        ))
    }
    if let passes = report.passes { members.append(("passes", .number(Double(passes)))) }
    return .object(members)
  }

  static func json(_ report: CellMeasureReport) -> JSONOutput {
    var members: [(String, JSONOutput)] = [
      ("indexPath", .string(report.indexPath.description)), ("id", .string(report.id)),
      ("proposed", JSONFormatter.pair(report.proposed.width, report.proposed.height)),
      ("measured", report.measured.map { JSONFormatter.pair($0.width, $0.height) } ?? .null),
    ]
    switch report.source {
    case .none: members.append(("source", .string("none")))
    case .dataset: members.append(("source", .string("dataset")))
    case .cycle(let entry):
      members += [("source", .string("measureCycle")), ("entry", .number(Double(entry)))]
    case .text(let measure):
      members.append(("source", .string("text")))
      if let style = report.style { members.append(("text", Self.style(report.fontName ?? "", style))) }
      members += [
        ("label", JSONFormatter.pair(measure.label.width, measure.label.height)),
        (
          "lines",
          .array(
            measure.lines.map { .object([("text", .string($0.text)), ("width", .number($0.width))]) })
        ),
      ]
    }
    return .object(members)
  }

  private static func style(_ font: String, _ s: TextStyle) -> JSONOutput {
    .object([
      ("prop", .string(s.prop)), ("font", .string(font)), ("size", .number(s.fontSize)),
      ("padding", ViewportJSON.edges(s.padding)),
      ("fit", .string(s.fit.rawValue)), ("maxWidth", s.maxWidth.map { .number($0) } ?? .null),
      ("lines", .number(Double(s.lines))),
    ])
  }
}
