#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reading text files without Foundation; errors name the path as the person typed it.
package enum TextFile {
  /// `followingLinks: false` refuses a path whose last part is a link (a file already resolved
  /// to its real path, which a link swapped in since must not lead elsewhere).
  package static func read(_ path: String, shownAs shown: String, followingLinks: Bool = true) throws(HostError)
    -> String
  {
    String(decoding: try readUTF8(path, shownAs: shown, followingLinks: followingLinks), as: UTF8.self)
  }

  /// The file's bytes, checked to be UTF-8 (a pass over machine words when they are ASCII).
  /// The file is opened once (without blocking: a FIFO cannot hang it) and everything is
  /// checked through that descriptor, so a file swapped after the check is never the one read.
  package static func readUTF8(_ path: String, shownAs shown: String, followingLinks: Bool = true) throws(HostError)
    -> [UInt8]
  {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
    guard fd >= 0 else {
      if errno == ENOENT || errno == ENOTDIR { throw HostError(.io, "cannot read \(shown): no such file") }
      if errno == ELOOP, !followingLinks {
        throw HostError(.refused, "cannot read \(shown): it was replaced by a link while it was checked")
      }
      throw HostError(.io, "cannot read \(shown): \(String(cString: strerror(errno)))")
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      close(fd)
      throw HostError(.io, "cannot read \(shown): \(String(cString: strerror(errno)))")
    }
    guard (info.st_mode & S_IFMT) != S_IFDIR else {
      close(fd)
      throw HostError(.io, "cannot read \(shown): it is a folder")
    }
    do {
      try Limits.checkReadable(kind: info.st_mode & S_IFMT, size: Int(info.st_size), shownAs: shown)
    } catch {
      close(fd)
      throw error
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    guard let file = fdopen(fd, "rb") else {
      close(fd)
      throw HostError(.io, "cannot read \(shown): \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    // Read into the array itself, sized by stat (a file that grows meanwhile grows it).
    var bytes = [UInt8](repeating: 0, count: max(1 << 16, Int(info.st_size) + 1))
    var filled = 0
    while true {
      if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
      let count = bytes.withUnsafeMutableBytes { fread($0.baseAddress! + filled, 1, $0.count - filled, file) }
      if count == 0 { break }
      filled += count
      // The file may have grown since stat: the limit holds for what is read.
      guard filled <= Limits.fileBytes else { throw Limits.fileTooLarge(shown) }
    }
    bytes.removeSubrange(filled...)
    guard isUTF8(bytes) else { throw HostError(.io, "cannot read \(shown): it is not UTF-8 text") }
    return bytes
  }

  /// True for valid UTF-8: ASCII checked eight bytes at a time, anything else by the standard
  /// library's validation.
  package static func isUTF8(_ bytes: [UInt8]) -> Bool {
    let ascii = bytes.withUnsafeBytes { raw -> Bool in
      var index = 0
      var high: UInt64 = 0
      while index + 8 <= raw.count {
        high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        index += 8
      }
      while index < raw.count {
        high |= UInt64(raw[index])
        index += 1
      }
      return high & 0x8080_8080_8080_8080 == 0
    }
    return ascii || String(validating: bytes, as: UTF8.self) != nil
  }

  /// Replaces `path` with `text` so that no failure can leave it cut short: the text goes to a
  /// temporary file in the same folder, which is checked (every byte written, flushed to disk)
  /// and only then renamed over the original. On any failure the original is untouched and the
  /// error says why.
  /// With `expecting`, the file's bytes are read again just before the rename: when they are no
  /// longer those (an edit saved while the file was being checked), nothing is replaced.
  /// With `resolved`, `path` is already the file's real path, checked by the caller, and is not
  /// resolved again: a link swapped in for it meanwhile is replaced itself, never followed out of
  /// the folder (and the file must still be a writable regular file).
  package static func replaceAtomically(
    _ path: String, with text: String, shownAs shown: String? = nil, expecting read: String? = nil,
    resolved: Bool = false
  ) throws(HostError) {
    let shown = shown ?? path
    func failure(_ what: String) -> HostError {
      HostError(.io, "cannot update \(shown): \(what) (\(String(cString: strerror(errno)))); the file is unchanged")
    }
    // A linked session file is updated where it really is; the link stays a link.
    let path = resolved ? path : FileAccess.realPath(path) ?? path
    var original = stat()
    guard stat(path, &original) == 0 else { throw failure("it cannot be read") }
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    removeStaleTemporaries(of: path)
    var template = Array((String(path[..<slash]) + "." + path[slash...] + temporaryMark + "XXXXXX").utf8CString)
    let fd = mkstemp(&template)
    guard fd >= 0 else { throw failure("cannot make a temporary file beside it") }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    var written = false
    defer {
      if !written { unlink(temporary) }
    }
    let bytes = Array(text.utf8)
    guard FileDescriptorIO.writeAll(fd, bytes) else {
      close(fd)
      throw failure("writing failed")
    }
    _ = fchmod(fd, original.st_mode & 0o7777)
    guard fsync(fd) == 0 else {
      close(fd)
      throw failure("flushing failed")
    }
    guard close(fd) == 0 else { throw failure("closing failed") }
    if resolved {
      // Still the regular file it was, and still writable (not swapped for a link, not made
      // read-only while it was checked).
      var now = stat()
      guard lstat(path, &now) == 0, (now.st_mode & S_IFMT) == S_IFREG, now.st_dev == original.st_dev,
        now.st_ino == original.st_ino
      else {
        throw HostError(
          .refused,
          "cannot update \(shown): it was replaced while it was checked (by a link or another file); the file is unchanged: check it again to update it"
        )
      }
      guard now.st_mode & 0o222 != 0 else {
        throw HostError(
          .refused,
          "cannot update \(shown): it was made read-only while it was checked; the file is unchanged")
      }
    }
    if let read, FileAccess.readBytes(path).map({ $0.elementsEqual(read.utf8) }) != true {
      throw HostError(
        .refused,
        "cannot update \(shown): it changed since it was read (an edit saved while it was checked?); the file is unchanged: check it again to update it"
      )
    }
    guard rename(temporary, path) == 0 else { throw failure("renaming the new version over it failed") }
    written = true
  }

  /// What names an update's temporary file beside the file it replaces: `.NAME` + this + six
  /// characters. Unmistakable, so cleaning up never takes a person's own file.
  package static let temporaryMark = ".tessera-update-"

  /// Removes the temporaries an update of `path` left behind when it was killed (over a minute
  /// old, so an update running beside this one keeps its own).
  package static func removeStaleTemporaries(of path: String) {
    let path = FileAccess.realPath(path) ?? path
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    // `folder` is the path up to and including its last slash ("" for a bare name).
    let folder = String(path[..<slash])
    let prefix = "." + path[slash...] + temporaryMark
    for entry in Directory.entries(of: folder.isEmpty ? "." : folder)
    where entry.hasPrefix(prefix) && entry.utf8.count == prefix.utf8.count + 6 {
      let path = folder + entry
      var info = stat()
      guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, time(nil) - info.st_mtim.tv_sec > 60 else {
        continue
      }
      unlink(path)
    }
  }

  /// Writes `text` to `path`, creating or truncating it (scratch files, not golden ones).
  package static func replaceOrCreate(_ path: String, with text: String) throws(HostError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw HostError(.io, "cannot write \(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    guard FileDescriptorIO.writeAll(fd, Array(text.utf8)) else {
      throw HostError(.io, "cannot write \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// The folder part of a path ("." for a bare name).
  package static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
