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
    let (index, rest) = try pickForm(spec, words)
    let form = spec.forms[index]
    var arguments = Arguments()
    arguments.subcommand = form.words
    arguments.form = index
    var slots = rest[...]
    if let flag = form.flag, slots.last == flag {
      arguments.flag = true
      slots = slots.dropLast()
    }
    // First the shape: which words each argument takes.
    var assigned: [(Parameter, ArraySlice<String>)] = []
    for parameter in form.parameters {
      guard let count = parameter.takes(slots) else {
        if parameter.isOptional { continue }
        throw HostError.usage(form.misfit)
      }
      if count == 0 {
        if slots.isEmpty, !parameter.isOptional { throw HostError.usage(form.misfit) }
        if !slots.isEmpty { assigned.append((parameter, slots)) }
        slots = []
        continue
      }
      switch parameter.presence(assigned.last?.1.first) {
      case .asDeclared: break
      case .skipped: continue
      case .required(let message): guard !slots.isEmpty else { throw HostError.usage(message) }
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
    let argumentContext = ArgumentContext(workbench: context, misfit: form.misfit)
    for (parameter, words) in assigned {
      arguments.values[parameter.name] = try parameter.read(Array(words), argumentContext)
    }
    return arguments
  }

  /// The form whose fixed words start the line; else the first form without fixed words that
  /// fits the number of words.
  private static func pickForm(_ spec: CommandSpec, _ words: [String]) throws(HostError) -> (Int, [String]) {
    let forms = spec.forms
    if let index = forms.indices.first(where: { !forms[$0].words.isEmpty && words.starts(with: forms[$0].words) }) {
      return (index, Array(words.dropFirst(forms[index].words.count)))
    }
    let plain = forms.indices.filter { forms[$0].words.isEmpty }
    guard let first = plain.first else {
      throw HostError.usage(spec.unknownSubcommand?(words.first) ?? "\(spec.name) takes a subcommand")
    }
    return (plain.first(where: { fits(forms[$0], words) }) ?? first, words)
  }

  /// Whether `words` has as many words as `form` can take (values unread).
  private static func fits(_ form: CommandForm, _ words: [String]) -> Bool {
    var left = words.count
    if let flag = form.flag, words.last == flag { left -= 1 }
    var required = 0
    var optional = 0
    var open = false
    for parameter in form.parameters {
      let count = parameter.wordCount
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
