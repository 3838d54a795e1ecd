import TesseraKit

/// `viewport [WxH[@S]] [key=value ...]`: the bounds size, the screen's scale and the scroll view's
/// insets.
struct ViewportCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "viewport",
    [
      CommandForm(
        [], [viewport.optional, options.optional],
        misfit: "viewport takes one size WxH[@S], then key=value insets")
    ],
    summary: "the collection view's bounds size (default 390x844), the screen's scale and the scroll view's insets",
    discussion:
      "The layout is asked whether the new bounds invalidate it (a vertical flow layout re-lays out only when the width changes). Each side is at least a pixel (a point, or 1/S points at '@S') and at most \(Limits.coordinateText) points. '@S' sets the screen's scale (pixels per point, 1 to 10; a phone has 2 or 3): interpolated attributes of a transition round their centre to half a pixel and their size to a pixel, as UIKit does. Without it (the default) there is no screen scale and nothing rounds; a size without '@S' clears it.\nThe insets are UIScrollView's, as T,L,B,R in UIEdgeInsets' order; each one given replaces its value and the rest stay. adjustedContentInset is the content inset plus the safe area on the edges 'adjust' covers: automatic (UIKit's default) adds it at the top and bottom, and at the left and right when the content is wider than the bounds; scrollableAxes on each axis along which the content is larger than the bounds; never; always. Layouts read all four (the flow layout's lines are the bounds' width less the adjusted left and right insets). A change of any inset invalidates the whole layout; a view resting at the top-left of its scroll range, content offset (−adjustedContentInset.left, −adjustedContentInset.top), moves to the new one. With no arguments, prints the size, the scale and the insets that differ from a plain view's."
      + "\nOptions:\n" + ViewportOptions.schema.helpLines.joined(separator: "\n"),
    examples: [
      "viewport", "viewport 1024x768", "viewport 390x844@3", "viewport 390x844 safeArea=47,0,34,0",
      "viewport inset=20,0,20,0 adjust=never",
    ],
    reads: .withoutArguments,
    run: .command(ViewportCommand.self))

  static let viewport = Argument<Viewport>("WxH[@S]")
  static let options = Argument("key=value", OptionPairs.reader { _ in ViewportOptions.schema })

  var viewport: Viewport?
  var pairs: [(key: String, value: String)]

  init(_ arguments: Arguments) {
    viewport = arguments[Self.viewport]
    pairs = arguments[Self.options]?.pairs ?? []
  }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    guard viewport != nil || !pairs.isEmpty else { return .viewport(state.viewportReport) }
    try state.refuseDuringTransition("viewport")
    let insets = try ViewportOptions.applied(pairs, to: state.model.insets)
    var size = state.model.bounds.size
    var scale = state.screenScale
    if let viewport {
      size = viewport.size
      scale = viewport.scale
      // A side thinner than a pixel draws nothing on any screen (and 1e-320 would print as 0):
      // a pixel is 1/S points at @S, a point without a scale.
      let pixel = 1 / (scale ?? 1)
      guard size.width >= pixel, size.height >= pixel else {
        throw HostError(
          "invalid viewport \(size.formatted): each side must be at least a pixel, \(formatNumber(pixel)) \(pixel == 1 ? "point" : "points")\(scale.map { " at @\(formatNumber($0))" } ?? " (1/S at @S)")"
        )
      }
      try Limits.checkSize(size, "viewport")
    }
    try state.setViewport(size, scale: scale, insets: insets)
    return .viewport(state.viewportReport)
  }
}
