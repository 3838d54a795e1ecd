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
  static func candidates(for line: String, state session: WorkbenchState) -> [String] {
    let endsWithSpace = line.last?.isWhitespace ?? true
    var words = (try? Tokenizer.words(line)) ?? line.split(separator: " ").map(String.init)
    let partial = endsWithSpace ? "" : (words.popLast() ?? "")
    if session.isCollectingBatch {
      // Inside `batch`: operation verbs first, then nothing to complete (index paths).
      guard words.isEmpty else { return [] }
      return (BatchOperation.verbs + ["commit", "cancel"]).filter { $0.hasPrefix(partial) }
    }
    guard let first = words.first else {
      return CommandTable.all.map(\.name).filter { $0.hasPrefix(partial) }
    }
    guard let spec = try? CommandLookup.find(first, in: CommandTable.all) else { return [] }
    let arguments = Array(words.dropFirst())
    var candidates: [String] = []
    for (form, type) in expected(spec, arguments) {
      if let type {
        candidates += complete(type, partial: partial, arguments: arguments, session: session)
      } else if let word = form {
        candidates.append(word)
      }
    }
    var seen = Set<String>()
    return candidates.filter { $0.hasPrefix(partial) && seen.insert($0).inserted }
  }

  /// What may come after `arguments`, from the command's declaration: a fixed word of a form
  /// (its subcommand or flag), or an argument of some type.
  static func expected(_ spec: CommandSpec, _ arguments: [String]) -> [(String?, ArgumentType?)] {
    var results: [(String?, ArgumentType?)] = []
    for form in spec.forms {
      if arguments.count < form.words.count {
        if arguments.elementsEqual(form.words.prefix(arguments.count)) {
          results.append((form.words[arguments.count], nil))
        }
        continue
      }
      guard arguments.starts(with: form.words) else { continue }
      var position = arguments.count - form.words.count
      var matched: ArgumentType?
      for parameter in form.parameters {
        if case .generatorCount = parameter.type,
          DatasetGenerator.named(arguments.first ?? "")?.takesCount != true
        {
          continue
        }
        let count = parameter.type.wordCount
        if count == 0 || position < count {
          matched = parameter.type
          break
        }
        position -= count
      }
      if let matched { results.append((nil, matched)) }
      if let flag = form.flag, matched == nil || form.parameters.allSatisfy(\.isOptional) {
        results.append((flag, nil))
      }
    }
    return results
  }

  /// Candidates for an argument of `type`.
  static func complete(_ type: ArgumentType, partial: String, arguments: [String], session: WorkbenchState) -> [String]
  {
    let named = arguments.first ?? ""
    switch type {
    case .topic:
      return CommandTable.all.map(\.name) + session.registry.layouts.map(\.name)
    case .layoutName:
      return session.registry.layouts.map(\.name)
    case .layoutOptions:
      guard let layout = session.registry.layout(named: named) else { return [] }
      return optionCandidates(layout.optionSchema, partial)
    case .generatorKind:
      return DatasetGenerator.all.map(\.kind)
    case .generatorParameters:
      guard let generator = DatasetGenerator.named(named) else { return [] }
      return optionCandidates(generator.parameters, partial)
    case .path:
      return paths(partial, base: session.baseDirectory)
    case .libraryPath:
      // Shared libraries only, and the folders that may hold them.
      return paths(partial, base: session.baseDirectory).filter { $0.hasSuffix("/") || $0.hasSuffix(".so") }
    case .pictureOptions:
      return optionCandidates(RenderOptions.schema, partial)
    case .elementKind(let category):
      return session.parseContext.kindNames(category)
    case .pluginName:
      return session.registry.libraries.map(\.name)
    case .choice(let words), .area(let words):
      return words
    case .rest:
      // The one argument that is the rest of the line is `batch`'s operations.
      return BatchOperation.verbs
    case .focus:
      return ["at"]
    case .indexPath, .size, .offset, .rect, .number, .count, .generatorCount, .sectionIndexPath, .viewport:
      return []
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

  /// The longest prefix shared by every candidate.
  public static func commonPrefix(_ candidates: [String]) -> String {
    guard var prefix = candidates.first else { return "" }
    for candidate in candidates.dropFirst() {
      while !candidate.hasPrefix(prefix) { prefix.removeLast() }
    }
    return prefix
  }
}
