import Foundation
import TesseraHost

/// The one session the REPL and the live view's pages share. Every command, typed or sent by a
/// page, runs through `perform` one at a time (the supervisor is not thread-safe); after each,
/// every page is told (`LiveEvent`) and asks again for what it shows. The lock is held only
/// while a command or a look runs, never while the REPL waits for a line.
public final class LiveWorkbench: @unchecked Sendable {
  private let lock = NSLock()
  private let supervisor: Supervisor
  private var listeners: [Int: @Sendable (LiveEvent) -> Void] = [:]
  private var nextListener = 0
  private var sequence = 0

  public init(_ supervisor: Supervisor) {
    self.supervisor = supervisor
  }

  /// Runs `line` as the REPL would; a page's line reads and writes files only as a session file
  /// may, and may not end the session.
  public func perform(_ line: String, from origin: LiveEvent.Origin) -> Session.Outcome {
    if origin == .page, Self.isQuit(line) {
      return Session.Outcome(output: "error: the page cannot end the session: type quit at the terminal", failed: true)
    }
    // A batch> prompt takes the next lines, wherever they come from: the page neither opens one
    // (the terminal's lines would go into it) nor types into the terminal's.
    if origin == .page, Self.opensBatch(line) {
      return Session.Outcome(output: Self.batchRefusal, failed: true)
    }
    if origin == .page, isCollectingBatch {
      return Session.Outcome(
        output: "error: a batch is being typed at the terminal: commit or cancel it there first", failed: true)
    }
    lock.lock()
    let restarts = supervisor.restarts
    var outcome = supervisor.perform(line, asSessionFile: origin == .page)
    // However the line was spelled (quotes, other blanks), a page's line that left a batch> prompt
    // open has it cancelled at once: the terminal's next lines must not go into it.
    if origin == .page, supervisor.isCollectingBatch {
      _ = supervisor.perform("cancel", asSessionFile: true)
      outcome = Session.Outcome(output: Self.batchRefusal, failed: true)
    }
    // The session files' refusal points at `--trust`, which the page has no way to give.
    if origin == .page, let output = outcome.output {
      outcome.output = output.replacingOccurrences(
        of: "; run with --trust to allow it", with: "; the terminal may (commands typed there are trusted)")
    }
    sequence += 1
    let event = LiveEvent(
      sequence: sequence, line: line, command: Self.command(line), origin: origin, failed: outcome.failed,
      onlyRead: supervisor.onlyRead && !outcome.failed,
      engineFailure: supervisor.restarts != restarts ? outcome.output : nil)
    let listening = Array(listeners.values)
    lock.unlock()
    for listener in listening { listener(event) }
    return outcome
  }

  /// The live view's look (`Session.liveView`). When the engine fails while answering (a plugin
  /// that crashes in a query the page made), the answer is the report, and every page hears it
  /// as it would a command's.
  public func view(_ request: Session.LiveRequest) -> String {
    lock.lock()
    switch supervisor.liveView(request) {
    case .success(let answer):
      lock.unlock()
      return answer
    case .failure(let failure):
      sequence += 1
      let event = LiveEvent(
        sequence: sequence, line: "(the page's look: \(request.text))", command: nil, origin: .page, failed: true,
        onlyRead: true, engineFailure: failure.message)
      let listening = Array(listeners.values)
      lock.unlock()
      for listener in listening { listener(event) }
      return JSONOutput.object([("error", .string(failure.message)), ("kind", .string("plugin bug"))]).serialized
    }
  }

  public func complete(_ line: String) -> [String] {
    lock.lock()
    defer { lock.unlock() }
    return supervisor.complete(line)
  }

  public var wantsToQuit: Bool { locked { supervisor.wantsToQuit } }
  public var isCollectingBatch: Bool { locked { supervisor.isCollectingBatch } }
  public var wasInterrupted: Bool { locked { supervisor.wasInterrupted } }

  /// Events after each command, from now until the stream is dropped.
  /// Calls `hear` with every event, on the thread that ran the command, until `stopListening`.
  func listen(_ hear: @escaping @Sendable (LiveEvent) -> Void) -> Int {
    locked {
      nextListener += 1
      listeners[nextListener] = hear
      return nextListener
    }
  }

  func stopListening(_ id: Int) {
    _ = locked { listeners.removeValue(forKey: id) }
  }

  /// Every event from now on, as a stream (the newest 64 kept when it is not read).
  func events() -> AsyncStream<LiveEvent> {
    let (stream, continuation) = AsyncStream<LiveEvent>.makeStream(bufferingPolicy: .bufferingNewest(64))
    let id = listen { continuation.yield($0) }
    continuation.onTermination = { [weak self] _ in self?.stopListening(id) }
    return stream
  }

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }

  static let batchRefusal =
    "error: the page cannot open a batch> prompt (the terminal's next lines would go into it): give the operations on one line, as in 'batch delete 0.0; insert 0.1'"

  /// Whether `line` is `batch` alone (or a prefix of it), which opens a `batch>` prompt, read as
  /// the engine reads it (quotes, any blanks).
  static func opensBatch(_ line: String) -> Bool {
    guard let words = try? Tokenizer.words(line), words.count == 1 else { return false }
    return (try? CommandLookup.find(words[0], in: Session.commands))?.name == "batch"
  }

  /// Whether `line` is `quit` (or a prefix of it the REPL takes).
  static func isQuit(_ line: String) -> Bool {
    command(line) == "quit"
  }

  /// The command `line` names, as the REPL reads its first word (a prefix names the one command
  /// it begins); nil when it names none.
  static func command(_ line: String) -> String? {
    guard let first = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first else { return nil }
    return (try? CommandLookup.find(String(first), in: Session.commands))?.name
  }
}

/// What a page hears after each command.
public struct LiveEvent: Sendable, Equatable {
  public enum Origin: String, Sendable { case terminal, page }
  /// Counts commands from 1, so a page can tell it missed none.
  public var sequence: Int
  public var line: String
  /// The command the line ran, by its full name (`scroll` for `scr 0 10`); nil when none.
  public var command: String?
  public var origin: Origin
  public var failed: Bool
  /// Whether it only read the session (a query): nothing on the page changes.
  public var onlyRead: Bool
  /// When the engine crashed, hung or ran out of memory under the command: the report.
  public var engineFailure: String?

  public init(
    sequence: Int, line: String, command: String?, origin: Origin, failed: Bool, onlyRead: Bool,
    engineFailure: String? = nil
  ) {
    self.sequence = sequence
    self.line = line
    self.command = command
    self.origin = origin
    self.failed = failed
    self.onlyRead = onlyRead
    self.engineFailure = engineFailure
  }
}
