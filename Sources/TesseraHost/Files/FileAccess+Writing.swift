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
  func writeText(_ path: String, shownAs shown: String, _ text: String) throws(HostError) {
    func failure(_ what: String) -> HostError {
      HostError("cannot write \(shown): \(what); nothing was written")
    }
    let folder = TextFile.folder(of: path)
    guard let realFolder = Self.realPath(folder), Directory.isFolder(realFolder) else {
      throw failure("the folder \(TextFile.folder(of: shown)) does not exist")
    }
    if case .restricted(let roots) = policy,
      !roots.contains(where: { realFolder == $0 || realFolder.hasPrefix($0 == "/" ? "/" : $0 + "/") })
    {
      throw HostError(
        "cannot write \(shown): session files may write only under the current folder and the folders being run or checked; run with --trust to allow it"
      )
    }
    var info = stat()
    if lstat(path, &info) == 0 {
      let kind = info.st_mode & S_IFMT
      if kind == S_IFDIR { throw failure("it is a folder") }
      guard kind == S_IFREG else { throw failure("it is not a regular file") }
    }
    let name = path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]
    var template = Array((realFolder + "/." + name + ".tmp-XXXXXX").utf8CString)
    let fd = mkstemp(&template)
    guard fd >= 0 else { throw failure(String(cString: strerror(errno))) }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    var done = false
    defer { if !done { unlink(temporary) } }
    _ = fchmod(fd, 0o644)
    guard FileDescriptorIO.writeAll(fd, Array(text.utf8)) else {
      let reason = String(cString: strerror(errno))
      close(fd)
      throw failure(reason)
    }
    guard close(fd) == 0 else { throw failure(String(cString: strerror(errno))) }
    guard rename(temporary, realFolder + "/" + name) == 0 else { throw failure(String(cString: strerror(errno))) }
    done = true
  }
}
