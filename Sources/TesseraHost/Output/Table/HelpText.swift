/// `help` as text: the command list, one command's usage and examples, or a layout's options.
enum HelpText {
  static func text(_ topic: HelpTopic) -> String {
    switch topic {
    case .overview(let commands):
      var table = TextTable([])
      // Every form of a command, its summary beside the first.
      for spec in commands {
        for (index, usage) in spec.usage.enumerated() { table.add(["  " + usage, index == 0 ? spec.summary : ""]) }
      }
      return
        "Commands (a unique prefix is enough: 'vis' is 'visible'; 'help COMMAND' or 'help LAYOUT' for more):\n"
        + table.rendered.split(separator: "\n").joined(separator: "\n")
    case .command(let spec):
      var text = spec.usage.map { "usage: \($0)" }.joined(separator: "\n") + "\n  \(spec.summary)"
      if !spec.discussion.isEmpty { text += "\n\n" + spec.discussion }
      if !spec.examples.isEmpty {
        text += "\n\nexamples:\n" + spec.examples.map { "  \($0)" }.joined(separator: "\n")
      }
      return text
    case .layout(let layoutClass):
      var text =
        "layout \(layoutClass.name): \(layoutClass.summary)\nusage: layout \(layoutClass.name) [key=value ...]"
      if !layoutClass.options.isEmpty {
        var table = TextTable(["option", "default", "allowed", "meaning"])
        for option in layoutClass.options {
          table.add([option.name, option.defaultText, option.type.placeholder, option.doc])
        }
        text += "\n" + table.rendered
      }
      let kinds = layoutClass.kinds.dropFirst().map(\.name)
      if !kinds.isEmpty { text += "\nelement kinds: " + kinds.joined(separator: ", ") }
      return text
    }
  }
}
