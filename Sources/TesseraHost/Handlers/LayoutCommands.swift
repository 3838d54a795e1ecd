import TesseraKit

/// `layout`, `plugins`, `plugin load|reload`: layouts and the libraries that provide them.
extension WorkbenchState {
  func layoutCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    guard args.has("NAME") else {
      guard !args.flag else { throw HostError.usage("layout animated needs the name of the layout to switch to") }
      let layout = try currentLayout()
      return .layoutShown(LayoutSetting(layoutClass: layout.layoutClass, values: layout.options))
    }
    guard let layoutClass = registry.layout(named: try args.word("NAME")) else {
      throw HostError("internal error: layout read a name it does not know (please report it)")
    }
    try refuseDuringTransition("layout")
    let values = try parseOptions(args.pairs("key=value"), for: layoutClass)
    if args.flag { return try animatedLayoutCommand(layoutClass, values: values) }
    try atomically { () throws(HostError) in
      // A fresh instance: options not given take their defaults, whatever the old layout had.
      let instance = try makeLayout(layoutClass, options: values)
      try instance.prepareIfNeeded()
      _ = try instance.contentSize()
      slot.install(instance)
    }
    return .layoutChosen(LayoutSetting(layoutClass: layoutClass, values: values))
  }

  /// Checks `key=value` pairs against the layout's description; defaults fill the rest.
  func parseOptions(_ pairs: [Arguments.Pair], for layoutClass: LayoutClass) throws(HostError) -> [OptionSpec.Value] {
    try layoutClass.optionSchema.parse(pairs.map { ($0.key, $0.value) }).all
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
    try refuseDuringTransition("plugin reload")
    let (old, new) = try registry.reload(name: try args.word("NAME")) { (file, shown) throws(HostError) in
      try files.pluginCopy(of: file, shownAs: shown)
    }
    // A layout from the old copy keeps working (libraries are never unloaded), but the point
    // of reloading is to see the new code: switch to it with the options a person gave, each
    // checked again by the new code's description.
    var switched: PluginReload.Switch?
    if let current = layout, old.layouts.contains(where: { $0 === current.layoutClass }),
      let replacement = new.layouts.first(where: { $0.name == current.layoutClass.name })
    {
      let carried = Self.carryOptions(from: current, to: replacement)
      try atomically { () throws(HostError) in
        let instance = try makeLayout(replacement, options: carried.values)
        try instance.prepareIfNeeded()
        slot.install(instance)
      }
      switched = carried.report
    }
    return .pluginReloaded(PluginReload(library: new, switched: switched))
  }

  /// The old instance's options as the new code's description reads them: a value is kept when
  /// the new code has an option of that name that accepts it, dropped when it has none, reset to
  /// the default when it refuses it; options the new code adds take their defaults.
  static func carryOptions(from current: LayoutInstance, to replacement: LayoutClass) -> (
    values: [OptionSpec.Value], report: PluginReload.Switch
  ) {
    let old = current.layoutClass
    var report = PluginReload.Switch(layout: replacement.name, kept: [], dropped: [], reset: [])
    var values = replacement.options.map(\.defaultValue)
    for option in old.options {
      let text = option.format(current.options[option.index])
      guard let successor = replacement.option(named: option.name) else {
        if current.options[option.index] != option.defaultValue { report.dropped.append("\(option.name)=\(text)") }
        continue
      }
      do {
        values[successor.index] = try successor.parse(text)
        if values[successor.index] != successor.defaultValue { report.kept.append("\(option.name)=\(text)") }
      } catch {
        report.reset.append((option.name, text, error.message))
      }
    }
    return (values, report)
  }
}
