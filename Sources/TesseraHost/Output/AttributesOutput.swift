import TesseraKit

/// Attribute lists in both formats (DESIGN §3 "JSON output").
enum AttributesOutput {
  static func json(_ e: Element) -> JSONOutput {
    var members: [(String, JSONOutput)] = [("category", .string(e.category.description))]
    if let kind = e.kind { members.append(("kind", .string(kind))) }
    members += [
      ("section", .number(Double(e.indexPath.section))), ("item", .number(Double(e.indexPath.item))),
      ("frame", .array([e.frame.minX, e.frame.minY, e.frame.width, e.frame.height].map { .number($0) })),
      ("zIndex", .number(Double(e.zIndex))), ("alpha", .number(e.alpha)), ("hidden", .bool(e.isHidden)),
    ]
    if e.transform != .identity {
      let t = e.transform
      members.append(("transform", .array([t.a, t.b, t.c, t.d, t.tx, t.ty].map { .number($0) })))
    }
    if !e.custom.isEmpty {
      members.append(("custom", .object(e.custom.map { ($0.key, .number($0.value)) })))
    }
    return .object(members)
  }

  static func reply(_ elements: [Element]) -> Reply {
    let sorted = Element.sortedForOutput(elements)
    return Reply(text: table(sorted), json: .object([("attributes", .array(sorted.map(json)))]))
  }

  /// A list that may be long (`visible`, `dump`): only the format printed is built (a JSON
  /// array of five million elements is gigabytes), and a table stops after
  /// `Limits.rowsShown` rows, saying how many there are and how to see all: `COMMAND --all`
  /// or `format json` (which always lists everything).
  static func listing(_ elements: [Element], format: Session.Format, all: Bool, command: String) -> Reply {
    let sorted = Element.sortedForOutput(elements)
    if format == .json { return Reply(text: "", json: .object([("attributes", .array(sorted.map(json)))])) }
    guard !all, sorted.count > Limits.rowsShown else { return Reply(text: table(sorted), json: .null) }
    let shown = table(Array(sorted.prefix(Limits.rowsShown)), countLine: false)
    return Reply(
      text: shown
        + "\n(\(Limits.rowsShown) of \(sorted.count) elements shown: '\(command) --all' prints them all, 'format json' lists them all as JSON)",
      json: .null)
  }

  /// One row per element; z, alpha and extras appear only when some element needs them, so the
  /// common case stays narrow.
  static func table(_ elements: [Element], countLine: Bool = true) -> String {
    guard !elements.isEmpty else { return "(no elements)" }
    let showZ = elements.contains { $0.zIndex != 0 }
    let showAlpha = elements.contains { $0.alpha != 1 }
    let extras = elements.map(extra)
    let showExtra = extras.contains { !$0.isEmpty }
    var header = ["element", "path", "x", "y", "width", "height"]
    if showZ { header.append("z") }
    if showAlpha { header.append("alpha") }
    if showExtra { header.append("extra") }
    var table = TextTable(header)
    for (index, e) in elements.enumerated() {
      var row = [
        e.kind ?? "cell", "\(e.indexPath)", formatNumber(e.frame.minX), formatNumber(e.frame.minY),
        formatNumber(e.frame.width), formatNumber(e.frame.height),
      ]
      if showZ { row.append(String(e.zIndex)) }
      if showAlpha { row.append(formatNumber(e.alpha)) }
      if showExtra { row.append(extras[index]) }
      table.add(row)
    }
    let count = elements.count
    return table.rendered + (countLine ? "\n(\(count) element\(count == 1 ? "" : "s"))" : "")
  }

  static func extra(_ e: Element) -> String {
    var parts: [String] = []
    if e.isHidden { parts.append("hidden") }
    if e.transform != .identity {
      let t = e.transform
      parts.append("transform=" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(formatNumber).joined(separator: ","))
    }
    parts += e.custom.map { "\($0.key)=\(formatNumber($0.value))" }
    return parts.joined(separator: " ")
  }
}
