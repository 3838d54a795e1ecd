/// Candidates an argument completes to, shared by the argument types: `key=` and its allowed
/// values, files and folders.
enum CompletionCandidates {
  static func choices(_ type: OptionSpec.ValueType) -> [String] {
    switch type {
    case .choice(let words): words
    case .bool: ["true", "false"]
    default: []
    }
  }

  /// `key=` while the key is incomplete; after `key=`, the allowed words if there are any.
  static func optionCandidates(_ schema: OptionSchema, _ partial: String) -> [String] {
    let keys = schema.options.map { ($0.name, choices($0.type)) }
    if let equals = partial.firstIndex(of: "=") {
      let key = String(partial[..<equals])
      let value = String(partial[partial.index(after: equals)...])
      guard let entry = keys.first(where: { $0.0 == key }) else { return [] }
      return entry.1.filter { $0.hasPrefix(value) }.map { "\(key)=\($0)" }
    }
    return keys.map { "\($0.0)=" }.filter { $0.hasPrefix(partial) }
  }

  /// Files and folders (with a trailing slash) starting with `partial`.
  static func paths(_ partial: String, base: String) -> [String] {
    let slash = partial.lastIndex(of: "/")
    let folderPart = slash.map { String(partial[...$0]) } ?? ""
    let namePart = slash.map { String(partial[partial.index(after: $0)...]) } ?? partial
    let folder =
      folderPart.isEmpty ? base : folderPart.hasPrefix("/") || base == "." ? folderPart : base + "/" + folderPart
    let listed = folder.isEmpty ? "." : folder
    var results: [String] = []
    for name in Directory.entries(of: listed) where name.hasPrefix(namePart) {
      if name.hasPrefix(".") && !namePart.hasPrefix(".") { continue }
      results.append(folderPart + name + (Directory.isFolder(listed + "/" + name) ? "/" : ""))
    }
    return results.sorted()
  }
}
