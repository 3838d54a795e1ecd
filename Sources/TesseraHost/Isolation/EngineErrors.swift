import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What an engine writes on its standard output and error — a plugin's prints, Swift's report of
/// a trap — read on a thread of its own and passed on to this process's standard error, so that
/// the supervisor can put a trap's message (`Fatal error: …`, `Precondition failed: …`) in its
/// crash report and show a backtrace only where one is wanted: the REPL shows Swift's own (12
/// frames); under `run` and `check` the runtime's "Current stack trace:" listing is not passed
/// on (everything else is, the trap's line included).
final class EngineErrors: Sendable {
  /// The read end of the pipe the engine writes to (its descriptors 1 and 2).
  private let fd: Int32
  /// Where what is kept goes: this process's standard error.
  private let output: Int32
  private let keepsBacktraces: Bool
  private let state = Mutex(State())

  private struct State {
    var trap: String?
    var ended = false
  }

  /// Starts reading `fd` (closed when the engine's last writer is gone and everything is
  /// read). Returns nil when no thread can be started: the caller lets the engine write to
  /// standard error directly then.
  static func reading(_ fd: Int32, keepsBacktraces: Bool, to output: Int32 = 2) -> EngineErrors? {
    let errors = EngineErrors(fd: fd, keepsBacktraces: keepsBacktraces, output: output)
    return DetachedThread.start { errors.run() } ? errors : nil
  }

  private init(fd: Int32, keepsBacktraces: Bool, output: Int32) {
    self.fd = fd
    self.keepsBacktraces = keepsBacktraces
    self.output = output
  }

  /// The last trap message the engine printed since the current command began, waiting at most
  /// `seconds` for the rest of what it wrote (an engine that has ended has written everything;
  /// its pipe may still be draining).
  func trap(waiting seconds: Double) -> String? {
    drain(waiting: seconds)
    return state.withLock { $0.trap }
  }

  /// A command begins: a trap line printed before it (a plugin that printed one and went on)
  /// names no crash of this command.
  func commandBegins() {
    state.withLock { $0.trap = nil }
  }

  /// Waits at most `seconds` until everything the engine wrote has been passed on (the engine
  /// and whatever it forked are gone): an exiting supervisor loses none of it.
  func drain(waiting seconds: Double) {
    let deadline = EngineProcess.now() + seconds
    while !state.withLock({ $0.ended }), EngineProcess.now() < deadline { usleep(2_000) }
  }

