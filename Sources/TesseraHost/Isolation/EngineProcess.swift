#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One engine process as the supervisor sees it: spawned from the same executable
/// (`tessera engine ...`) in a process group of its own (so a terminal's Ctrl-C reaches only
/// the supervisor), with the request pipe on its fd 3, the response pipe on fd 4, stdin from
/// /dev/null and stdout joined to stderr, which is a pipe the supervisor reads and passes on
/// (`EngineErrors`: a plugin's own prints show up and cannot corrupt the protocol; a trap's
/// message goes into the crash report).
final class EngineProcess {
  let pid: pid_t
  let requests: Int32
  let reader: EngineFrameReader
  /// What it prints, read on a thread of this process (nil: it writes to standard error itself).
  let errors: EngineErrors?
  /// The response pipe's read end.
  let responses: Int32
  private(set) var exitStatus: Int32?

  /// How it ended, once it has.
  enum Ending: Equatable {
    case exited(Int32)
    case signalled(Int32)
  }

  init(executable: String, arguments: [String], backtraces: Bool) throws(HostError) {
    var requestPipe: [Int32] = [-1, -1]
    var responsePipe: [Int32] = [-1, -1]
    guard Self.pipe(&requestPipe) else { throw HostError("cannot start the engine: \(Self.lastError)") }
    guard Self.pipe(&responsePipe) else {
      close(requestPipe[0])
      close(requestPipe[1])
      throw HostError("cannot start the engine: \(Self.lastError)")
    }
    // What the engine prints goes through a pipe a thread of this process reads
    // (`EngineErrors`); when that cannot be set up, straight to this process's standard error.
    var errorPipe: [Int32] = [-1, -1]
    var errors: EngineErrors? = nil
    if Self.pipe(&errorPipe) {
      errors = EngineErrors.reading(errorPipe[0], keepsBacktraces: backtraces)
      if errors == nil {
        close(errorPipe[0])
        close(errorPipe[1])
      }
    }
    let readsErrors = errors != nil
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if readsErrors {
      posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    }
    posix_spawn_file_actions_adddup2(&actions, 2, 1)
    posix_spawn_file_actions_adddup2(&actions, requestPipe[0], 3)
    posix_spawn_file_actions_adddup2(&actions, responsePipe[1], 4)
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    InheritedDescriptors.closeAll(from: 5, in: &actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGPIPE, SIGTERM, SIGQUIT, SIGALRM] { sigaddset(&defaults, signal) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // A crash in a plugin prints Swift's backtrace on stderr: short (the crashing frames, no
    // registers) where wanted, none otherwise, unless the person chose their own settings.
    let environment = ChildEnvironment.make(
      backtrace: backtraces ? "interactive=no,color=no,limit=12,top=0,registers=none,images=none" : "enable=no")
    defer { for pointer in environment { free(pointer) } }
    var child: pid_t = 0
    let status = posix_spawn(&child, executable, &actions, &attributes, argv, environment)
    close(requestPipe[0])
    close(responsePipe[1])
    // The reader sees the end of the pipe once the engine (and whatever it forked) is gone.
    if readsErrors { close(errorPipe[1]) }
    guard status == 0 else {
      close(requestPipe[1])
      close(responsePipe[0])
      throw HostError("cannot start the engine \(executable): \(String(cString: strerror(status)))")
    }
    self.errors = errors
    pid = child
    Interrupts.enginePID = child
    requests = requestPipe[1]
    responses = responsePipe[0]
    reader = EngineFrameReader(fd: responses)
  }

  deinit {
    close(requests)
    close(responses)
    kill()
    if exitStatus == nil { _ = wait() }
    // What it printed last reaches standard error before this process goes on (or exits).
    errors?.drain(waiting: 2)
  }

  /// A pipe whose ends close on exec (the child gets only the ends dup2'ed to 3 and 4).
  private static func pipe(_ ends: inout [Int32]) -> Bool {
    guard Glibc.pipe(&ends) == 0 else { return false }
    for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
  }

  static var lastError: String { String(cString: strerror(errno)) }

  func send(_ frame: EngineFrame) -> Bool {
    FileDescriptorIO.writeAll(requests, frame.encoded)
  }

  /// How waiting for a response ended.
  enum Wait { case ready, ended, timedOut, interrupted, overMemory }

  /// Waits until a response can be read (or the engine's pipe closes), the engine ends (seen
  /// directly: a process a plugin forked may hold the pipe open), `interrupted()` says to stop,
  /// or `watchdog` seconds pass without progress: `heartbeat()` changing (a script's next
  /// command starting) counts as progress.
  /// With a `memoryLimit` (bytes), an engine that holds more is stopped: `.overMemory`.
  func waitForResponse(
    watchdog: Double, memoryLimit: Int? = nil, heartbeat: () -> UInt64, interrupted: () -> Bool
  ) -> Wait {
    if reader.hasBufferedBytes { return .ready }
    var lastBeat = heartbeat()
    var lastProgress = Self.now()
    while true {
      if interrupted() { return .interrupted }
      let remaining = lastProgress + watchdog - Self.now()
      var descriptor = pollfd(fd: responses, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(min(max(remaining * 1000, 1), 100)))
      if ready > 0 || (ready < 0 && errno != EINTR) { return .ready }  // a failed read reports the rest
      if hasEnded { return .ended }
      if let memoryLimit, let resident = MemoryLimit.residentBytes(of: pid), resident > memoryLimit {
        return .overMemory
      }
      let beat = heartbeat()
      if beat != lastBeat {
        lastBeat = beat
        lastProgress = Self.now()
      } else if Self.now() - lastProgress >= watchdog {
        return .timedOut
      }
    }
  }

  /// Whether the process has ended (reaping it if so), without waiting.
  var hasEnded: Bool {
    if exitStatus != nil { return true }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return false }
    exitStatus = status
    return true
  }

  /// Ends the engine and every process it started (a plugin that forked, or ran `system()`):
  /// they share its process group, which outlives the engine while any of them does.
  func kill() {
    Glibc.kill(-pid, SIGKILL)
    if exitStatus == nil { Glibc.kill(pid, SIGKILL) }
  }

  /// Whether the engine is in the middle of dying: a crashing Swift process runs its
  /// backtracer as a child (`swift-backtrace`) before it ends.
  var isCrashing: Bool {
    guard let file = fopen("/proc/\(pid)/task/\(pid)/children", "r") else { return false }
    defer { fclose(file) }
    return fgetc(file) != EOF
  }

  /// Waits for the process to end (after its pipe closed or it was killed).
  @discardableResult
  func wait() -> Ending {
    if let exitStatus { return Self.ending(exitStatus) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR {
        exitStatus = 0
        return .exited(0)
      }
    }
    exitStatus = status
    return Self.ending(status)
  }

  static func ending(_ status: Int32) -> Ending {
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
  }

  /// Seconds on a monotonic clock.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
