/// `size`: the content size (during a transition, the larger of both layouts').
struct SizeCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "size", [CommandForm(misfit: "size takes no arguments")], summary: "content size", discussion: "",
    examples: ["size"],
    reads: .always,
    run: .command(SizeCommand.self))

  init(_ arguments: Arguments) {}

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult { .contentSize(try state.shownContentSize()) }
}
