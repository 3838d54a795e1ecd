import TesseraKit

/// `selfsizing text` and `selfsizing measure` as people read them.
enum TextSizingText {
  static func text(_ report: TextSizingReport) -> String {
    let settled = report.passes.map { passes in
      passes > 0 ? "\nself-sizing settled in \(passes) pass\(passes == 1 ? "" : "es")" : ""
    }
    guard let style = report.style else {
      return "self-sizing text off: cells measure their dataset size" + (settled ?? "")
    }
    var lines = ["cells with a \(style.prop.escapingAllControls) prop measure it: \(font(report.fontName, style))"]
    if let m = report.metrics {
      lines.append(
        "line height \(formatTableNumber(m.lineHeight)) (ascender \(formatTableNumber(m.ascender)), descender \(formatTableNumber(m.descender)), line gap \(formatTableNumber(m.lineGap)))"
      )
    }
    lines.append(describe(style))
    return lines.joined(separator: "\n") + (settled ?? "")
  }

  static func text(_ report: CellMeasureReport) -> String {
    let subject = "item \(report.indexPath) ('\(report.id.escapingAllControls)')"
    let proposed = "in \(report.proposed.tableFormatted)"
    switch report.source {
    case .none: return "\(subject) measures nothing: it has no size, no text and no measureCycle"
    case .dataset: return "\(subject) measures \(report.measured?.tableFormatted ?? "") (its dataset size)"
    case .cycle(let entry):
      return "\(subject) measures \(report.measured?.tableFormatted ?? "") (entry \(entry + 1) of its measureCycle)"
    case .text(let measure):
      var lines = [
        "\(subject) measures \(measure.cell.tableFormatted) \(proposed) by its \((report.style?.prop ?? "text").escapingAllControls): label \(measure.label.tableFormatted), \(measure.lines.count) line\(measure.lines.count == 1 ? "" : "s")"
      ]
      if let style = report.style { lines.append(font(report.fontName ?? "", style) + "; " + describe(style)) }
      var table = TextTable(["line", "width", "text"])
      for (index, line) in measure.lines.enumerated() {
        table.add([String(index + 1), formatTableNumber(line.width), line.text])
      }
      if !measure.lines.isEmpty { lines.append(table.rendered) }
      return lines.joined(separator: "\n")
    }
  }

  private static func font(_ name: String, _ style: TextStyle) -> String {
    "\(name) at \(formatTableNumber(style.fontSize)) pt"
  }

  private static func describe(_ style: TextStyle) -> String {
    let p = style.padding
    let padding = [p.top, p.left, p.bottom, p.right].map(formatTableNumber).joined(separator: ",")
    let fit =
      switch style.fit {
      case .both: "fit both" + (style.maxWidth.map { " within \(formatTableNumber($0)) wide" } ?? "")
      case .height: "fit height (width kept)"
      case .width: "fit width (height kept)"
      }
    return "padding \(padding), \(fit), " + (style.lines > 0 ? "at most \(style.lines) lines" : "any number of lines")
  }
}
