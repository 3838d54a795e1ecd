#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Ctrl-C while a command runs: the supervisor's SIGINT handler only raises a flag, which the
/// wait for the engine's answer checks at once (the signal also cuts its `poll` short).
public enum Interrupts {
  nonisolated(unsafe) static var pending: sig_atomic_t = 0

  /// Installs the handler (without SA_RESTART, so a blocking wait returns at once); ignores
  /// SIGPIPE and SIGXFSZ, whose failures are reported as errors instead.
  public static func install() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in Interrupts.pending = 1 }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    signal(SIGPIPE, SIG_IGN)
    // A write limit (ulimit -f) makes writes fail with EFBIG instead of killing the process,
    // so `check --update` can report it and leave the file as it was.
    signal(SIGXFSZ, SIG_IGN)
  }

  /// Whether Ctrl-C was pressed since the last call; clears it.
  public static func take() -> Bool {
    guard pending != 0 else { return false }
    pending = 0
    return true
  }
}
