/// What `check` and `run` drive: an in-process `Session` or a `Supervisor` with its engine.
public protocol CommandRunner: AnyObject {
  func perform(_ line: String) -> Session.Outcome
  var wantsToQuit: Bool { get }
  /// Whether the last command was stopped by Ctrl-C (its output is the interruption).
  var wasInterrupted: Bool { get }
}

extension CommandRunner {
  public var wasInterrupted: Bool { false }
}

extension Session: CommandRunner {}
