import TesseraKit

/// `scroll [X Y]`: the content offset.
struct ScrollCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "scroll",
    [
      CommandForm(
        [], [offset.optional], flag: "animated", misfit: "scroll takes the content offset X and Y, then 'animated'")
    ],
    summary: "the collection view's bounds origin (content offset); with no argument, prints it",
    discussion:
      "Offsets are not clamped to the content, as a bouncing scroll view's are not. Each is within ±\(Limits.coordinateText) points, or the content's size and the viewport's when the content is larger. With 'animated', setContentOffset(_:animated: true): the offset moves there over \(formatNumber(ScrollAnimation.animatedScrollDuration)) s, eased in and out, as 'step' runs the clock; a scroll without it, a drag or a new viewport stops it where it is. During an interactive transition 'scroll' prints the blended offset.",
    examples: ["scroll", "scroll 0 600", "scroll 0 1200 animated"],
    reads: .withoutArguments,
    run: .command(ScrollCommand.self))

  static let offset = Argument<Offset>("X Y")

  var offset: Point?
  var animated: Bool

  init(_ arguments: Arguments) throws(HostError) {
    offset = arguments[Self.offset]?.point
    animated = arguments.flag
    if animated, offset == nil {
      throw HostError.usage("scroll animated needs the offset to scroll to, e.g. scroll 0 1200 animated")
    }
  }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    guard let offset else { return .offset(state.transition?.offset ?? state.model.bounds.origin) }
    if animated { return .clock(try state.animateScroll(to: offset)) }
    try state.refuseDuringTransition("scroll")
    try state.checkOffsetFollowsContent(offset)
    try state.setBounds(to: Rect(origin: offset, size: state.model.bounds.size))
    return .offset(offset)
  }
}
