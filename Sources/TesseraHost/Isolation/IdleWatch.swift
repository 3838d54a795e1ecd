import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The engine between commands, watched on a thread of its own (every 50 ms): a plugin's own
/// thread that crashes, calls `exit()` or writes on the engine's pipes while no command runs, a
/// signal from outside (the kernel's out-of-memory killer), or memory that grows past the limit
/// in the background. What it sees is said at once on standard error, and the next command
/// restores the session first instead of taking the blame.
final class IdleWatch: Sendable {
  /// The engine being watched.
  struct Watched: Sendable {
    var pid: pid_t
    /// Its response pipe: nothing may arrive there between commands.
    var responses: Int32
    var memoryLimit: Int
    var errors: EngineErrors?
  }

  /// What the watch saw.
  enum Finding: Equatable, Sendable {
    /// The engine ended (its status as `waitpid` reports it; it is left for the supervisor to
    /// reap).
    case ended(EngineProcess.Ending)
    /// Its resident memory passed the limit: it was stopped.
    case overMemory
    /// Something wrote on its response pipe: it was stopped.
    case wrote
  }

  private struct State {
    var watched: Watched?
    var finding: Finding?
    var stopping = false
  }

  private let state = Mutex(State())
  private let announce: @Sendable (Finding, Watched) -> Void

  /// Starts the thread; nil when none can be started (then nothing is watched between commands).
  static func start(announce: @escaping @Sendable (Finding, Watched) -> Void) -> IdleWatch? {
    let watch = IdleWatch(announce: announce)
    return DetachedThread.start { watch.run() } ? watch : nil
  }

  private init(announce: @escaping @Sendable (Finding, Watched) -> Void) {
    self.announce = announce
  }

  /// Watches `watched` until `pause`.
  func watch(_ watched: Watched) {
    state.withLock {
      $0.watched = watched
      $0.finding = nil
    }
  }

  /// Stops watching (a look in progress finishes first) and returns what was seen since `watch`.
  func pause() -> Finding? {
    state.withLock { state in
      state.watched = nil
      let finding = state.finding
      state.finding = nil
      return finding
    }
  }

  /// Ends the thread (the supervisor is going away).
  func stop() {
    state.withLock {
      $0.watched = nil
      $0.stopping = true
    }
  }

  private func run() {
    while true {
      usleep(50_000)
      let seen: (Finding, Watched)? = state.withLock {
        guard !$0.stopping else { return nil }
        guard let watched = $0.watched, $0.finding == nil, let finding = Self.look(at: watched) else { return nil }
        $0.finding = finding
        $0.watched = nil
        return (finding, watched)
      }
      if state.withLock({ $0.stopping }) { return }
      if let (finding, watched) = seen { announce(finding, watched) }
    }
  }

  /// One look at the engine: ended (seen without reaping it), over the memory limit or writing
  /// on its pipe (both stopped here, so that nothing more happens before the next command).
  static func look(at watched: Watched) -> Finding? {
    if let ending = endingWithoutReaping(watched.pid) { return .ended(ending) }
    if let resident = MemoryLimit.residentBytes(of: watched.pid), resident > watched.memoryLimit {
      Glibc.kill(-watched.pid, SIGKILL)
      return .overMemory
    }
    var descriptor = pollfd(fd: watched.responses, events: Int16(POLLIN), revents: 0)
    if poll(&descriptor, 1, 0) > 0 {
      Glibc.kill(-watched.pid, SIGKILL)
      return .wrote
    }
    return nil
  }

  /// How `pid` ended, when it has (a zombie: its `exit_code` in /proc/PID/stat, field 52, is
  /// `waitpid`'s status), without reaping it.
  static func endingWithoutReaping(_ pid: pid_t) -> EngineProcess.Ending? {
    guard let bytes = FileAccess.readBytes("/proc/\(pid)/stat") else { return nil }
    let text = String(decoding: bytes, as: UTF8.self)
    // After the command name in parentheses (which may hold anything): field 3, the state, on.
    guard let close = text.lastIndex(of: ")") else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 49, fields[0] == "Z", let status = Int32(fields[49].filter(\.isNumber)) else { return nil }
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
  }
}
