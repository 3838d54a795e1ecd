#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Work on a thread of its own: detached, for as long as it takes (a reader of a pipe, a
/// watcher), or spawned for the caller to join (`BackgroundJob`). One place starts pthreads.
package enum DetachedThread {
  private final class Work {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  /// Starts `body`; false when no thread can be started (nothing runs then).
  package static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    guard let thread = spawn(body) else { return false }
    pthread_detach(thread)
    return true
  }

  /// Starts `body` on a thread the caller joins or detaches; nil when none can be started
  /// (nothing runs then).
  package static func spawn(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
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
      return nil
    }
    return thread
  }
}
