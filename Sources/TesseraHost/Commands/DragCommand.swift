import TesseraKit

/// `drag DX DY [at X Y] [frames=N]`: a finger drags the content.
struct DragCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "drag",
    [
      CommandForm(
        [], [distance.required, start.optional, frames.optional],
        misfit: "drag takes how far the finger moves, DX DY, then 'at X Y' and frames=N")
    ],
    summary: "a finger drags the content: the pan gesture a layout reads, moving the bounds frame by frame",
    discussion: """
      The finger goes down at X Y in the viewport (its centre by default) and moves by DX DY over N frames (1 by \
      default, at 60 a second); the content follows it, so the content offset moves by −DX −DY, and each frame \
      runs the clock (see 'step'). Meanwhile the collection view's pan gesture is down at the finger: a layout \
      reads panGestureRecognizer.location(in:) as the finger's point in content coordinates (a springy layout \
      pulls its cells by their distance from it). The finger then lifts; as UIKit's recognizer, it keeps answering \
      the last point on screen. Touching stops an animated scroll. Follow it with 'fling VX VY' to let the \
      content go with a velocity, and 'step' to watch it settle.
      """,
    examples: ["drag 0 -200", "drag 0 -300 at 195 700 frames=10"],
    run: .command(DragCommand.self))

  static let distance = Argument<DragDistance>("DX DY")
  static let start = Argument<ScreenPoint>("at X Y")
  static let frames = Argument<FrameCount>("frames=N")

  var distance: Point
  var start: Point?
  var frames: Int

  init(_ arguments: Arguments) throws(HostError) {
    distance = try arguments.value(Self.distance).point
    start = arguments[Self.start]?.point
    frames = arguments[Self.frames]?.count ?? 1
  }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    .clock(try state.drag(by: distance, at: start, frames: frames))
  }
}
