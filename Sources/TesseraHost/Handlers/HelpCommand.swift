/// `help`: the command list, one command, or one layout.
extension Session {
  func helpCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    guard args.has("COMMAND|LAYOUT") else { return .help(.overview(Self.commands)) }
    let word = try args.word("COMMAND|LAYOUT")
    if let layoutClass = registry.layout(named: word), Self.commands.first(where: { $0.name == word }) == nil {
      return .help(.layout(layoutClass))
    }
    do {
      return .help(.command(try CommandLookup.find(word, in: Self.commands)))
    } catch {
      let names = Self.commands.map(\.name) + registry.layouts.map(\.name)
      throw HostError(
        "no command or layout named '\(word)'.\(CommandParser.hint(word, names)) Type 'help' for the list of commands.")
    }
  }
}
