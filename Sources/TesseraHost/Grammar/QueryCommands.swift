/// Which command lines only read the workbench. A restore after an engine failure replays only
/// the lines that changed the session: a query changes nothing to restore, may write a file
/// (`render`) that must not be written again, and may be what crashed a flaky plugin.
enum QueryCommands {
  /// Commands that never change the session.
  static let always: Set<String> = ["help", "plugins", "data", "visible", "dump", "item", "size", "render"]
  /// Commands that only show a setting when given no argument.
  static let withoutArguments: Set<String> = ["layout", "viewport", "scroll", "watchdog", "stats"]

  /// Whether `words` (a whole line, as the tokenizer splits it) is a query; false for anything
  /// not understood, which then replays as it ran.
  static func isQuery(_ words: [String], in table: [CommandSpec]) -> Bool {
    guard let first = words.first, let spec = try? CommandLookup.find(first, in: table) else { return false }
    return always.contains(spec.name) || (words.count == 1 && withoutArguments.contains(spec.name))
  }
}
