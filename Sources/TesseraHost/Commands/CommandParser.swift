import TesseraKit

/// What reading arguments may look at: the loaded layouts and generators, the current layout's
/// kinds and the number of sections (an argument names things that must exist).
struct ParseContext {
  var registry: PluginRegistry
  var layout: LayoutInstance?
  var sectionCount: Int
  /// During an interactive transition, the layout it goes to: its kinds are shown too.
  var nextLayout: LayoutClass? = nil

  /// The kind names of `category` the current layout (and the next one, during a transition)
  /// declares.
  func kindNames(_ category: ElementCategory?) -> [String] {
    LayoutClass.kindNames(of: [layout?.layoutClass, nextLayout], category)
  }
}

/// Reads a command's words into typed `Arguments` by its declaration: picks the form, checks
/// the number of words (the form's `misfit` message, with the usage), then reads each value by
/// its type (that type's message).
enum CommandParser {
  static func parse(_ spec: CommandSpec, _ words: [String], context: ParseContext) throws(HostError) -> Arguments {
    let (form, rest) = try pickForm(spec, words)
    var arguments = Arguments()
    arguments.subcommand = form.words
    var slots = rest[...]
    if let flag = form.flag, slots.last == flag {
      arguments.flag = true
      slots = slots.dropLast()
    }
    // First the shape: which words each argument takes.
    var assigned: [(Parameter, ArraySlice<String>)] = []
    for parameter in form.parameters {
      guard let count = parameter.type.wordCount(next: slots) else {
        if parameter.isOptional { continue }
        throw HostError.usage(form.misfit)
      }
      if count == 0 {
        if slots.isEmpty, !parameter.isOptional { throw HostError.usage(form.misfit) }
        if !slots.isEmpty { assigned.append((parameter, slots)) }
        slots = []
        continue
      }
      if case .generatorCount = parameter.type {
        let kind = assigned.last.flatMap { DatasetGenerator.named($0.1.first ?? "") }
        guard let kind, kind.takesCount else { continue }
        guard !slots.isEmpty else { throw HostError.usage("gen \(kind.kind) needs a count") }
      }
      guard slots.count >= count else {
        if parameter.isOptional, slots.isEmpty { continue }
        throw HostError.usage(form.misfit)
      }
      assigned.append((parameter, slots.prefix(count)))
      slots = slots.dropFirst(count)
    }
    guard slots.isEmpty else { throw HostError.usage(form.misfit) }
    // Then the values.
    for (parameter, words) in assigned {
      arguments.values[parameter.name] = try read(
        Array(words), as: parameter.type, form: form, arguments: arguments, context: context)
    }
    return arguments
  }

  /// The form whose fixed words start the line; else the first form without fixed words that
  /// fits the number of words.
  private static func pickForm(_ spec: CommandSpec, _ words: [String]) throws(HostError) -> (
    CommandForm, [String]
  ) {
    if let form = spec.forms.first(where: { !$0.words.isEmpty && words.starts(with: $0.words) }) {
      return (form, Array(words.dropFirst(form.words.count)))
    }
    let plain = spec.forms.filter(\.words.isEmpty)
    guard let first = plain.first else {
      throw HostError.usage(spec.unknownSubcommand?(words.first) ?? "\(spec.name) takes a subcommand")
    }
    return (plain.first(where: { fits($0, words) }) ?? first, words)
  }

  /// Whether `words` has as many words as `form` can take (values unread).
  private static func fits(_ form: CommandForm, _ words: [String]) -> Bool {
    var left = words.count
    if let flag = form.flag, words.last == flag { left -= 1 }
    var required = 0
    var optional = 0
    var open = false
    for parameter in form.parameters {
      let count = parameter.type.wordCount
      if count == 0 {
        open = true
        if !parameter.isOptional { required += 1 }
      } else if parameter.isOptional {
        optional += count
      } else {
        required += count
      }
    }
    return left >= required && (open || left <= required + optional)
  }

