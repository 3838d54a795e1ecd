import TesseraKit

/// `plugin load|reload`: the libraries that provide layouts.
extension WorkbenchState {
  /// `plugin load PATH`: a library by path, or by bare name from the plugin folders.
  func loadPlugin(_ path: String) throws(HostError) -> PluginLibrary {
    let byPath = path.contains("/")
    guard let file = byPath ? resolve(path) : registry.resolve(path) else {
      throw HostError(
        "cannot load plugin \(path): no plugin folder holds it (a bare name is looked up in the plugin folders; give a path, like ./\(path), for a library elsewhere)"
      )
    }
    return try registry.load(
      path: path, file: file, opening: try files.pluginFile(file, shownAs: path, byPath: byPath))
  }

  /// `plugin reload NAME`: a fresh copy of the library, and the current layout switched to it.
  func reloadPlugin(_ name: String) throws(HostError) -> PluginReload {
    let (old, new) = try registry.reload(name: name) { (file, shown) throws(HostError) in
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
    return PluginReload(library: new, switched: switched)
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
