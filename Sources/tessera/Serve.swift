import ArgumentParser
import CEditLine
import TesseraHost
import TesseraLive

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

struct Serve: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Start the REPL with a live view of the layout in a browser.",
    discussion: """
      Prints 'view: http://127.0.0.1:PORT/#token=TOKEN' first, then runs the REPL as usual (also \
      on piped commands; the session ends when they do). Open the address in a browser beside the \
      terminal: the page draws the layout as 'render' does and follows every command; wheel, drag, \
      resize and its command box change the session as the REPL's commands do. The server listens \
      on 127.0.0.1 only and refuses requests without the token or with another Host. Commands \
      from the page read and write files only as session files may, and cannot quit.
      """)

  @OptionGroup var plugins: PluginOptions
  @OptionGroup var isolation: IsolationOptions
  @Option(help: ArgumentHelp("The port to listen on (0: a free one).", valueName: "N")) var port: UInt16 = 0

  func validate() throws {
    if isolation.inProcess { throw ValidationError("serve runs plugins in an engine: --in-process is not taken") }
  }

  func run() throws {
    Interrupts.install()
    Self.raiseDescriptorLimit()
    let supervisor: Supervisor
    do {
      supervisor = try isolation.supervisor(plugins, showsBacktraces: true)
    } catch {
      printError("error: \(error.message)")
      throw ExitCode(2)
    }
    let workbench = LiveWorkbench(supervisor)
    let server: LiveServer
    do {
      server = try Self.startServer(port: port, workbench: workbench)
    } catch {
      printError("error: cannot serve on 127.0.0.1:\(port): \(error)")
      throw ExitCode(2)
    }
    emit("view: \(server.access.url)")
    if cedit_is_terminal() != 0 {
      REPL.run(workbench)
    } else if !REPL.runPlain(workbench) {
      throw ExitCode.failure
    }
  }

  /// Lifts the soft limit on open descriptors to the hard one (at most 65,536): each page
  /// connection holds one, and the usual 1,024 is soon reached by idle connections.
  static func raiseDescriptorLimit() {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
    let wanted = min(limit.rlim_max, 65_536)
    guard limit.rlim_cur < wanted else { return }
    limit.rlim_cur = wanted
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  }

  /// Starts the server and waits until it listens; a server that fails later is said at the
  /// terminal.
  static func startServer(port: UInt16, workbench: LiveWorkbench) throws -> LiveServer {
    try LiveServer.start(port: port, workbench: workbench) { printError("tessera: \($0)") }
  }
}
