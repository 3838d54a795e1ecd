import TesseraKit

/// `layout … animated`, `zoom` and `transition` as text: the layout, the content offset and why,
/// and for an animated change what moves, stays, appears and disappears.
enum LayoutChangeText {
  static func text(_ report: LayoutChangeReport) -> String {
    var lines: [String] = []
    let animated = report.changes == nil ? "" : " (animated)"
    if let zoom = report.zoom {
      let what =
        zoom.isReset
        ? "zoom reset"
        : "zoom ×\(formatNumber(zoom.factor)) at \(formatNumber(zoom.focus.x)) \(formatNumber(zoom.focus.y))"
      lines.append("\(what)\(animated): \(zoom.option) \(zoom.before) → \(zoom.after)")
    } else {
      lines.append((TableFormatter.format(.layoutChosen(report.setting)) ?? "") + animated)
    }
    let anchor = report.anchor.map { "anchor cell \($0)" } ?? "no cell on screen"
    lines.append(
      "contentOffset \(point(report.offsetBefore)) → \(point(report.offset)) (\(anchor), proposed \(point(report.proposed)))"
    )
    if let changes = report.changes {
      for kind in ElementChange.Kind.allCases {
        let matching = changes.filter { $0.kind == kind }
        lines.append("\(kind.rawValue) \(matching.count): " + BatchReportTable.list(matching) { $0.shown.label })
      }
    }
    return lines.joined(separator: "\n")
  }

  static func text(_ status: TransitionStatus) -> String {
    let head = "transition \(status.from) → \(status.to)"
    switch status.event {
    case .started:
      let pivot = status.pivot.map { "pivot cell \($0)" } ?? "no cell on screen"
      return
        "\(head) started: \(pivot), offset \(point(status.fromOffset)) → \(point(status.toOffset)) (proposed \(point(status.proposed))), \(status.elements) element\(status.elements == 1 ? "" : "s")"
    case .progressed:
      return "\(head) at \(formatTableNumber(status.progress)): offset \(point(status.offset))"
    case .shown:
      let pivot = status.pivot.map { "pivot cell \($0)" } ?? "no pivot"
      return
        "\(head) at \(formatTableNumber(status.progress)): offset \(point(status.offset)) (from \(point(status.fromOffset)) to \(point(status.toOffset)), \(pivot), \(status.elements) elements)"
    case .finished:
      return "\(head) finished: layout \(status.to), offset \(point(status.offset))"
    case .cancelled:
      return "\(head) cancelled: layout \(status.from), offset \(point(status.offset))"
    }
  }

  static func point(_ p: Point) -> String { "\(formatTableNumber(p.x)) \(formatTableNumber(p.y))" }
}
