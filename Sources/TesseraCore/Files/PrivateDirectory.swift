#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The session's private folder: made with `mkdtemp` (mode 0700) under `$TMPDIR` or `/tmp`,
/// named `tessera-PID-XXXXXX`, holding the copies of reloaded plugins, snapshots of the files
/// commands read (so a restarted engine replays exactly what was read) and the engine's status
/// page. Files inside are created with `O_EXCL | O_NOFOLLOW`, so nothing pre-placed is followed.
/// The folder is removed when the process that made it exits; folders left by runs that crashed
/// (their PID no longer alive) are removed when the next one starts.
public final class PrivateDirectory: @unchecked Sendable {
  public let path: String
  private var counter = 0
  private let owned: Bool

  /// Makes a new private folder, first removing stale ones of dead processes.
  public init() throws(HostError) {
    let parent = Self.temporaryFolder
    Self.removeStale(in: parent)
    var template = Array("\(parent)/tessera-\(getpid())-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      let failure = errno
      throw HostError(
        .io,
        "cannot make a private folder in \(parent): \(String(cString: strerror(failure)))\(failure == ENOSPC ? " (free some space there, or point TMPDIR at a folder with room)" : "")"
      )
    }
    path = String(cString: made)
    owned = true
  }

  /// Uses a folder another process (the supervisor) made and will remove.
  public init(existing path: String) {
    self.path = path
    owned = false
  }

  deinit {
    if owned { Self.removeTree(path) }
  }

  /// The folder for the process's in-process sessions (tests, `bench`), made on first use and
  /// removed at exit.
  nonisolated(unsafe) public static var shared: PrivateDirectory?

  public static func current() throws(HostError) -> PrivateDirectory {
    if let shared { return shared }
    let made = try PrivateDirectory()
    shared = made
    atexit { PrivateDirectory.shared = nil }
    return made
  }

  /// A fresh file name inside the folder, e.g. `snapshot-3-data.json`.
  public func freshName(_ stem: String) -> String {
    counter += 1
    let safe = String(
      stem.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" ? $0 : "_" }.prefix(60))
    return "\(path)/\(counter)-\(safe)"
  }

  /// Writes `bytes` to a new file inside the folder (never following or replacing anything).
  public func write(_ bytes: [UInt8], stem: String) throws(HostError) -> String {
    let (fd, file) = create(stem)
    try Self.finishWriting(fd, bytes, to: file, what: "a snapshot of \(stem)")
    return file
  }

  /// A new file inside the folder, opened for writing: its descriptor (-1 when it could not be
  /// made, errno saying why) and its path, for `finishWriting`.
  package func create(_ stem: String) -> (fd: Int32, file: String) {
    // Engines that follow one another share the folder: a name already taken (by an earlier
    // engine, or anything else) is skipped, never opened.
    var file = freshName(stem)
    var fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    while fd < 0 && errno == EEXIST && counter < Int.max - 1 {
      file = freshName(stem)
      fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    }
    return (fd, file)
  }

  /// Writes `bytes` through `fd` (just opened on `file`, or failed: -1) and closes it; a file
  /// that could not be written whole is removed. `what` names it in errors.
  package static func finishWriting(_ fd: Int32, _ bytes: [UInt8], to file: String, what: String) throws(HostError) {
    guard fd >= 0 else {
      throw HostError(.io, "cannot write \(what) in the private folder: \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    guard FileDescriptorIO.writeAll(fd, bytes) else {
      unlink(file)
      throw HostError(.io, "cannot write \(what) in the private folder: \(String(cString: strerror(errno)))")
    }
  }

  /// `$TMPDIR`, or `/tmp`.
  package static var temporaryFolder: String {
    if let value = getenv("TMPDIR"), value.pointee != 0 {
      let folder = String(cString: value)
      return folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    }
    return "/tmp"
  }

  /// Removes `tessera-PID-XXXXXX` folders of this user whose process is gone.
  package static func removeStale(in parent: String) {
    for name in Directory.entries(of: parent) where name.hasPrefix("tessera-") {
      let parts = name.split(separator: "-")
      guard parts.count == 3, parts[2].count == 6, let pid = pid_t(parts[1]), pid > 0 else { continue }
      let folder = parent + "/" + name
      var info = stat()
      guard lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid() else { continue }
      if kill(pid, 0) == 0 || errno == EPERM { continue }
      removeTree(folder)
    }
  }

  /// Removes a folder and what it holds, never following links.
  package static func removeTree(_ folder: String) {
    for name in Directory.entries(of: folder) {
      let path = folder + "/" + name
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }
      if (info.st_mode & S_IFMT) == S_IFDIR { removeTree(path) } else { unlink(path) }
    }
    rmdir(folder)
  }
}

/// Whole reads and writes on file descriptors, retrying short transfers and interruptions.
package enum FileDescriptorIO {
  package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }

  package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { writeAll(fd, $0) }
  }
}
