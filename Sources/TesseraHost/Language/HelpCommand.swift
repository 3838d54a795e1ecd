/// `help`: the command list, one command, or one layout.
extension WorkbenchState {
  func helpCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    guard args.has("COMMAND|LAYOUT") else { return .help(.overview(CommandTable.all.map(\.help))) }
    let word = try args.word("COMMAND|LAYOUT")
    if let layoutClass = registry.layout(named: word), CommandTable.all.first(where: { $0.name == word }) == nil {
      return .help(.layout(layoutClass))
    }
    do {
      return .help(.command(try CommandLookup.find(word, in: CommandTable.all).help))
    } catch {
      let names = CommandTable.all.map(\.name) + registry.layouts.map(\.name)
      throw HostError(
        "no command or layout named '\(word)'.\(CommandParser.hint(word, names)) Type 'help' for the list of commands.")
    }
  }
}
