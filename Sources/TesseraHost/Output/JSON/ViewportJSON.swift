import TesseraKit

/// `viewport`'s answer as JSON: `viewport` and `scale` as before, and `insets` when any differ
/// from a plain view's (all four as [top, left, bottom, right], the adjustment, the resting offset).
enum ViewportJSON {
  static func json(_ report: ViewportReport) -> JSONOutput {
    var members: [(String, JSONOutput)] = [("viewport", JSONFormatter.pair(report.size.width, report.size.height))]
    if let scale = report.scale { members.append(("scale", .number(scale))) }
    if !report.insets.isDefault {
      let r = report.resolved
      members.append(
        (
          "insets",
          .object([
            ("contentInset", edges(r.contentInset)), ("safeAreaInsets", edges(r.safeAreaInsets)),
            ("layoutMargins", edges(r.layoutMargins)), ("adjustedContentInset", edges(r.adjustedContentInset)),
            ("adjust", .string(ViewportInsets.word(r.adjustment))),
            ("restingOffset", JSONFormatter.pair(-r.adjustedContentInset.left, -r.adjustedContentInset.top)),
          ])
        ))
    }
    return .object(members)
  }

  static func edges(_ e: EdgeInsets) -> JSONOutput { .array([e.top, e.left, e.bottom, e.right].map { .number($0) }) }
}
