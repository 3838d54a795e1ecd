#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reading text files without Foundation; errors name the path as the person typed it.
enum TextFile {
  static func read(_ path: String, shownAs shown: String) throws(HostError) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else { throw HostError("cannot read \(shown): no such file") }
    guard (info.st_mode & S_IFMT) != S_IFDIR else { throw HostError("cannot read \(shown): it is a folder") }
    guard let file = fopen(path, "rb") else {
      throw HostError("cannot read \(shown): \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count == 0 { break }
      bytes.append(contentsOf: buffer[0..<count])
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw HostError("cannot read \(shown): it is not UTF-8 text")
    }
    return text
  }

  static func write(_ text: String, to path: String) throws(HostError) {
    guard let file = fopen(path, "wb") else {
      throw HostError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    let bytes = Array(text.utf8)
    guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw HostError("cannot write \(path)") }
  }

  /// The folder part of a path ("." for a bare name).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
