#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a child process inherits: only the descriptors its spawn sets up. Sockets and pipes are
/// not all opened close-on-exec (the live view's HTTP library opens its listening socket, the
/// pages' connections and its epoll descriptor without it), so an engine restarted while `serve`
/// runs would hold them — a plugin could accept the server's connections or write to a page.
/// Each spawn closes every descriptor from a number up in the child, whatever the parent holds.
enum InheritedDescriptors {
  typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later): declared only for
  /// `_GNU_SOURCE`, which Swift's Glibc module does not define, so looked up by name.
  private static let closeFrom: CloseFrom? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
    else { return nil }
    return unsafeBitCast(symbol, to: CloseFrom.self)
  }()

  /// Adds to `actions` the closing of every descriptor from `lowest` up (after the actions added
  /// before, such as the `dup2`s onto lower numbers). Without glibc's call, each descriptor the
  /// process has open now (`/proc/self/fd`) is closed by number.
  static func closeAll(from lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
    if let closeFrom, closeFrom(&actions, lowest) == 0 { return }
    for name in Directory.entries(of: "/proc/self/fd") {
      guard let fd = Int32(name), fd >= lowest else { continue }
      posix_spawn_file_actions_addclose(&actions, fd)
    }
  }

  /// The descriptors of process `pid` from `lowest` up, with what each is (`socket:[…]`,
  /// `pipe:[…]`, a path): for tests, and for a report of what leaked.
  static func open(in pid: pid_t, from lowest: Int32) -> [(fd: Int32, target: String)] {
    let folder = "/proc/\(pid)/fd"
    return Directory.entries(of: folder).compactMap { name in
      guard let fd = Int32(name), fd >= lowest else { return nil }
      var buffer = [CChar](repeating: 0, count: 4096)
      let count = readlink(folder + "/" + name, &buffer, buffer.count - 1)
      return (fd, count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?")
    }.sorted { $0.fd < $1.fd }
  }
}
