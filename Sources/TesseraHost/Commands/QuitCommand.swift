/// `quit`: leave the REPL.
struct QuitCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "quit", [CommandForm(misfit: "quit takes no arguments")], summary: "leave the REPL (Ctrl-D does too)",
    discussion: "", examples: ["quit"],
    run: .command(QuitCommand.self))

  init(_ arguments: Arguments) {}

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult { .quit }
}
