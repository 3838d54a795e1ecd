#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension PrivateDirectory {
  /// Writes a copy of the plugin library `original` (its `bytes`) into a folder of its own inside
  /// this one, beside symbolic links to the shared libraries that sit beside the original. A
  /// library linked against a neighbour (`libTesseraFlow.so`, with an `$ORIGIN` run path, as
  /// SwiftPM builds them) finds it beside the copy just as beside the original; the dynamic
  /// linker opens only the neighbours the library names, nothing else is run. Returns the
  /// copy's path.
  public func writeLibrary(_ bytes: [UInt8], copyOf original: String) throws(HostError) -> String {
    let name = original.split(separator: "/").last.map(String.init) ?? "plugin.so"
    var folder = freshName(name)
    while mkdir(folder, 0o700) != 0 {
      guard errno == EEXIST else {
        throw HostError(
          .io, "cannot make a folder for a copy of \(name) in the private folder: \(String(cString: strerror(errno)))")
      }
      folder = freshName(name)
    }
    let copy = folder + "/" + name
    try Self.finishWriting(
      open(copy, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600), bytes, to: copy,
      what: "a copy of \(name)")
    let originalFolder = FileAccess.realPath(Self.folder(of: original)) ?? Self.folder(of: original)
    for neighbour in Directory.entries(of: originalFolder) where neighbour != name && Self.isSharedLibrary(neighbour) {
      // A neighbour that cannot be linked (a name taken) is simply not found later, with the
      // dynamic linker's own message.
      _ = symlink(originalFolder + "/" + neighbour, folder + "/" + neighbour)
    }
    return copy
  }

  /// `lib…so` or `lib…so.N…`.
  package static func isSharedLibrary(_ name: String) -> Bool {
    name.hasSuffix(".so") || name.contains(".so.")
  }

  package static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
