/// `step [SECONDS | frames=N | rest]`: moves the simulation clock.
struct StepCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "step", [CommandForm([], [amount.optional], misfit: "step takes a number of seconds, frames=N, or rest")],
    summary: "move the simulation clock: animated scrolls, flings and layouts that move with time",
    discussion: """
      Time on the workbench moves only when a command moves it, in frames of 1/60 s, as a display link's ticks \
      move a device's: 'step SECONDS' runs that long (whole frames, then the rest as one shorter frame), \
      'step frames=N' runs N frames (at most \(WorkbenchClock.mostFrames)), 'step rest' runs until the animated \
      scroll has ended and the layout rests (at most a minute). On each frame an animated scroll ('scroll X Y \
      animated', 'fling VX VY') moves the bounds, then a layout that moves with time (one with a \
      UIDynamicAnimator, such as springy) advances its simulation, which invalidates it, and lays out again. \
      'step' alone shows the clock. It prints the time, the frames run, the offset, the scroll animation and \
      whether the layout moves. 'render PATH step frames=N' draws the frames it ran as a film strip.
      """,
    examples: ["step 0.5", "step frames=10", "step rest", "step"],
    reads: .withoutArguments,
    run: .command(StepCommand.self))

  static let amount = Argument<StepAmountArgument>("SECONDS|frames=N|rest")

  var amount: WorkbenchState.StepAmount?

  init(_ arguments: Arguments) { amount = arguments[Self.amount]?.amount }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    guard let amount else { return .clock(try state.clockNow()) }
    return .clock(try state.step(amount))
  }
}
