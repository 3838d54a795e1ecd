#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The REPL's history in `~/.tessera_history`: one command a line. Each new line is appended
/// with one `write` on a descriptor opened `O_APPEND`, so two REPLs interleave their lines
/// instead of overwriting each other's. A history path that is not a regular file (a folder, a
/// link to a device) is left alone, and a failure to write is reported once, then history is
/// kept in memory only. Files written by libedit's own format (`_HiStOrY_V2_`, octal escapes)
/// are read too.
public final class HistoryFile {
  public let path: String
  /// The most lines kept; the file is rewritten (atomically) when it grows past twice this.
  package let limit: Int
  private var disabled = false
  private var appended = 0

  public init(path: String, limit: Int = 1000) {
    self.path = path
    self.limit = limit
  }

  /// The default path: `$HOME/.tessera_history`, or nil without a usable HOME.
  public static var defaultPath: String? {
    guard let home = getenv("HOME"), home.pointee != 0 else { return nil }
    return String(cString: home) + "/.tessera_history"
  }

  /// The saved lines, oldest first; a note to show when the file cannot be used.
  public func load() -> (lines: [String], note: String?) {
    var info = stat()
    if lstat(path, &info) != 0 { return ([], nil) }  // no history yet
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      disabled = true
      return ([], "history: \(path) is not a regular file; it is left alone and history is not saved")
    }
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else {
      disabled = true
      return ([], "history: cannot read \(path) (\(String(cString: strerror(errno)))); history is not saved")
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count < 1 << 24 {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    var lines = bytes.split(separator: 10).map { String(decoding: $0, as: UTF8.self) }
    if lines.first == "_HiStOrY_V2_" { lines = lines.dropFirst().map(Self.unescapeLibedit) }
    return (Array(lines.suffix(limit)), nil)
  }

  /// Appends one line; returns a note the first time saving fails.
  public func append(_ line: String) -> String? {
    guard !disabled else { return nil }
    var info = stat()
    if lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
      disabled = true
      return "history: \(path) is not a regular file; it is left alone and history is not saved"
    }
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
    guard fd >= 0 else {
      disabled = true
      return
        "history: cannot write \(path) (\(String(cString: strerror(errno)))); history is kept for this session only"
    }
    defer { close(fd) }
    let bytes = Array(line.utf8) + [10]
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    guard written == bytes.count else {
      disabled = true
      return
        "history: cannot write \(path) (\(String(cString: strerror(errno)))); history is kept for this session only"
    }
    appended += 1
    if appended % 200 == 0 { trim() }
    return nil
  }

  /// Keeps the last `limit` lines once the file holds more than twice as many.
  private func trim() {
    let (lines, _) = load()
    guard lines.count >= limit else { return }
    var all = lines
    if all.count > limit { all = Array(all.suffix(limit)) }
    var template = Array((path + ".tmp-XXXXXX").utf8CString)
    let fd = mkstemp(&template)
    guard fd >= 0 else { return }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    let bytes = Array(all.map { $0 + "\n" }.joined().utf8)
    let ok = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count
    close(fd)
    if !(ok && rename(temporary, path) == 0) { unlink(temporary) }
  }

  /// libedit's history escapes (`\040` for a space, `\\` for a backslash).
  package static func unescapeLibedit(_ line: String) -> String {
    var out: [UInt8] = []
    let bytes = Array(line.utf8)
    var i = 0
    while i < bytes.count {
      if bytes[i] == 92, i + 4 <= bytes.count, bytes[(i + 1)..<(i + 4)].allSatisfy({ $0 >= 48 && $0 <= 55 }) {
        out.append(UInt8((Int(bytes[i + 1] - 48) << 6 | Int(bytes[i + 2] - 48) << 3 | Int(bytes[i + 3] - 48)) & 0xff))
        i += 4
      } else if bytes[i] == 92, i + 1 < bytes.count, bytes[i + 1] == 92 {
        out.append(92)
        i += 2
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
