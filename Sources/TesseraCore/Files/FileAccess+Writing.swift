#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Files commands write (`render`): under the same trust policy as reads, replaced whole or not
/// at all.
extension FileAccess {
  /// Writes `text` to `path` (created, or replaced when it is a regular file): the bytes go to a
  /// temporary file beside it that is renamed over it only once complete, so a failure leaves
  /// whatever was there. Session files under `run` and `check` write only under the folders
  /// they may read.
  package func writeText(_ path: String, shownAs shown: String, _ text: String) throws(HostError) {
    func failure(_ what: String) -> HostError {
      HostError(.io, "cannot write \(shown): \(what); nothing was written")
    }
    guard !shown.isEmpty else { throw HostError(.io, "cannot write a file with no name: give a path (or - to print)") }
    if isReplaying { return }
    let folder = TextFile.folder(of: path)
    guard let realFolder = Self.realPath(folder) else {
      throw failure("the folder \(TextFile.folder(of: shown)) does not exist")
    }
    guard Directory.isFolder(realFolder) else { throw failure("\(TextFile.folder(of: shown)) is not a folder") }
    if case .restricted(let roots) = policy,
      !roots.contains(where: { realFolder == $0 || realFolder.hasPrefix($0 == "/" ? "/" : $0 + "/") })
    {
      throw HostError(
        .refused,
        "cannot write \(shown): session files may write only under the current folder and the folders being run or checked; run with --trust to allow it"
      )
    }
    var info = stat()
    var mode: mode_t = 0o644
    if lstat(path, &info) == 0 {
      let kind = info.st_mode & S_IFMT
      if kind == S_IFDIR { throw failure("it is a folder") }
      guard kind == S_IFREG else { throw failure("it is not a regular file") }
      mode = info.st_mode & 0o777
    }
    if case .restricted = policy {
      // A session file may draw pictures, not replace the files around it (itself, the README, a
      // script): only `.svg` files, and only new ones or pictures.
      guard path.hasSuffix(".svg") else {
        throw HostError(
          .refused, "cannot write \(shown): session files may write only .svg pictures; run with --trust to allow it")
      }
      if info.st_size > 0, !Self.startsLikeSVG(path) {
        throw HostError(
          .refused,
          "cannot write \(shown): it exists and is not an SVG picture, and session files replace only pictures; run with --trust to allow it"
        )
      }
    }
    let name = path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]
    // A short temporary name, so that a name near the 255-byte limit still fits.
    var template = Array((realFolder + "/.tessera-XXXXXX").utf8CString)
    let fd = mkstemp(&template)
    guard fd >= 0 else { throw failure(String(cString: strerror(errno))) }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    var done = false
    defer { if !done { unlink(temporary) } }
    _ = fchmod(fd, mode)
    guard FileDescriptorIO.writeAll(fd, Array(text.utf8)) else {
      let reason = String(cString: strerror(errno))
      close(fd)
      throw failure(reason)
    }
    guard close(fd) == 0 else { throw failure(String(cString: strerror(errno))) }
    guard rename(temporary, realFolder + "/" + name) == 0 else { throw failure(String(cString: strerror(errno))) }
    done = true
  }

  /// Whether the file at `path` begins (after blanks) with `<svg` or `<?xml`.
  package static func startsLikeSVG(_ path: String) -> Bool {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = read(fd, &buffer, buffer.count)
    guard count > 0 else { return false }
    let text = String(decoding: buffer[0..<count], as: UTF8.self).drop { $0.isWhitespace }
    return text.hasPrefix("<svg") || text.hasPrefix("<?xml")
  }
}
