import TesseraKit

/// `fling VX VY`: the content let go with a velocity.
struct FlingCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "fling", [CommandForm([], [velocity.required], misfit: "fling takes a velocity VX VY in points a second")],
    summary: "let the content go with a velocity: a deceleration 'step' runs, to where the layout says it rests",
    discussion: """
      VX VY is the content offset's velocity in points a second (positive y moves down the content). As \
      UIScrollView does: the offset it would come to rest at on its own (offset + velocity × 0.998 / 0.002 / \
      1000, the normal deceleration rate) is clamped to the scroll range and handed to the layout's \
      targetContentOffset(forProposedContentOffset:withScrollingVelocity:), and the content decelerates toward \
      the layout's answer, the velocity falling by 0.998 a millisecond, until less than half a point is left. \
      Nothing moves until 'step' runs the clock. It prints the target and when the deceleration ends.
      """,
    examples: ["fling 0 2000", "fling 0 -1500"],
    run: .command(FlingCommand.self))

  static let velocity = Argument<Velocity>("VX VY")

  var velocity: Point

  init(_ arguments: Arguments) throws(HostError) { velocity = try arguments.value(Self.velocity).point }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult { .clock(try state.fling(velocity: velocity)) }
}
