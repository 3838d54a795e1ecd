/// `checkpoint`: writes the session down and takes it up again in a new layout instance, as a
/// new engine does after a crash.
struct CheckpointCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "checkpoint", [CommandForm(misfit: "checkpoint takes nothing")],
    summary: "write the session down and take it up again, as the engine does after a crash",
    discussion: """
      Plugins run in an engine process that a crash or a hang ends; a new engine takes up the last checkpoint \
      (the dataset, the bounds, the layout with its options and accepted sizes, the clock and its motion) and \
      replays the commands after it. 'checkpoint' does that now, in this session: the layout is made again \
      from the written state, prepared, and — if it moves with time and saves its motion (the tessera.state/1 \
      extension; every UIKit layout with a UIDynamicAnimator does) — given its motion back, so springs go on \
      from where they were. It says what it gave up, which is what a crash at this moment would lose: the \
      drawing of the last batch, layout change or step, and the motion of a layout that cannot save it now. \
      A checkpoint cannot be taken while a batch is typed or an interactive transition runs.
      """,
    examples: ["checkpoint"],
    run: .command(CheckpointCommand.self))

  init(_ arguments: Arguments) {}

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    .checkpoint(try state.takeUpCheckpoint())
  }
}
