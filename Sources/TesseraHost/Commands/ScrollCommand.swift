import TesseraKit

/// `scroll [X Y]`: the content offset.
struct ScrollCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "scroll", [CommandForm([], [offset.optional], misfit: "scroll takes the content offset X and Y")],
    summary: "the collection view's bounds origin (content offset); with no argument, prints it",
    discussion:
      "Offsets are not clamped to the content, as a bouncing scroll view's are not. Each is within ±\(Limits.coordinateText) points, or the content's size and the viewport's when the content is larger. During an interactive transition 'scroll' prints the blended offset.",
    examples: ["scroll", "scroll 0 600"],
    reads: .withoutArguments,
    run: .command(ScrollCommand.self))

  static let offset = Argument<Offset>("X Y")

  var offset: Point?

  init(_ arguments: Arguments) { offset = arguments[Self.offset]?.point }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    guard let offset else { return .offset(state.transition?.offset ?? state.model.bounds.origin) }
    try state.refuseDuringTransition("scroll")
    try state.checkOffsetFollowsContent(offset)
    try state.setBounds(to: Rect(origin: offset, size: state.model.bounds.size))
    return .offset(offset)
  }
}
