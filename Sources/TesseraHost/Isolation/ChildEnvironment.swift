#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The environment a `tessera` child (an engine, a supervised `conform`) starts with: this
/// process's, plus how Swift's crash backtracer should behave there, unless the person set
/// `SWIFT_BACKTRACE` themselves. A C array of copies; the caller frees each entry.
enum ChildEnvironment {
  /// `backtrace`: the `SWIFT_BACKTRACE` value to add (`enable=no` for none).
  static func make(backtrace: String) -> [UnsafeMutablePointer<CChar>?] {
    var environment: [UnsafeMutablePointer<CChar>?] = []
    var index = 0
    while let entry = environ[index] {
      environment.append(strdup(entry))
      index += 1
    }
    if getenv("SWIFT_BACKTRACE") == nil { environment.append(strdup("SWIFT_BACKTRACE=" + backtrace)) }
    environment.append(nil)
    return environment
  }
}
