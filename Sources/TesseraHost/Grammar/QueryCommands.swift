/// Which command lines only read the workbench, as each command declares it (`CommandSpec.reads`):
/// a restore after an engine failure replays only the lines that changed the session.
enum QueryCommands {
  /// Whether `words` (a whole line, as the tokenizer splits it) is a query; false for anything
  /// not understood, which then replays as it ran.
  static func isQuery(_ words: [String], in table: [CommandSpec]) -> Bool {
    guard let first = words.first, let spec = try? CommandLookup.find(first, in: table) else { return false }
    switch spec.reads {
    case .never: return false
    case .always: return true
    case .withoutArguments: return words.count == 1
    }
  }
}
