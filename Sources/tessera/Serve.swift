import ArgumentParser
import CEditLine
import Dispatch
import TesseraHost
import TesseraLive

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

  /// Starts the server on Swift's own threads and waits until it listens.
  static func startServer(port: UInt16, workbench: LiveWorkbench) throws -> LiveServer {
    let started = StartResult()
    let semaphore = DispatchSemaphore(value: 0)
    Task {
      do {
        started.set(.success(try await LiveServer.start(port: port, workbench: workbench)))
      } catch {
        started.set(.failure(error))
      }
      semaphore.signal()
    }
    semaphore.wait()
    return try started.get()
  }
}

/// The started server, handed from the task that started it to the main thread.
private final class StartResult: @unchecked Sendable {
  private var result: Result<LiveServer, any Error>?
  func set(_ value: Result<LiveServer, any Error>) { result = value }
  func get() throws -> LiveServer { try result!.get() }
}
