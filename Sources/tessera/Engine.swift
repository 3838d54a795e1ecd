import ArgumentParser
import Glibc
import TesseraHost

/// `tessera engine`: the process that runs plugins for a supervisor (the REPL, `run`, `check`).
/// Not for people: the supervisor starts it with its pipes on fds 3 and 4.
struct Engine: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Run plugins for a supervising tessera process (internal).", shouldDisplay: false)

  @OptionGroup var plugins: PluginOptions
  @Option var privateFolder: String
  @Option var statusPage: String
  @Option var base = "."
  @Option var watchdog = 10.0
  @Flag var restricted = false
  @Option(name: .customLong("readable")) var readableRoots: [String] = []
  @Flag var quiet = false
  /// Load only the `--library` files (the ones the supervisor found at the start).
  @Flag var fixedLibraries = false
  @Option(name: .customLong("library")) var libraries: [String] = []

  func run() throws {
    do {
      let status = try EngineStatus(path: statusPage, create: false)
      status.watchesPipes = true
      PluginCallMarker.observer = status
    } catch {
      // The supervisor makes the page before it starts the engine: when the page is gone, the
      // supervisor has already ended (and removed its folder), and nobody is left to tell.
      if access(privateFolder, F_OK) != 0 { throw ExitCode(2) }
      printError("error: \(error.message)")
      throw ExitCode(2)
    }
    EngineServer.exitWhenOrphaned()
    let (registry, warnings) = Launch.registry(
      pluginPaths: plugins.pluginPaths, only: fixedLibraries ? Set(libraries) : nil)
    if !quiet { for warning in warnings { printError("warning: \(warning)") } }
    let session = Session(registry: registry, baseDirectory: base)
    session.files.snapshots = PrivateDirectory(existing: privateFolder)
    if restricted { session.files.policy = .restricted(roots: readableRoots) }
    session.setWatchdog(seconds: watchdog)
    EngineServer.serve(session, requests: 3, responses: 4)
  }
}
