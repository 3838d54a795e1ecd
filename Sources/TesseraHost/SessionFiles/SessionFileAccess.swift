#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where `check` may read and rewrite the session files themselves. Without `--trust` a file is
/// taken only where it really is under a folder being checked: a `*.session` link that leads
/// out of them (to a credentials file, say) is neither printed into a diff nor rewritten.
enum SessionFileAccess {
  /// The file's real path (links resolved), refused when `roots` are given and it lies outside
  /// them.
  static func resolve(_ path: String, under roots: [String]?) throws(HostError) -> String {
    guard let real = FileAccess.realPath(path) else { throw HostError(.io, "cannot read \(path): no such file") }
    guard let roots else { return real }
    guard roots.contains(where: { real == $0 || real.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else {
      throw HostError(
        .refused,
        "refused: \(path) leads to \(real.escapingAllControls), outside the folders being checked (\(roots.map(\.escapingAllControls).joined(separator: ", "))); nothing was read or written: run with --trust to follow it"
      )
    }
    return real
  }

  /// Refuses to update a golden file nobody may write (mode without write bits: kept read-only
  /// on purpose), or one in a folder where no file can be renamed over it.
  static func checkWritable(_ real: String, shownAs shown: String) throws(HostError) {
    var info = stat()
    guard stat(real, &info) == 0 else { throw HostError(.io, "cannot update \(shown): it cannot be read") }
    if info.st_mode & 0o222 == 0 {
      throw HostError(
        .refused,
        "cannot update \(shown): it is read-only (mode \(String(info.st_mode & 0o7777, radix: 8))); make it writable (chmod u+w) to update it; the file is unchanged"
      )
    }
  }
}
