import TesseraKit

/// `layout`, `plugins`, `plugin load|reload`: layouts and the libraries that provide them.
extension WorkbenchState {
  func layoutCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    guard args.has("NAME") else {
      let layout = try currentLayout()
      return .layoutShown(LayoutSetting(layoutClass: layout.layoutClass, values: layout.options))
    }
    guard let layoutClass = registry.layout(named: try args.word("NAME")) else {
      throw HostError("internal error: layout read a name it does not know (please report it)")
    }
    let values = try parseOptions(args.pairs("key=value"), for: layoutClass)
    try atomically { () throws(HostError) in
      // A fresh instance: options not given take their defaults, whatever the old layout had.
      let instance = try LayoutInstance(layoutClass, model: model, options: values)
      try instance.prepareIfNeeded()
      _ = try instance.contentSize()
      layout = instance
    }
    return .layoutChosen(LayoutSetting(layoutClass: layoutClass, values: values))
  }

  /// Checks `key=value` pairs against the layout's description; defaults fill the rest.
  func parseOptions(_ pairs: [Arguments.Pair], for layoutClass: LayoutClass) throws(HostError) -> [OptionSpec.Value] {
    var values = layoutClass.options.map(\.defaultValue)
    for pair in pairs {
      guard let option = layoutClass.option(named: pair.key) else {
        let names = layoutClass.options.map(\.name)
        throw HostError(
          "layout \(layoutClass.name) has no option '\(pair.key)'.\(CommandParser.hint(pair.key, names)) Options: \(names.isEmpty ? "(none)" : names.joined(separator: ", "))"
        )
      }
      values[option.index] = try option.parse(pair.value)
    }
    return values
  }

  func pluginsCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    .plugins(PluginListing(libraries: registry.libraries.map { ($0, registry.displayPath($0)) }))
  }

  func pluginCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    if args.subcommand == ["load"] {
      let path = try args.word("PATH")
      let byPath = path.contains("/")
      guard let file = byPath ? resolve(path) : registry.resolve(path) else {
        throw HostError(
          "cannot load plugin \(path): no plugin folder holds it (a bare name is looked up in the plugin folders; give a path, like ./\(path), for a library elsewhere)"
        )
      }
      let library = try registry.load(
        path: path, file: file, opening: try files.pluginFile(file, shownAs: path, byPath: byPath))
      return .pluginLoaded(library)
    }
    let (old, new) = try registry.reload(name: try args.word("NAME")) { (file, shown) throws(HostError) in
      try files.pluginCopy(of: file, shownAs: shown)
    }
    // A layout from the old copy keeps working (libraries are never unloaded), but the point
    // of reloading is to see the new code: switch to it with the same options.
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
    return .pluginReloaded(new)
  }
}
