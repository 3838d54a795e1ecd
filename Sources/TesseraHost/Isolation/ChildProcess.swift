#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A `tessera` run as a child (a supervised `conform`, a fuzzer's check): standard output to a
/// file, standard error shared, Swift's crash backtracer quiet unless the person chose its
/// settings, and a watchdog on its progress.
public final class ChildProcess {
  public let pid: pid_t

  public enum Ending: Equatable, Sendable {
    case exited(Int32)
    case signalled(Int32)
    /// Stopped after `watchdog` seconds without progress.
    case timedOut
  }

  /// Starts `executable` with `arguments`, its standard output written to `output` (an
  /// existing file such as /dev/full is written, not replaced), its standard error to
  /// `errors` when given (else shared).
  public init(
    executable: String, arguments: [String], standardOutput output: String, standardError errors: String? = nil
  )
    throws(HostError)
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if let errors { posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // A crash must not stop at Swift's "press space to interact" prompt for half a minute.
    let environment = ChildEnvironment.make(backtrace: "enable=no")
    defer { for pointer in environment { free(pointer) } }
    var child: pid_t = 0
    let status = posix_spawn(&child, executable, &actions, nil, argv, environment)
    guard status == 0 else { throw HostError("cannot start \(executable): \(String(cString: strerror(status)))") }
    pid = child
  }

  /// Waits for the child to end; stops it after `watchdog` seconds in which `progress()` does
  /// not change.
  public func wait(watchdog: Double, progress: () -> Int) -> Ending {
    var last = progress()
    var lastChange = EngineProcess.now()
    while true {
      var status: Int32 = 0
      let ended = waitpid(pid, &status, WNOHANG)
      if ended == pid {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
      }
      if ended < 0, errno != EINTR { return .exited(0) }
      let now = progress()
      if now != last {
        last = now
        lastChange = EngineProcess.now()
      } else if EngineProcess.now() - lastChange >= watchdog {
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return .timedOut
      }
      usleep(20_000)
    }
  }

  /// The text of a file a child wrote, nil when there is none.
  public static func contents(of path: String) -> String? {
    try? TextFile.read(path, shownAs: path)
  }

  /// A function that appends each line it is given to `path` at once (created, mode 0600),
  /// for a child telling its progress; nil when the file cannot be opened.
  public static func lineWriter(appendingTo path: String) -> ((String) -> Void)? {
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return nil }
    return { line in _ = FileDescriptorIO.writeAll(fd, Array((line + "\n").utf8)) }
  }

  /// `SIGSEGV` for 11, as reports name signals.
  public static func signalName(_ signal: Int32) -> String {
    EngineFailure.signalName(signal)
  }

  /// The size of the file at `path` (0 when it is missing): a child's progress.
  public static func size(of path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }
}
