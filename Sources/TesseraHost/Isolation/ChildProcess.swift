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
    /// Stopped when its resident memory passed the limit (bytes).
    case overMemory(Int)
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
    InheritedDescriptors.closeAll(from: 3, in: &actions)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // A crash must not stop at Swift's "press space to interact" prompt for half a minute.
    let environment = ChildEnvironment.make(backtrace: "enable=no")
    defer { for pointer in environment { free(pointer) } }
    // A process group of its own: whatever it forks ends with it (`wait` kills the group).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    var child: pid_t = 0
    let status = posix_spawn(&child, executable, &actions, &attributes, argv, environment)
    guard status == 0 else { throw HostError("cannot start \(executable): \(String(cString: strerror(status)))") }
    pid = child
  }

  /// Waits for the child to end; stops it after `watchdog` seconds in which `progress()` does
  /// not change (nil from `progress` counts as progress: the child is busy with work of its own,
  /// not a plugin's), or when its resident memory passes `memoryLimit` bytes. Whatever the child
  /// left running in its process group (a plugin's fork) is killed when it ends.
  public func wait(watchdog: Double, memoryLimit: Int? = nil, progress: () -> Int?) -> Ending {
    defer { kill(-pid, SIGKILL) }
    var last = progress()
    var lastChange = EngineProcess.now()
    var lastSample = lastChange
    while true {
      var status: Int32 = 0
      let ended = waitpid(pid, &status, WNOHANG)
      if ended == pid {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
      }
      if ended < 0, errno != EINTR { return .exited(0) }
      let now = progress()
      let clock = EngineProcess.now()
      if now == nil || now != last {
        last = now
        lastChange = clock
      } else if clock - lastChange >= watchdog {
        return stop(.timedOut)
      }
      if let memoryLimit, clock - lastSample >= 0.1 {
        lastSample = clock
        if let resident = MemoryLimit.residentBytes(of: pid), resident > memoryLimit {
          return stop(.overMemory(resident))
        }
      }
      usleep(20_000)
    }
  }

  private func stop(_ ending: Ending) -> Ending {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return ending
  }

  /// The text of a file a child wrote, nil when there is none. Bytes that are not UTF-8 (a
  /// plugin writing where it should not) read as U+FFFD rather than hiding the rest.
  public static func contents(of path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += chunk[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The lowest descriptor a line writer uses: out of the way of a plugin that writes to or
  /// closes the low ones by mistake.
  static let writerDescriptorFloor: Int32 = 200

  /// A function that appends each line it is given to `path` at once (created, mode 0600),
  /// for a child telling its progress; nil when the file cannot be opened. Its descriptor is a
  /// high one, and a write that finds it closed (a plugin closing every descriptor) opens the
  /// file again.
  public static func lineWriter(appendingTo path: String) -> ((String) -> Void)? {
    func openHigh() -> Int32 {
      let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
      guard fd >= 0 else { return -1 }
      let high = fcntl(fd, F_DUPFD_CLOEXEC, writerDescriptorFloor)
      if high >= 0 { close(fd) }
      return high >= 0 ? high : fd
    }
    let descriptor = Descriptor(openHigh())
    guard descriptor.value >= 0 else { return nil }
    return { line in
      let bytes = Array((line + "\n").utf8)
      if !FileDescriptorIO.writeAll(descriptor.value, bytes), errno == EBADF {
        descriptor.value = openHigh()
        _ = FileDescriptorIO.writeAll(descriptor.value, bytes)
      }
    }
  }

  /// A descriptor a writer may replace.
  private final class Descriptor: @unchecked Sendable {
    var value: Int32
    init(_ value: Int32) { self.value = value }
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
