/// `plugins`: the plugin libraries, their ABI versions, paths and layouts.
struct PluginsCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "plugins", [CommandForm(misfit: "plugins takes no arguments")],
    summary: "plugin libraries, their ABI versions, paths and layouts",
    discussion:
      "Bundled plugins sit next to the tessera executable; more come from --plugin-path folders, the TESSERA_PLUGIN_PATH folders (colon-separated) and 'plugin load'.",
    examples: ["plugins"],
    reads: .always,
    run: .command(PluginsCommand.self))

  init(_ arguments: Arguments) {}

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    let registry = state.registry
    return .plugins(PluginListing(libraries: registry.libraries.map { ($0, registry.displayPath($0)) }))
  }
}
