import TesseraKit

/// `viewport`'s answer as text: the size and scale, the insets set (those that differ from a
/// plain view's) and, when there are any, what the layout reads.
enum ViewportText {
  static func text(_ report: ViewportReport) -> String {
    var line = "viewport \(report.size.tableFormatted)" + (report.scale.map { "@\(formatTableNumber($0))" } ?? "")
    let insets = report.insets
    guard !insets.isDefault else { return line }
    if insets.content != .zero { line += " inset=\(edges(insets.content))" }
    if insets.safeArea != .zero { line += " safeArea=\(edges(insets.safeArea))" }
    if insets.margins != ViewportInsets.defaultMargins { line += " margins=\(edges(insets.margins))" }
    if insets.adjustment != .automatic { line += " adjust=\(ViewportInsets.word(insets.adjustment))" }
    let r = report.resolved
    return line
      + "\nadjustedContentInset \(edges(r.adjustedContentInset))  layoutMargins \(edges(r.layoutMargins))"
      + "  resting offset \(formatTableNumber(-r.adjustedContentInset.left)) \(formatTableNumber(-r.adjustedContentInset.top))"
  }

  /// T,L,B,R as `viewport` takes them.
  static func edges(_ e: EdgeInsets) -> String {
    [e.top, e.left, e.bottom, e.right].map(formatTableNumber).joined(separator: ",")
  }
}
