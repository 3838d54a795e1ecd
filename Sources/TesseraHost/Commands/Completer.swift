#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Tab completion from the command table: command names, layout names, option keys, dataset
/// kinds and their parameters, fixed words and file paths. Pure, so it is tested without a
/// terminal.
public enum Completer {
  /// Candidates that complete the last (partial) word of `line`.
  public static func candidates(for line: String, session: Session) -> [String] {
    let endsWithSpace = line.last?.isWhitespace ?? true
    var words = (try? Tokenizer.words(line)) ?? line.split(separator: " ").map(String.init)
    let partial = endsWithSpace ? "" : (words.popLast() ?? "")
    if session.isCollectingBatch {
      // Inside `batch`: operation verbs first, then nothing to complete (index paths).
      guard words.isEmpty else { return [] }
      return (BatchOperation.verbs + ["commit", "cancel"]).filter { $0.hasPrefix(partial) }
    }
    guard let first = words.first else {
      return Session.commands.map(\.name).filter { $0.hasPrefix(partial) }
    }
    guard let spec = try? CommandLookup.find(first, in: Session.commands) else { return [] }
    let position = words.count - 1
    guard !spec.arguments.isEmpty else { return [] }
    let argument = spec.arguments[min(position, spec.arguments.count - 1)]
    let previous = words.count >= 2 ? words[1] : ""
    switch argument {
    case .command:
      let names = Session.commands.map(\.name) + session.registry.layouts.map(\.name)
      return names.filter { $0.hasPrefix(partial) }
    case .layoutName:
      return session.registry.layouts.map(\.name).filter { $0.hasPrefix(partial) }
    case .layoutOption:
      guard let layout = session.registry.layout(named: previous) else { return [] }
      return optionCandidates(partial, keys: layout.options.map { ($0.name, choices($0.type)) })
    case .generatorKind:
      return DatasetGenerator.all.map(\.kind).filter { $0.hasPrefix(partial) }
    case .generatorParameter:
      guard let generator = DatasetGenerator.named(previous) else { return [] }
      return optionCandidates(partial, keys: generator.parameters.map { ($0.name, []) })
    case .file:
      return paths(partial, base: session.baseDirectory)
    case .supplementaryKind:
      guard previous == "supplementary", words.count == 2 else { return [] }
      return (session.layout?.layoutClass.supplementaryKinds ?? []).filter { $0.hasPrefix(partial) }
    case .pluginName:
      return session.registry.libraries.map(\.name).filter { $0.hasPrefix(partial) }
    case .words(let list):
      return list.filter { $0.hasPrefix(partial) }
    }
  }

  static func choices(_ type: OptionSpec.ValueType) -> [String] {
    switch type {
    case .choice(let words): words
    case .bool: ["true", "false"]
    default: []
    }
  }

  /// `key=` while the key is incomplete; after `key=`, the allowed words if there are any.
  static func optionCandidates(_ partial: String, keys: [(String, [String])]) -> [String] {
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

  /// The longest prefix shared by every candidate.
  public static func commonPrefix(_ candidates: [String]) -> String {
    guard var prefix = candidates.first else { return "" }
    for candidate in candidates.dropFirst() {
      while !candidate.hasPrefix(prefix) { prefix.removeLast() }
    }
    return prefix
  }
}
