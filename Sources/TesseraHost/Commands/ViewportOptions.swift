import TesseraKit

/// `viewport`'s `key=value` options: the scroll view's insets, declared once (help lists them,
/// completion offers them, `OptionSchema` checks them). Each one given replaces its value; the
/// others stay as they were.
struct ViewportOptions {
  static let adjustments = ViewportInsets.adjustmentWords

  static let schema = OptionSchema(
    "viewport",
    [
      OptionSpec(
        "inset", .insets, range: -Limits.inset...Limits.inset, placeholder: "T,L,B,R",
        doc: "contentInset: room the app adds around the content (may be negative)"),
      OptionSpec(
        "safeArea", .insets, range: 0...Limits.inset, placeholder: "T,L,B,R",
        doc: "safeAreaInsets: what bars, the notch and the home indicator cover (a phone: 47,0,34,0)"),
      OptionSpec(
        "margins", .insets, range: 0...Limits.inset, placeholder: "T,L,B,R",
        doc: "the view's own layout margins (8,8,8,8, UIView's); layoutMargins adds the safe area"),
      OptionSpec(
        "adjust", .choice(adjustments.map(\.word)), placeholder: "automatic|scrollableAxes|never|always",
        doc:
          "contentInsetAdjustmentBehavior: which edges add the safe area to the content inset (automatic: top and bottom, and left and right when the content scrolls across)"
      ),
    ])

  /// The insets `pairs` make of `current`.
  static func applied(_ pairs: [(key: String, value: String)], to current: ViewportInsets) throws(HostError)
    -> ViewportInsets
  {
    let given = try schema.parse(pairs)
    var insets = current
    func edges(_ name: String) -> EdgeInsets? {
      guard given.has(name), let n = given.value(name)?.numbers else { return nil }
      return EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }
    if let content = edges("inset") { insets.content = content }
    if let safeArea = edges("safeArea") { insets.safeArea = safeArea }
    if let margins = edges("margins") { insets.margins = margins }
    if given.has("adjust"), let word = given.text("adjust"),
      let adjustment = adjustments.first(where: { $0.word == word })?.value
    {
      insets.adjustment = adjustment
    }
    return insets
  }
}