  private func run() {
    var pending: [UInt8] = []
    var inStackTrace = false
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      pending.append(contentsOf: buffer[0..<count])
      // Whole lines are looked at (newlines found with memchr); the lines kept go out as spans,
      // and the consumed part is dropped once a read.
      var start = 0
      var keptFrom = 0
      pending.withUnsafeBytes { raw in
        guard let base = raw.baseAddress else { return }
        while start < raw.count, let hit = memchr(base + start, 10, raw.count - start) {
          let end = base.distance(to: UnsafeRawPointer(hit)) + 1
          if !keep(pending[start..<end], inStackTrace: &inStackTrace) {
            _ = FileDescriptorIO.writeAll(output, UnsafeRawBufferPointer(rebasing: raw[keptFrom..<start]))
            keptFrom = end
          }
          start = end
        }
        _ = FileDescriptorIO.writeAll(output, UnsafeRawBufferPointer(rebasing: raw[keptFrom..<start]))
      }
      pending.removeSubrange(..<start)
      // A line longer than the buffer is passed on as it comes (a plugin printing without end).
      if pending.count > buffer.count {
        _ = FileDescriptorIO.writeAll(output, pending)
        pending.removeAll()
      }
    }
    if !pending.isEmpty, keep(pending[...], inStackTrace: &inStackTrace) {
      _ = FileDescriptorIO.writeAll(output, pending)
    }
    close(fd)
    state.withLock { $0.ended = true }
  }

  /// Whether `line` is passed on (all but the runtime's stack trace where backtraces are not
  /// wanted); notes a trap's message. Most lines are only scanned as bytes: a line becomes a
  /// string only when it may be a trap's or the stack trace's.
  private func keep(_ line: ArraySlice<UInt8>, inStackTrace: inout Bool) -> Bool {
    if Self.mayBeTrap(line),
      let message = Self.trapMessage(String(decoding: line, as: UTF8.self).trimmingTrailingNewline)
    {
      state.withLock { $0.trap = message }
      return true
    }
    if keepsBacktraces { return true }
    if Self.startsWith(line, Self.stackTraceHeading) {
      inStackTrace = true
      return false
    }
    guard inStackTrace else { return true }
    if Self.isFrame(String(decoding: line, as: UTF8.self).trimmingTrailingNewline) { return false }
    inStackTrace = false
    return true
  }

  private static let trapWords = ["Fatal error", "Precondition failed", "Assertion failed"].map { Array($0.utf8) }
  private static let stackTraceHeading = Array("Current stack trace:".utf8)

  /// Whether `line` begins with a trap's kind, or has one right after a colon and a blank (`PATH:
  /// LINE: Fatal error`): the colons are found with `memchr`, so an ordinary line costs little.
  static func mayBeTrap(_ line: ArraySlice<UInt8>) -> Bool {
    if trapWords.contains(where: { startsWith(line, $0) }) { return true }
    return line.withUnsafeBytes { raw -> Bool in
      guard let base = raw.baseAddress else { return false }
      var offset = 0
      while offset < raw.count, let hit = memchr(base + offset, 58, raw.count - offset) {
        let after = base.distance(to: UnsafeRawPointer(hit)) + 2  // past ": "
        if after < raw.count, raw[after - 1] == 32 {
          let rest = line[(line.startIndex + after)...]
          if trapWords.contains(where: { startsWith(rest, $0) }) { return true }
        }
        offset = after - 1
      }
      return false
    }
  }

  static func startsWith(_ bytes: ArraySlice<UInt8>, _ word: [UInt8]) -> Bool {
    bytes.count >= word.count && bytes.prefix(word.count).elementsEqual(word)
  }

  /// The line itself when it is Swift's report of a trap — `MyLayout.swift:22: Fatal error: the
  /// layout traps in prepare()`, as an editor finds it — else nil. Only a line that begins with
  /// the kind, or with `PATH:LINE: ` and the kind, is one: a plugin's own print that mentions a
  /// fatal error is passed on as it is.
  static func trapMessage(_ line: String) -> String? {
    for kind in ["Fatal error", "Precondition failed", "Assertion failed"] {
      let rest: Substring
      if line.hasPrefix(kind) {
        rest = line.dropFirst(kind.count)
      } else if let range = line.firstRange(of: ": \(kind)") {
        rest = line[range.upperBound...]
        // PATH:LINE, without blanks: the runtime's `#fileID:line`.
        let place = line[..<range.lowerBound]
        guard !place.contains(" "), let colon = place.lastIndex(of: ":"),
          !place[place.index(after: colon)...].isEmpty, place[place.index(after: colon)...].allSatisfy(\.isNumber)
        else { continue }
      } else {
        continue
      }
      guard rest.isEmpty || rest.hasPrefix(": ") else { continue }
      return line
    }
    return nil
  }

  /// A line of the runtime's `Current stack trace:` listing: `12   libfoo.so   0x… symbol + 4`.
  static func isFrame(_ line: String) -> Bool {
    let words = line.split(separator: " ", omittingEmptySubsequences: true)
    return words.count >= 3 && words[0].allSatisfy(\.isNumber) && words[2].hasPrefix("0x")
      && words[2].dropFirst(2).allSatisfy(\.isHexDigit) && words[2].count > 2
  }
}

extension String {
  fileprivate var trimmingTrailingNewline: String {
    var text = self
    while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
    return text
  }
}
