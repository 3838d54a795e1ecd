import TesseraKit

/// Attribute lists as a table, in the order of docs/design.md, "JSON output".
enum AttributesTable {
  /// A list that may be long (`visible`, `dump`): a table stops after `Limits.rowsShown` rows,
  /// saying how many there are and how to see all: `COMMAND --all` or `format json` (which
  /// always lists everything).
  static func listing(_ list: AttributeList) -> String {
    let sorted = list.elements
    let warning = repeatedWarning(list).map { "\nwarning: " + $0 } ?? ""
    guard let command = list.command, !list.showsAll, list.total > Limits.rowsShown else {
      return table(sorted, ids: list.ids, dates: list.dateValues) + warning
    }
    let shown = table(
      Array(sorted.prefix(Limits.rowsShown)), ids: Array(list.ids.prefix(Limits.rowsShown)), countLine: false,
      dates: list.dateValues)
    return shown
      + "\n(\(Limits.rowsShown) of \(list.total) elements shown: '\(command) --all' prints them all, 'format json' lists them all as JSON)"
      + warning
  }

  /// `the layout answered cell 0.3 twice …` when it answered an element more than once (the
  /// first eight named): a table's last line, a JSON listing's `"warning"`.
  static func repeatedWarning(_ list: AttributeList) -> String? {
    guard !list.repeated.isEmpty else { return nil }
    let named = list.repeated.prefix(8).map { "\($0.label) \($0.times == 2 ? "twice" : "\($0.times) times")" }
      .joined(separator: ", ")
    let more = list.repeated.count > 8 ? " … (\(list.repeated.count - 8) more)" : ""
    return
      "the layout answered \(named)\(more) in one query: an element is one view, which a layout answers once (a bug in the layout)"
  }

  /// One row per element, numbers at most 3 decimals; the cells' ids, z, alpha and extras appear
  /// only when some element has one, so the common case stays narrow.
  static func table(
    _ elements: [Element], ids: [String?] = [], countLine: Bool = true, dates: Set<AttributeList.KindKey> = []
  ) -> String {
    guard !elements.isEmpty else { return "(no elements)" }
    let showID = ids.contains { $0 != nil }
    let showZ = elements.contains { $0.zIndex != 0 }
    let showAlpha = elements.contains { $0.alpha != 1 }
    let extras = elements.map { extra($0, dates: dates) }
    let showExtra = extras.contains { !$0.isEmpty }
    var header = ["element", "path"] + (showID ? ["id"] : []) + ["x", "y", "width", "height"]
    if showZ { header.append("z") }
    if showAlpha { header.append("alpha") }
    if showExtra { header.append("extra") }
    var table = TextTable(header)
    for (index, e) in elements.enumerated() {
      var row = [e.kind ?? "cell", "\(e.indexPath)"]
      if showID { row.append(index < ids.count ? ids[index] ?? "" : "") }
      row += [
        formatTableNumber(e.frame.minX), formatTableNumber(e.frame.minY), formatTableNumber(e.frame.width),
        formatTableNumber(e.frame.height),
      ]
      if showZ { row.append(String(e.zIndex)) }
      if showAlpha { row.append(formatTableNumber(e.alpha)) }
      if showExtra { row.append(extras[index]) }
      table.add(row)
    }
    let count = elements.count
    return table.rendered + (countLine ? "\n(\(count) element\(count == 1 ? "" : "s"))" : "")
  }

  /// Days an ISO date `YYYY-MM-DD` can name (years 0001–9999): others stay numbers, so the
  /// table reads back.
  static let isoDays = CalendarDay.parse("0001-01-01")!...CalendarDay.parse("9999-12-31")!

  /// Hidden, the transform, the custom values (as an ISO date where the kind's drawing hint
  /// reads them as days: `day=2015-06-08`).
  static func extra(_ e: Element, dates: Set<AttributeList.KindKey> = []) -> String {
    var parts: [String] = []
    if e.isHidden { parts.append("hidden") }
    if e.transform != .identity {
      let t = e.transform
      parts.append("transform=" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(formatTableNumber).joined(separator: ","))
    }
    if e.depth != .identity {
      parts.append("transform3D=" + e.transform3D.entries.map(formatTableNumber).joined(separator: ","))
    }
    if e.isTransformed {
      // What the transform turns about, and the untransformed bounds (the frame is not what shows).
      parts.append("center=\(formatTableNumber(e.frame.midX)),\(formatTableNumber(e.frame.midY))")
      parts.append("bounds=0,0,\(formatTableNumber(e.frame.width)),\(formatTableNumber(e.frame.height))")
    }
    parts += e.custom.map { custom in
      if let kind = e.kind, dates.contains(AttributeList.KindKey(kind: kind, key: custom.key)),
        let day = Int(exactly: custom.value), Self.isoDays.contains(day)
      {
        return "\(custom.key)=\(CalendarDay.iso(day))"
      }
      return "\(custom.key)=\(formatTableNumber(custom.value))"
    }
    return parts.joined(separator: " ")
  }
}
