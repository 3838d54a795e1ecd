/// `help [COMMAND|LAYOUT]`: the command list, one command, or one layout.
struct HelpCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "help",
    [CommandForm([], [topic.optional], misfit: "help takes at most one command or layout name")],
    summary: "list commands, or one command's usage and examples",
    discussion: "With a layout name, lists that layout's options, their defaults and what they mean.",
    examples: ["help", "help dump", "help flow"],
    reads: .always,
    run: .command(HelpCommand.self))

  static let topic = Argument(
    "COMMAND|LAYOUT", Word.reader { CommandTable.all.map(\.name) + $0.state.registry.layouts.map(\.name) })

  var topic: String?

  init(_ arguments: Arguments) throws(HostError) { topic = arguments[Self.topic]?.text }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    guard let word = topic else { return .help(.overview(CommandTable.all.map(\.help))) }
    if let layoutClass = state.registry.layout(named: word), CommandTable.all.first(where: { $0.name == word }) == nil {
      return .help(.layout(layoutClass))
    }
    do {
      return .help(.command(try CommandLookup.find(word, in: CommandTable.all).help))
    } catch {
      let names = CommandTable.all.map(\.name) + state.registry.layouts.map(\.name)
      throw HostError(
        "no command or layout named '\(word)'.\(CommandParser.hint(word, names)) Type 'help' for the list of commands.")
    }
  }
}
