import TesseraKit

extension Session {
  func layoutCommand(_ args: [String]) throws(HostError) -> Reply {
    guard let name = args.first else { return try describeCurrentLayout() }
    guard let layoutClass = registry.layout(named: name) else {
      let names = registry.layouts.map(\.name)
      let near = CommandLookup.closest(to: name, among: names)
      let hint = near.isEmpty ? "" : " Did you mean '\(near[0])'?"
      throw HostError("unknown layout '\(name)'.\(hint) Layouts: \(names.joined(separator: ", "))")
    }
    let values = try parseOptions(Array(args.dropFirst()), for: layoutClass)
    try atomically { () throws(HostError) in
      // A fresh instance: options not given take their defaults, whatever the old layout had.
      let instance = try LayoutInstance(layoutClass, model: model, options: values)
      try instance.prepareIfNeeded()
      _ = try instance.contentSize()
      layout = instance
    }
    let changed = layoutClass.options.filter { values[$0.index] != $0.defaultValue }
    let text =
      "layout \(layoutClass.name)"
      + (changed.isEmpty
        ? "" : " " + changed.map { "\($0.name)=\($0.format(values[$0.index]))" }.joined(separator: " "))
    return Reply(
      text: text,
      json: .object([("layout", .string(layoutClass.name)), ("options", optionsJSON(layoutClass, values))]))
  }

  /// Checks `key=value` words against the layout's description; defaults fill the rest.
  func parseOptions(_ words: [String], for layoutClass: LayoutClass) throws(HostError) -> [OptionSpec.Value] {
    var values = layoutClass.options.map(\.defaultValue)
    for (key, text) in try Tokenizer.keyValues(words[...]) {
      guard let option = layoutClass.option(named: key) else {
        let names = layoutClass.options.map(\.name)
        let near = CommandLookup.closest(to: key, among: names)
        let hint = near.isEmpty ? "" : " Did you mean '\(near[0])'?"
        throw HostError(
          "layout \(layoutClass.name) has no option '\(key)'.\(hint) Options: \(names.isEmpty ? "(none)" : names.joined(separator: ", "))"
        )
      }
      values[option.index] = try option.parse(text)
    }
    return values
  }

  func optionsJSON(_ layoutClass: LayoutClass, _ values: [OptionSpec.Value]) -> JSONOutput {
    .object(
      layoutClass.options.map { option in
        let value = values[option.index]
        let json: JSONOutput
        switch option.type {
        case .bool: json = .bool(value.numbers[0] != 0)
        case .integer, .number: json = .number(value.numbers[0])
        case .size: json = .array(value.numbers.prefix(2).map { .number($0) })
        case .insets: json = .array(value.numbers.prefix(4).map { .number($0) })
        case .choice, .string: json = .string(value.text)
        }
        return (option.name, json)
      })
  }

  func describeCurrentLayout() throws(HostError) -> Reply {
    let layout = try currentLayout()
    let layoutClass = layout.layoutClass
    var text = "layout \(layoutClass.name): \(layoutClass.summary)"
    if !layoutClass.options.isEmpty {
      var table = TextTable(["option", "value", "default", "allowed", "meaning"])
      for option in layoutClass.options {
        table.add([
          option.name, option.format(layout.options[option.index]), option.defaultText, option.type.placeholder,
          option.doc,
        ])
      }
      text += "\n" + table.rendered
    }
    return Reply(
      text: text,
      json: .object([("layout", .string(layoutClass.name)), ("options", optionsJSON(layoutClass, layout.options))]))
  }

  func pluginsCommand(_ args: [String]) throws(HostError) -> Reply {
    guard args.isEmpty else { throw HostError.usage("plugins takes no arguments") }
    var lines: [String] = []
    for library in registry.libraries {
      lines.append(
        "\(library.name) \(library.version)  ABI \(library.abiMajor).\(library.abiMinor)  \(registry.displayPath(library))"
      )
      var table = TextTable([])
      for layout in library.layouts { table.add(["  " + layout.name, layout.summary]) }
      lines.append(table.rendered.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: "\n"))
    }
    let json = JSONOutput.object([
      (
        "plugins",
        .array(
          registry.libraries.map { library in
            .object([
              ("name", .string(library.name)), ("version", .string(library.version)),
              ("abi", .string("\(library.abiMajor).\(library.abiMinor)")),
              ("path", .string(registry.displayPath(library))),
              (
                "layouts",
                .array(
                  library.layouts.map { .object([("name", .string($0.name)), ("summary", .string($0.summary))]) })
              ),
            ])
          })
      )
    ])
    return Reply(text: lines.isEmpty ? "(no plugins loaded)" : lines.joined(separator: "\n"), json: json)
  }

  func pluginCommand(_ args: [String]) throws(HostError) -> Reply {
    guard args.count == 2 else { throw HostError.usage("plugin takes a subcommand and one argument") }
    switch args[0] {
    case "load":
      let byPath = args[1].contains("/")
      guard let file = byPath ? resolve(args[1]) : registry.resolve(args[1]) else {
        throw HostError(
          "cannot load plugin \(args[1]): no plugin folder holds it (a bare name is looked up in the plugin folders; give a path, like ./\(args[1]), for a library elsewhere)"
        )
      }
      let library = try registry.load(
        path: args[1], file: file, opening: try files.pluginFile(file, shownAs: args[1], byPath: byPath))
      let names = library.layouts.map(\.name).joined(separator: ", ")
      return Reply(
        text:
          "loaded plugin \(library.name) \(library.version) (ABI \(library.abiMajor).\(library.abiMinor)): \(names)",
        json: .object([
          ("loaded", .string(library.name)), ("layouts", .array(library.layouts.map { .string($0.name) })),
        ]))
    case "reload":
      let (old, new) = try registry.reload(name: args[1]) { (file, shown) throws(HostError) in
        try files.pluginCopy(of: file, shownAs: shown)
      }
      // A layout from the old copy keeps working (libraries are never unloaded), but the
      // point of reloading is to see the new code: switch to it with the same options.
      if let current = layout, old.layouts.contains(where: { $0 === current.layoutClass }),
        let replacement = new.layouts.first(where: { $0.name == current.layoutClass.name })
      {
        try atomically { () throws(HostError) in
          let values = replacement.options.map { option in
            current.layoutClass.option(named: option.name).map { current.options[$0.index] } ?? option.defaultValue
          }
          let instance = try LayoutInstance(replacement, model: model, options: values)
          try instance.prepareIfNeeded()
          layout = instance
        }
      }
      return Reply(
        text: "reloaded plugin \(new.name) \(new.version): \(new.layouts.map(\.name).joined(separator: ", "))",
        json: .object([("reloaded", .string(new.name))]))
    default:
      throw HostError.usage("unknown plugin subcommand '\(args[0])'")
    }
  }
}
