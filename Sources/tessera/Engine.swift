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
    var engine = EngineArguments(privateFolder: privateFolder, statusPage: statusPage)
    engine.base = base
    engine.watchdog = watchdog
    engine.pluginPaths = plugins.pluginPaths
    engine.fixedLibraries = fixedLibraries
    engine.libraries = libraries
    engine.restricted = restricted
    engine.readableRoots = readableRoots
    engine.quiet = quiet
    throw ExitCode(Self.serve(engine))
  }

  static func serveAndExit(_ engine: EngineArguments) -> Never {
    Glibc.exit(serve(engine))
  }

  /// Serves the supervisor until its pipes close; the exit status (2: the supervisor is gone or
  /// its status page cannot be opened).
  static func serve(_ engine: EngineArguments) -> Int32 {
    do {
      let status = try EngineStatus(path: engine.statusPage, create: false)
      status.watchesPipes = true
      PluginCallMarker.observer = status
    } catch {
      // The supervisor makes the page before it starts the engine: when the page is gone, the
      // supervisor has already ended (and removed its folder), and nobody is left to tell.
      if access(engine.privateFolder, F_OK) != 0 { return 2 }
      printError("error: \(error.message)")
      return 2
    }
    EngineServer.exitWhenOrphaned()
    let (registry, warnings) = Launch.registry(
      pluginPaths: engine.pluginPaths, only: engine.fixedLibraries ? Set(engine.libraries) : nil)
    if !engine.quiet { for warning in warnings { printError("warning: \(warning)") } }
    let session = Session(registry: registry, baseDirectory: engine.base)
    session.files.snapshots = PrivateDirectory(existing: engine.privateFolder)
    if engine.restricted { session.files.policy = .restricted(roots: engine.readableRoots) }
    session.setWatchdog(seconds: engine.watchdog)
    EngineServer.serve(session, requests: 3, responses: 4)
    return 0
  }
}
