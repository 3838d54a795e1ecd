#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Work that runs on a thread of its own for as long as it takes, never joined: a reader of a
/// pipe, a watcher. (`BackgroundJob` is the one to join.)
package enum DetachedThread {
  private final class Work {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  /// Starts `body`; false when no thread can be started (nothing runs then).
  package static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    let work = Unmanaged.passRetained(Work(body))
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        Unmanaged<Work>.fromOpaque(raw).takeRetainedValue().body()
        return nil
      }, work.toOpaque())
    guard started == 0 else {
      work.release()
      return false
    }
    pthread_detach(thread)
    return true
  }
}
