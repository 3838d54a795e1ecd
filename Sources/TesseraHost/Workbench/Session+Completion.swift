/// Tab completion at the prompt, for the session's state (`Completer`).
extension Completer {
  public static func candidates(for line: String, session: Session) -> [String] {
    candidates(for: line, state: session.state)
  }
}
