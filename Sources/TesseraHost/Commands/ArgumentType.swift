import TesseraKit

/// What one argument of a command is. Each type knows how many words it takes, how to read them
/// into a typed value (with the error a person sees when they do not read), and what completes
/// it.
public enum ArgumentType: Sendable {
  /// `S.I`, e.g. `0.3`.
  case indexPath
  /// `WxH`; `positive` for a viewport (both sides above 0), else neither side negative.
  case size(SizeRule)
  /// Two numbers `X Y`: a content offset.
  case offset
  /// `at X Y`: a point in the view (a zoom's focus).
  case focus
  /// `WxH` or `WxH@S`: a viewport size, with the screen's scale.
  case viewport
  /// Four numbers `X Y W H`, width and height not negative.
  case rect
  /// A number within a range, e.g. the watchdog's seconds.
  case number(ClosedRange<Double>, what: String)
  /// A whole number within a range, e.g. a pass budget.
  case count(ClosedRange<Int>, what: String)
  /// One of a few words.
  case choice([String])
  /// A file path (relative to the session file's folder).
  case path
  /// The path of a shared library (`plugin load`): completed among folders and `.so` files.
  case libraryPath
  /// A layout's name, checked against the loaded layouts.
  case layoutName
  /// `key=value` words for the layout named by the previous argument.
  case layoutOptions
  /// A dataset generator's kind.
  case generatorKind
  /// The item count of `gen`, taken only when the generator named before takes one.
  case generatorCount
  /// `key=value` words for the generator named before.
  case generatorParameters
  /// `key=value` options of a picture (`scale=2`, `labels=off`).
  case pictureOptions
  /// A command or a layout name (`help`).
  case topic
  /// A loaded plugin library's name (`plugin reload`).
  case pluginName
  /// One of the current layout's supplementary or decoration kinds (`nil`: either).
  case elementKind(ElementCategory?)
  /// `S.I` in an existing section (a supplementary view's index path).
  case sectionIndexPath
  /// The rest of the line, as typed (`batch`'s operations).
  case rest
  /// What a picture shows: one of a few words (`viewport`, `content`, `batch`) or a rect
  /// `X Y W H`.
  case area([String])

  public enum SizeRule: Sendable {
    case positive
    case nonNegative
  }

  /// How many words the argument takes (0: all that are left).
  var wordCount: Int {
    switch self {
    case .offset: 2
    case .focus: 3
    case .rect: 4
    case .layoutOptions, .generatorParameters, .pictureOptions, .rest: 0
    default: 1
    }
  }

  /// How many of the `next` words the argument takes when that depends on them: an area is one
  /// word or a rect; nil when an optional argument is absent (the next word is an option).
  func wordCount(next: ArraySlice<String>) -> Int? {
    guard case .area(let words) = self else { return wordCount }
    guard let first = next.first, !first.contains("=") else { return nil }
    // A word that is neither an area nor a number is taken alone, to be refused by name.
    return words.contains(first) || parseNumber(first) == nil ? 1 : 4
  }
}

/// One argument of a command form, as `help` shows it.
public struct Parameter: Sendable {
  /// The placeholder in usage lines, and the name handlers read the value by: `S.I`, `WxH`.
  public var name: String
  public var type: ArgumentType
  public var isOptional: Bool
  /// Written inside the previous optional argument's brackets: `[NAME [key=value ...]]`.
  public var isNested: Bool

  public init(_ name: String, _ type: ArgumentType, optional: Bool = false, nested: Bool = false) {
    self.name = name
    self.type = type
    self.isOptional = optional || nested
    self.isNested = nested
  }

  /// An optional argument: `[WxH]`.
  public static func optional(_ name: String, _ type: ArgumentType) -> Parameter {
    Parameter(name, type, optional: true)
  }
}

/// One way to call a command: leading fixed words (a subcommand like `load` in `plugin load`),
/// its arguments, a flag it accepts at the end, and the message shown when the words do not fit.
public struct CommandForm: Sendable {
  public var words: [String]
  public var parameters: [Parameter]
  /// A trailing flag such as `--all`.
  public var flag: String?
  /// What is wrong when the words do not fit this form, e.g. `viewport takes one size`.
  public var misfit: String

  public init(_ words: [String] = [], _ parameters: [Parameter] = [], flag: String? = nil, misfit: String) {
    self.words = words
    self.parameters = parameters
    self.flag = flag
    self.misfit = misfit
  }

  /// The usage line: `dump [X Y W H] [--all]`, `layout [NAME [key=value ...]]`.
  func usage(_ command: String) -> String {
    var parts = [command] + words
    var index = 0
    while index < parameters.count {
      let parameter = parameters[index]
      var text = Self.placeholder(parameter)
      var next = index + 1
      if parameter.isOptional {
        // Arguments nested in this one go inside its brackets.
        var inner = ""
        while next < parameters.count, parameters[next].isNested {
          inner += " [" + Self.placeholder(parameters[next])
          next += 1
        }
        text = "[" + text + inner + String(repeating: "]", count: next - index - 1) + "]"
      }
      parts.append(text)
      index = next
    }
    if let flag { parts.append("[\(flag)]") }
    return parts.joined(separator: " ")
  }

  private static func placeholder(_ parameter: Parameter) -> String {
    switch parameter.type {
    case .layoutOptions, .generatorParameters, .pictureOptions: parameter.name + " ..."
    default: parameter.name
    }
  }
}
