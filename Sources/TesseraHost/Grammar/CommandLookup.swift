/// Looks a typed command word up the way sqlite's shell does: an exact name, or a unique
/// prefix; otherwise an error with the closest names.
public enum CommandLookup {
  public static func find(_ word: String, in table: [CommandSpec]) throws(HostError) -> CommandSpec {
    if let exact = table.first(where: { $0.name == word }) { return exact }
    let prefixed = table.filter { $0.name.hasPrefix(word) }
    if prefixed.count == 1 { return prefixed[0] }
    if prefixed.count > 1 {
      throw HostError("ambiguous command '\(word.quotedPrefix)': \(prefixed.map(\.name).joined(separator: ", "))")
    }
    let suggestions = Suggestions.closest(to: word, among: table.map(\.name))
    let hint = suggestions.isEmpty ? "" : " Did you mean \(suggestions.map { "'\($0)'" }.joined(separator: " or "))?"
    throw HostError("unknown command '\(word.quotedPrefix)'.\(hint) Type 'help' for the list of commands.")
  }
}
