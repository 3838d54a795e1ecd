import TesseraKit

/// One way to call a command: leading fixed words (a subcommand like `load` in `plugin load`),
/// its arguments, a flag it accepts at the end, and the message shown when the words do not fit.
struct CommandForm: Sendable {
  var words: [String]
  var parameters: [Parameter]
  /// A trailing flag such as `--all`.
  var flag: String?
  /// What is wrong when the words do not fit this form, e.g. `viewport takes one size`.
  var misfit: String

  init(_ words: [String] = [], _ parameters: [Parameter] = [], flag: String? = nil, misfit: String) {
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
    parameter.isList ? parameter.name + " ..." : parameter.name
  }
}