  private static func read(
    _ words: [String], as type: ArgumentType, form: CommandForm, arguments: Arguments, context: ParseContext
  ) throws(HostError) -> Arguments.Value {
    let word = words.first ?? ""
    switch type {
    case .indexPath:
      guard let path = parseIndexPath(word) else {
        throw HostError("invalid index path '\(word)': expected S.I (section.item), e.g. 0.3")
      }
      return .indexPath(path)
    case .size(let rule):
      switch rule {
      case .positive:
        guard let size = parseSize(word) else {
          throw HostError("invalid size '\(word)': expected WxH with finite numbers, e.g. 390x844")
        }
        return .size(size)
      case .nonNegative:
        guard let size = parseSize(word), size.width >= 0, size.height >= 0 else {
          throw HostError("invalid size '\(word)': expected WxH with finite numbers, neither negative")
        }
        return .size(size)
      }
    case .viewport:
      let parts = word.split(separator: "@", omittingEmptySubsequences: false)
      guard parts.count <= 2, let size = parseSize(String(parts[0])) else {
        throw HostError("invalid viewport '\(word)': expected WxH or WxH@SCALE, e.g. 390x844 or 390x844@3")
      }
      guard parts.count == 2 else { return .viewport(size, scale: nil) }
      guard let scale = parseNumber(String(parts[1])), scale >= 1, scale <= 10 else {
        throw HostError(
          "invalid screen scale '\(parts[1])' in '\(word)': expected a number from 1 to 10 (pixels per point: 2 or 3 on a phone)"
        )
      }
      return .viewport(size, scale: scale)
    case .focus:
      guard words[0] == "at" else { throw HostError.usage(form.misfit) }
      guard let x = parseNumber(words[1]), let y = parseNumber(words[2]) else {
        throw HostError("invalid point '\(words[1]) \(words[2])': expected two finite numbers, e.g. at 195 422")
      }
      try Limits.checkCoordinate(x, "zoom focus x")
      try Limits.checkCoordinate(y, "zoom focus y")
      return .point(Point(x: x, y: y))
    case .offset:
      guard let x = parseNumber(words[0]), let y = parseNumber(words[1]) else {
        throw HostError("invalid offset '\(words[0]) \(words[1])': expected two finite numbers, e.g. scroll 0 600")
      }
      try Limits.checkOffset(x, "scroll offset x")
      try Limits.checkOffset(y, "scroll offset y")
      return .point(Point(x: x, y: y))
    case .rect:
      var n: [Double] = []
      for text in words {
        guard let value = parseNumber(text) else {
          throw HostError("invalid number '\(text)' in rect: expected four finite numbers X Y W H")
        }
        n.append(value)
      }
      for (value, name) in zip(n, ["x", "y", "width", "height"]) { try Limits.checkCoordinate(value, "rect \(name)") }
      guard n[2] >= 0, n[3] >= 0 else {
        throw HostError(
          "invalid rect: width and height must not be negative, got \(formatNumber(n[2]))x\(formatNumber(n[3]))")
      }
      return .rect(Rect(x: n[0], y: n[1], width: n[2], height: n[3]))
    case .number(let range, let what):
      guard let value = parseNumber(word), range.contains(value) else {
        throw HostError.usage(
          "\(what) between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound)), not '\(word)'")
      }
      return .number(value)
    case .count(let range, let what):
      guard let value = Int(word), range.contains(value) else {
        throw HostError(
          "invalid \(what) '\(word)': expected a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
      return .count(value)
    case .choice(let choices):
      guard choices.contains(word) else { throw HostError.usage(form.misfit) }
      return .word(word)
    case .path, .libraryPath, .topic, .pluginName:
      return .word(word)
    case .rest:
      return .word(words.joined(separator: " "))
    case .layoutName:
      guard context.registry.layout(named: word) != nil else {
        let names = context.registry.layouts.map(\.name)
        throw HostError("unknown layout '\(word)'.\(hint(word, names)) Layouts: \(names.joined(separator: ", "))")
      }
      return .word(word)
    case .generatorKind:
      guard DatasetGenerator.named(word) != nil else {
        let kinds = DatasetGenerator.all.map(\.kind)
        throw HostError("unknown dataset kind '\(word)'.\(hint(word, kinds)) Kinds: \(kinds.joined(separator: ", "))")
      }
      return .word(word)
    case .generatorCount:
      guard let count = Int(word), count >= 0 else {
        throw HostError.usage("invalid count '\(word)': expected a whole number of items, 0 or more")
      }
      return .count(count)
    case .layoutOptions, .generatorParameters, .pictureOptions:
      return .pairs(try Tokenizer.keyValues(words[...]).map { Arguments.Pair(key: $0.0, value: $0.1) })
    case .elementKind(let category):
      // `item 0.0 0.1`: two index paths, not a kind and an index path.
      if parseIndexPath(word) != nil { throw HostError.usage(form.misfit) }
      guard let layout = context.layout else { return .word(word) }
      let kinds = context.kindNames(category)
      guard kinds.contains(word) else {
        let what = category.map { "\($0) kind" } ?? "supplementary or decoration kind"
        throw HostError(
          "layout \(layout.layoutClass.name) has no \(what) '\(word)' (kinds: \(kinds.isEmpty ? "none" : kinds.joined(separator: ", ")))"
        )
      }
      return .word(word)
    case .area(let choices):
      if words.count == 1, choices.contains(word) { return .word(word) }
      if words.count == 1 {
        throw HostError(
          "unknown area '\(word)': give \(choices.joined(separator: ", ")), or a rect of four numbers X Y W H")
      }
      return try read(words, as: .rect, form: form, arguments: arguments, context: context)
    case .sectionIndexPath:
      guard let path = parseIndexPath(word), path.section >= 0, path.section < context.sectionCount, path.item >= 0
      else {
        throw HostError("invalid index path '\(word)': expected S.I with an existing section")
      }
      return .indexPath(path)
    }
  }

  /// ` Did you mean 'x'?` for a near miss, else nothing.
  static func hint(_ word: String, _ names: [String]) -> String {
    let near = Suggestions.closest(to: word, among: names)
    return near.isEmpty ? "" : " Did you mean '\(near[0])'?"
  }
}

extension WorkbenchState {
  /// What reading arguments may look at: the plugins, the layout, the sections, the transition.
  var parseContext: ParseContext {
    ParseContext(
      registry: registry, layout: layout, sectionCount: model.dataset.sections.count,
      nextLayout: transition?.next.layoutClass)
  }
}
