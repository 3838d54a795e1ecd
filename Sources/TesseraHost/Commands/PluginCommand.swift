/// `plugin load PATH`, `plugin reload NAME`: a third-party plugin, or a plugin rebuilt.
struct PluginCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "plugin",
    [
      CommandForm(["load"], [file.required], misfit: "plugin takes a subcommand and one argument"),
      CommandForm(["reload"], [name.required], misfit: "plugin takes a subcommand and one argument"),
    ],
    summary: "load a third-party plugin; reload one after rebuilding it",
    discussion:
      "PATH is a shared library exporting tessera_plugin_entry; a bare file name is looked up in the plugin folders only (./NAME for the current folder). Loading is refused, with the reason, when the file is not a shared library, has no entry symbol, its entry returns NULL, it was built for another ABI major version, its structs are too small, or its plugin name or a layout name is taken. 'reload' opens a fresh copy of the library and switches the current layout to the new code with the options you gave, read again by the new code: it says which it kept, dropped (the new code has no such option) or reset (the new code refuses the value).",
    examples: ["plugin load ./liblist.so", "plugin reload flow"],
    unknownSubcommand: { word in
      word.map { "unknown plugin subcommand '\($0)'" } ?? "plugin takes a subcommand and one argument"
    },
    run: .command(PluginCommand.self))

  static let file = Argument("PATH", FilePath.library)
  static let name = Argument("NAME", Word.reader { $0.state.registry.libraries.map(\.name) })

  enum Action {
    case load(path: String)
    case reload(name: String)
  }

  var action: Action

  init(_ arguments: Arguments) throws(HostError) {
    action =
      arguments.subcommand == ["load"]
      ? .load(path: try arguments.value(Self.file).path) : .reload(name: try arguments.value(Self.name).text)
  }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    switch action {
    case .load(let path): return .pluginLoaded(try state.loadPlugin(path))
    case .reload(let name):
      try state.refuseDuringTransition("plugin reload")
      return .pluginReloaded(try state.reloadPlugin(name))
    }
  }
}
