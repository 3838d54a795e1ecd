#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Every file a command reads goes through here: the trust policy for session files, and the
/// record of what each command read, so that a restarted engine replays a command against
/// exactly the bytes it read the first time, even if the file has changed since.
public final class FileAccess {
  /// Which files commands may read.
  public enum Policy: Sendable, Equatable {
    /// Anything (the REPL, and `run`/`check` with `--trust`).
    case trusted
    /// Session files under `run` and `check`: files under these folders (real paths), and
    /// plugins only by bare name from the plugin folders.
    case restricted(roots: [String])
  }

  public var policy: Policy = .trusted
  /// When set, every file read is copied here and recorded in `reads` (the engine sets it).
  public var snapshots: PrivateDirectory?
  /// What the current command read: each path and the snapshot holding its bytes.
  public private(set) var reads: [(path: String, snapshot: String)] = []
  /// While replaying a command: where to read each path instead.
  private var replay: [String: String] = [:]
  /// Snapshots already taken, by path, size and hash: a file loaded again unchanged is not
  /// copied again.
  private var taken: [String: [(count: Int, hash: UInt64, snapshot: String)]] = [:]

  public init() {}

  /// True while a restarted engine replays the journal: commands write no files then (a picture
  /// was written when its command first ran, and the user may have moved it since).
  public private(set) var isReplaying = false

  /// Starts a command: forgets the last one's reads; `replaying` maps paths to snapshots.
  public func beginCommand(replaying: [String: String] = [:], isReplay: Bool = false) {
    reads = []
    replay = replaying
    isReplaying = isReplay
  }

  /// A text file's UTF-8 bytes handed to `use` (the dataset loader) while its snapshot is
  /// written on a thread of its own: the copy overlaps the decoding instead of following it. The
  /// snapshot is whole, or its error thrown, when this returns.
  package func withUTF8<Value>(
    _ path: String, shownAs shown: String, _ use: ([UInt8]) throws(HostError) -> Value
  ) throws(HostError) -> Value {
    if let snapshot = replay[path] {
      reads.append((path, snapshot))
      return try use(try TextFile.readUTF8(snapshot, shownAs: shown))
    }
    try checkReadable(path, shownAs: shown)
    let bytes = try TextFile.readUTF8(path, shownAs: shown)
    guard let folder = snapshots else { return try use(bytes) }
    // The thread hashes the bytes and writes them to a new file, unless the same bytes were
    // read from this path before: their snapshot serves again.
    let known = taken[path] ?? []
    let (fd, file) = folder.create(Self.stem(path))
    if fd < 0 {
      let failure = errno
      // No room for a new file: bytes read before still have their snapshot.
      if known.contains(where: { $0.count == bytes.count }),
        snapshot(of: path, count: bytes.count, hash: Self.contentHash(bytes)) != nil
      {
        return try use(bytes)
      }
      errno = failure
      try PrivateDirectory.finishWriting(fd, bytes, to: file, what: "a snapshot of \(Self.stem(path))")
    }
    let outcome = SnapshotOutcome()
    let job = BackgroundJob {
      let hash = Self.contentHash(bytes)
      outcome.hash = hash
      if let earlier = known.first(where: { $0.count == bytes.count && $0.hash == hash }) {
        close(fd)
        unlink(file)
        outcome.earlier = earlier.snapshot
        return
      }
      do throws(HostError) {
        try PrivateDirectory.finishWriting(fd, bytes, to: file, what: "a snapshot of \(Self.stem(path))")
      } catch {
        outcome.error = error
      }
    }
    let result: Value
    do throws(HostError) {
      result = try use(bytes)
    } catch {
      // A command that fails reads nothing: its snapshot goes.
      job.join()
      if outcome.earlier == nil, outcome.error == nil { unlink(file) }
      throw error
    }
    job.join()
    if let error = outcome.error { throw error }
    if let earlier = outcome.earlier {
      reads.append((path, earlier))
    } else {
      taken[path, default: []].append((bytes.count, outcome.hash, file))
      reads.append((path, file))
    }
    return result
  }

  /// What a snapshot's thread found; read only after it is joined.
  private final class SnapshotOutcome: @unchecked Sendable {
    var hash: UInt64 = 0
    /// The snapshot of the same bytes read before, when there is one.
    var earlier: String?
    var error: HostError?
  }

  /// The snapshot of the bytes read from `path` when the same were read before (the read is
  /// recorded).
  private func snapshot(of path: String, count: Int, hash: UInt64) -> String? {
    guard let known = taken[path]?.first(where: { $0.count == count && $0.hash == hash }) else { return nil }
    reads.append((path, known.snapshot))
    return known.snapshot
  }

