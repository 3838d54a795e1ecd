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
    let context = CompletionContext(state: session, arguments: arguments, partial: partial)
    var candidates: [String] = []
    for (form, parameter) in expected(spec, arguments) {
      if let parameter {
        candidates += parameter.complete(context)
      } else if let word = form {
        candidates.append(word)
      }
    }
    var seen = Set<String>()
    return candidates.filter { $0.hasPrefix(partial) && seen.insert($0).inserted }
  }

  /// What may come after `arguments`, from the command's declaration: a fixed word of a form
  /// (its subcommand or flag), or an argument.
  static func expected(_ spec: CommandSpec, _ arguments: [String]) -> [(String?, Parameter?)] {
    var results: [(String?, Parameter?)] = []
    for form in spec.forms {
      if arguments.count < form.words.count {
        if arguments.elementsEqual(form.words.prefix(arguments.count)) {
          results.append((form.words[arguments.count], nil))
        }
        continue
      }
      guard arguments.starts(with: form.words) else { continue }
      var position = arguments.count - form.words.count
      var matched: Parameter?
      for parameter in form.parameters {
        if case .skipped = parameter.presence(arguments.first) { continue }
        let count = parameter.wordCount
        if count == 0 || position < count {
          matched = parameter
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

  /// The longest prefix shared by every candidate.
  public static func commonPrefix(_ candidates: [String]) -> String {
    guard var prefix = candidates.first else { return "" }
    for candidate in candidates.dropFirst() {
      while !candidate.hasPrefix(prefix) { prefix.removeLast() }
    }
    return prefix
  }
}
