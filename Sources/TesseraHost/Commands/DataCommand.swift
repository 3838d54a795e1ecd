/// `data`: the dataset's sections, counts and item ids.
struct DataCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "data", [CommandForm(misfit: "data takes no arguments")], summary: "the dataset: sections, counts, item ids",
    discussion: "",
    examples: ["data"],
    reads: .always,
    run: .command(DataCommand.self))

  init(_ arguments: Arguments) {}

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult { .dataset(state.model.dataset) }
}