  /// A text file a command reads (`apply`, `run`).
  package func readText(_ path: String, shownAs shown: String) throws(HostError) -> String {
    if let snapshot = replay[path] {
      reads.append((path, snapshot))
      return try TextFile.read(snapshot, shownAs: shown)
    }
    try checkReadable(path, shownAs: shown)
    let text = try TextFile.read(path, shownAs: shown)
    if snapshots != nil { try record(path, Array(text.utf8)) }
    return text
  }

  /// The file to open for a plugin library: a snapshot while replaying, a private copy when
  /// recording, else the file itself. `byPath` is false for a bare name found in a plugin folder.
  package func pluginFile(_ path: String, shownAs shown: String, byPath: Bool) throws(HostError) -> String {
    if let snapshot = replay[path] {
      reads.append((path, snapshot))
      return snapshot
    }
    if byPath, case .restricted = policy {
      throw HostError(
        .refused,
        "cannot load plugin \(shown): loading a plugin by path runs its code, and session files may do that only with --trust (plugins in the plugin folders load by bare name without it)"
      )
    }
    guard snapshots != nil else { return path }
    guard let bytes = Self.readBytes(path) else { return path }  // opening it gives the error
    return try record(path, bytes, library: true)
  }

  /// A fresh copy of a plugin library to open (`plugin reload`), in the private folder.
  package func pluginCopy(of path: String, shownAs shown: String) throws(HostError) -> String {
    if let snapshot = replay[path] {
      reads.append((path, snapshot))
      return snapshot
    }
    guard let bytes = Self.readBytes(path) else {
      throw HostError(.io, "cannot reload plugin \(shown): it cannot be read")
    }
    let folder: PrivateDirectory
    if let snapshots { folder = snapshots } else { folder = try PrivateDirectory.current() }
    let copy = try folder.writeLibrary(bytes, copyOf: path)
    reads.append((path, copy))
    return copy
  }

  /// Refuses a path outside the readable folders.
  private func checkReadable(_ path: String, shownAs shown: String) throws(HostError) {
    guard case .restricted(let roots) = policy else { return }
    guard let real = Self.realPath(path) else {
      // Missing: reading it says so. Present but without a real path (a /proc/PID/fd link to a
      // deleted file or a memfd): refused, as it could be anything.
      var info = stat()
      guard lstat(path, &info) == 0 else { return }
      throw HostError(
        .refused,
        "cannot read \(shown): session files may read only files under the current folder and the folders being run or checked; run with --trust to allow it"
      )
    }
    guard roots.contains(where: { real == $0 || real.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else {
      throw HostError(
        .refused,
        "cannot read \(shown): session files may read only files under the current folder and the folders being run or checked; run with --trust to allow it"
      )
    }
  }

  @discardableResult
  /// A snapshot of `bytes` read from `path` (a plugin `library` is written with links to its
  /// neighbours, `PrivateDirectory.writeLibrary`).
  private func record(_ path: String, _ bytes: [UInt8], library: Bool = false) throws(HostError) -> String {
    guard let folder = snapshots else { return path }
    let hash = Self.contentHash(bytes)
    if let known = snapshot(of: path, count: bytes.count, hash: hash) { return known }
    let snapshot =
      library ? try folder.writeLibrary(bytes, copyOf: path) : try folder.write(bytes, stem: Self.stem(path))
    taken[path, default: []].append((bytes.count, hash, snapshot))
    reads.append((path, snapshot))
    return snapshot
  }

  package static func stem(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? "file"
  }

  /// A hash of a file's bytes, to know a file read again unchanged: four lanes of eight bytes
  /// mixed at a time (a byte-at-a-time FNV-1a took 40 ms of a million-item file's load), the
  /// tail byte by byte, the length folded in.
  package static func contentHash(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { raw in
      var lanes: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
      var index = 0
      while index + 32 <= raw.count {
        lanes.0 = HashMix.mix(lanes.0 ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        lanes.1 = HashMix.mix(lanes.1 ^ raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
        lanes.2 = HashMix.mix(lanes.2 ^ raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self))
        lanes.3 = HashMix.mix(lanes.3 ^ raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
        index += 32
      }
      var hash = HashMix.mix(lanes.0 ^ (lanes.1 &* 3) ^ (lanes.2 &* 5) ^ (lanes.3 &* 7) ^ UInt64(raw.count))
      while index < raw.count {
        hash = (hash ^ UInt64(raw[index])) &* 0x100_0000_01b3
        index += 1
      }
      return HashMix.mix(hash)
    }
  }

  /// The canonical path (links and `..` resolved), or nil when it does not exist.
  public static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The bytes of the regular file at `path`: opened once (without blocking, so a FIFO swapped
  /// in cannot hang the read) and checked through that descriptor, not by name first.
  package static func readBytes(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }
}
