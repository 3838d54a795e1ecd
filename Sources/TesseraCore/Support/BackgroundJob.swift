#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Work run on a thread of its own, waited for with `join`: a write that overlaps the work after
/// it on another core. When no thread can be started the work runs at once, on the caller's.
package final class BackgroundJob {
  private var thread: pthread_t?

  package init(_ body: @escaping @Sendable () -> Void) {
    thread = DetachedThread.spawn(body)
    if thread == nil { body() }
  }

  /// Returns when the work is done (at once if it already is, or was joined before).
  package func join() {
    guard let thread else { return }
    pthread_join(thread, nil)
    self.thread = nil
  }

  deinit { join() }
}
