import TesseraHost
import TesseraLive

/// What the REPL talks to: a supervisor with its engine (the default), or a session in this
/// process (`--in-process`).
protocol REPLBackend: CommandRunner {
  func complete(_ line: String) -> [String]
  var isCollectingBatch: Bool { get }
}

extension Supervisor: REPLBackend {}

extension Session: REPLBackend {
  func complete(_ line: String) -> [String] {
    Completer.candidates(for: line, session: self)
  }
}

/// `tessera serve`: the REPL shares its session with the live view's pages.
extension LiveWorkbench: REPLBackend {
  public func perform(_ line: String) -> Session.Outcome { perform(line, from: .terminal) }
}
