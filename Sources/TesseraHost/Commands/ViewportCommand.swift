/// `viewport [WxH[@S]]`: the bounds size and the screen's scale.
struct ViewportCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "viewport", [CommandForm([], [viewport.optional], misfit: "viewport takes one size")],
    summary: "the collection view's bounds size (default 390x844), and the screen's scale",
    discussion:
      "The layout is asked whether the new bounds invalidate it (a vertical flow layout re-lays out only when the width changes). Each side is at most \(Limits.coordinateText) points. '@S' sets the screen's scale (pixels per point, 1 to 10; a phone has 2 or 3): interpolated attributes of a transition round their centre to half a pixel and their size to a pixel, as UIKit does. Without it (the default) there is no screen scale and nothing rounds.",
    examples: ["viewport", "viewport 1024x768", "viewport 390x844@3"],
    reads: .withoutArguments,
    run: .command(ViewportCommand.self))

  static let viewport = Argument<Viewport>("WxH[@S]")

  var viewport: Viewport?

  init(_ arguments: Arguments) { viewport = arguments[Self.viewport] }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    guard let viewport else { return .viewport(state.model.bounds.size, scale: state.screenScale) }
    try state.refuseDuringTransition("viewport")
    let size = viewport.size
    guard size.width > 0, size.height > 0 else {
      throw HostError("invalid viewport \(size.formatted): width and height must be greater than 0")
    }
    try Limits.checkSize(size, "viewport")
    try state.setViewport(size, scale: viewport.scale)
    return .viewport(size, scale: viewport.scale)
  }
}
