import TesseraKit

/// `item at X Y` and `element at X Y` as people read them: the element's row, or what is not there.
enum HitText {
  static func text(_ report: HitReport) -> String {
    let at = "\(formatTableNumber(report.point.x)),\(formatTableNumber(report.point.y))"
    if let bounds = report.outside {
      return
        "nothing at \(at): the point is outside the visible bounds \(formatTableNumber(bounds.minX)),\(formatTableNumber(bounds.minY)) \(bounds.size.tableFormatted), and only views on screen take taps"
    }
    guard !report.found.elements.isEmpty else {
      return report.rule == .item ? "no item at \(at)" : "nothing at \(at)"
    }
    return AttributesTable.listing(report.found)
  }
}
