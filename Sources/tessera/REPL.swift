import CEditLine
import TesseraHost

#if canImport(Glibc)
  import Glibc
#endif

/// The interactive loop on libedit: prompt, emacs keys, persistent history in
/// `~/.tessera_history`, TAB completion from the command table, Ctrl-C cancels the line (and,
/// while a command runs, stops it), Ctrl-D on an empty line leaves.
///
/// libedit calls back through C function pointers that cannot capture, so the backend and the
/// cancel flag live in a global the callbacks reach. The REPL runs on one thread.
enum REPL {
  nonisolated(unsafe) static var backend: REPLBackend?
  nonisolated(unsafe) static var cancelled = false

  static let prompt: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>? = { _ in
    UnsafePointer(backend?.isCollectingBatch == true ? batchPromptText : promptText)
  }
  nonisolated(unsafe) static let promptText = strdup("tessera> ")!
  /// While a multi-line batch is open, lines are operations.
  nonisolated(unsafe) static let batchPromptText = strdup("batch> ")!

  static let complete: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { editLine, _ in
    guard let editLine, let backend else { return UInt8(CC_ERROR) }
    var start: UnsafePointer<CChar>?
    let length = Int(cedit_el_line_before_cursor(editLine, &start))
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(start!).assumingMemoryBound(to: UInt8.self), count: length)
    let line = String(decoding: bytes, as: UTF8.self)
    let candidates = backend.complete(line)
    guard !candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
    let partialLength = line.last.map { $0.isWhitespace } ?? true ? 0 : (line.split(separator: " ").last?.count ?? 0)
    let common = Completer.commonPrefix(candidates)
    var insertion = String(common.dropFirst(partialLength))
    if candidates.count == 1, !(common.hasSuffix("/") || common.hasSuffix("=")) { insertion += " " }
    if !insertion.isEmpty {
      _ = el_insertstr(editLine, insertion)
      return UInt8(CC_REFRESH)
    }
    // Nothing more in common: show the choices under the line.
    emit("\n" + candidates.joined(separator: "  "))
    return UInt8(CC_REDISPLAY)
  }

  static let cancel: @convention(c) (OpaquePointer?, Int32) -> UInt8 = { editLine, _ in
    guard let editLine else { return UInt8(CC_ERROR) }
    cedit_el_clear_line(editLine)
    cancelled = true
    emit("^C")
    return UInt8(CC_NEWLINE)
  }

  static func run(_ backend: REPLBackend) {
    self.backend = backend
    // libedit reads multibyte characters only in a UTF-8 locale: take the person's, or C.UTF-8
    // when theirs is not UTF-8 (else é, ü and ✓ typed at the prompt are dropped).
    setlocale(LC_ALL, "")
    if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    let historyFile = HistoryFile.defaultPath.map { HistoryFile(path: $0) }
    let history = cedit_history_init(1000)
    if let historyFile {
      let (lines, note) = historyFile.load()
      for line in lines { cedit_history_enter(history, line) }
      if let note { printError(note) }
    }
    let editLine = el_init("tessera", cedit_stdin(), cedit_stdout(), cedit_stderr())
    cedit_el_setup(editLine, prompt, history, complete, cancel)
    defer {
      el_end(editLine)
      history_end(history)
    }
    emit("Tessera — type 'help' for commands, TAB to complete, Ctrl-D to leave.")
    while true {
      var count: Int32 = 0
      cancelled = false
      let raw = el_gets(editLine, &count)
      // Ctrl-C empties the line and ends it; only an empty read without it is Ctrl-D.
      if cancelled { continue }
      guard let raw, count > 0 else {
        emit("")
        // Ctrl-D inside an open batch drops the batch, not the session.
        if backend.isCollectingBatch, let output = backend.perform("cancel").output {
          emit(output)
          continue
        }
        return
      }
      var line = String(cString: raw)
      while line.last == "\n" { line.removeLast() }
      if !line.trimmingCharacters(in: " \t").isEmpty {
        cedit_history_enter(history, line)
        if let note = historyFile?.append(line) { printError(note) }
      }
      _ = Interrupts.take()  // a Ctrl-C typed at the prompt is not meant for this command
      if let output = backend.perform(line).output { emit(isHelp(line) ? wrappedToTerminal(output) : output) }
      if backend.wantsToQuit { return }
    }
  }

  /// Whether a typed line is `help` (or a prefix of it): its text wraps to the terminal.
  static func isHelp(_ line: String) -> Bool {
    guard let first = line.split(separator: " ").first else { return false }
    return (try? CommandLookup.find(String(first), in: Session.commands))?.name == "help"
  }

  /// Help text wrapped to the terminal's width now (a window may have been resized).
  static func wrappedToTerminal(_ text: String) -> String {
    TextWrapping.wrap(text, width: Int(cedit_terminal_width()))
  }

  /// Commands from a pipe or file: no prompt, no editing, output only, each command's output
  /// written as soon as it completes.
  /// Returns whether every command succeeded (the exit status says so).
  @discardableResult
  static func runPlain(_ backend: REPLBackend) -> Bool {
    var allSucceeded = true
    // Ctrl-C while waiting for input ends a piped session, as it would any filter; during a
    // command it stops that command only.
    while true {
      Interrupts.endsWhenIdle = 1
      let next = readLine(strippingNewline: true)
      Interrupts.endsWhenIdle = 0
      guard let line = next else { return allSucceeded }
      let outcome = backend.perform(line)
      if outcome.failed { allSucceeded = false }
      if let output = outcome.output { emit(output) }
      if backend.wantsToQuit { return allSucceeded }
    }
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: String) -> String {
    var s = Substring(self)
    while let c = s.first, set.contains(c) { s.removeFirst() }
    while let c = s.last, set.contains(c) { s.removeLast() }
    return String(s)
  }
}
