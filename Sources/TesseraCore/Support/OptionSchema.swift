import TesseraKit

/// The `key=value` options of one thing — a layout, a dataset generator, a picture — declared
/// once (name, type, default, range, doc): one parser, one error for an unknown key (with the
/// nearest name), one completion and one help table for all of them.
public struct OptionSchema: Sendable {
  /// What the options belong to, as errors name it: `layout flow`, `gen grid`, `render`.
  public var subject: String
  public private(set) var options: [OptionSpec]

  public init(_ subject: String, _ options: [OptionSpec]) {
    self.subject = subject
    self.options = options
    for index in self.options.indices { self.options[index].index = index }
  }

  public func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }

  /// Reads `key=value` pairs in the order typed: each value by its option's type and range; a
  /// key given twice takes the last value.
  public func parse(_ pairs: [(key: String, value: String)]) throws(HostError) -> OptionValues {
    var given: [OptionSpec.Value?] = Array(repeating: nil, count: options.count)
    for (key, value) in pairs {
      guard let option = option(named: key) else { throw unknown(key) }
      given[option.index] = try option.parse(value)
    }
    return OptionValues(schema: self, given: given)
  }

  /// One line per option for help: `    name=PLACEHOLDER  what it does (2 to 60, default D)`.
  public var helpLines: [String] {
    options.map { option in
      var notes: [String] = []
      let (low, high) = (option.minimum, option.maximum)
      if low > -Double.greatestFiniteMagnitude, high < Double.greatestFiniteMagnitude {
        notes.append("\(formatNumber(low)) to \(formatNumber(high))")
      } else if low > -Double.greatestFiniteMagnitude {
        notes.append("at least \(formatNumber(low))")
      }
      if option.hasDefault { notes.append("default \(option.defaultText)") }
      let note = notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))"
      return "    \(option.name)=\(option.placeholder)  \(option.doc)" + note
    }
  }

  /// `layout flow has no option 'x'. Did you mean 'y'? Options: a, b, c`.
  func unknown(_ key: String) -> HostError {
    let names = options.map(\.name)
    let near = Suggestions.closest(to: key, among: names)
    let hint = near.isEmpty ? "" : " Did you mean '\(near[0])'?"
    return HostError(
      "\(subject) has no option '\(key)'.\(hint) Options: \(names.isEmpty ? "(none)" : names.joined(separator: ", "))")
  }
}

/// Options as read: those given, and the defaults for the rest.
public struct OptionValues: Sendable {
  public let schema: OptionSchema
  /// By option index; nil where not given.
  public let given: [OptionSpec.Value?]

  /// Every option's value, the default where none was given (a layout's options, all of which
  /// have defaults).
  public var all: [OptionSpec.Value] { zip(schema.options, given).map { $1 ?? $0.defaultValue } }

  /// Whether `name` was given.
  public func has(_ name: String) -> Bool { schema.option(named: name).map { given[$0.index] != nil } ?? false }

  /// The value of `name`: given, else its default; nil when it has neither.
  public func value(_ name: String) -> OptionSpec.Value? {
    guard let option = schema.option(named: name) else { return nil }
    return given[option.index] ?? (option.hasDefault ? option.defaultValue : nil)
  }

  public func number(_ name: String) -> Double? { value(name)?.numbers[0] }

  /// A whole number: integer options hold at most 2^53, so it converts exactly.
  public func integer(_ name: String) -> Int? { number(name).flatMap { Int(exactly: $0) } }

  public func size(_ name: String) -> Size? {
    value(name).map { Size(width: $0.numbers[0], height: $0.numbers[1]) }
  }

  public func text(_ name: String) -> String? { value(name)?.text }

  /// A `.seed` option's value.
  public func seed(_ name: String) -> UInt64? { text(name).flatMap { UInt64($0) } }
}
