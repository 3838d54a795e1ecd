#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Ctrl-C while a command runs: the supervisor's SIGINT handler only raises a flag, which the
/// wait for the engine's answer checks at once (the signal cuts its `poll` short: Linux never
/// restarts `poll`). Other calls restart (SA_RESTART), so reading stdin is not disturbed.
///
/// SIGTERM and SIGHUP end the supervisor, but first take its engine down with it, so no engine
/// is left spinning in a plugin's endless loop.
public enum Interrupts {
  nonisolated(unsafe) static var pending: sig_atomic_t = 0
  /// The running engine's process id (0: none), for the SIGTERM/SIGHUP handler.
  nonisolated(unsafe) static var enginePID: pid_t = 0
  /// Set while piped input is awaited: Ctrl-C then ends the program, as it would any filter.
  nonisolated(unsafe) public static var endsWhenIdle: sig_atomic_t = 0

  /// Installs the handlers; ignores SIGPIPE and SIGXFSZ, whose failures are reported as errors
  /// instead.
  public static func install() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      if Interrupts.endsWhenIdle != 0 {
        if Interrupts.enginePID > 0 { kill(Interrupts.enginePID, SIGKILL) }
        _exit(130)
      }
      Interrupts.pending = 1
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(SIGINT, &action, nil)
    var ending = sigaction()
    ending.__sigaction_handler.sa_handler = { signal in
      // Only async-signal-safe calls: kill the engine, then die of the same signal.
      if Interrupts.enginePID > 0 { kill(Interrupts.enginePID, SIGKILL) }
      Glibc.signal(signal, SIG_DFL)
      raise(signal)
    }
    sigemptyset(&ending.sa_mask)
    ending.sa_flags = 0
    sigaction(SIGTERM, &ending, nil)
    sigaction(SIGHUP, &ending, nil)
    signal(SIGPIPE, SIG_IGN)
    // A write limit (ulimit -f) makes writes fail with EFBIG instead of killing the process,
    // so `check --update` can report it and leave the file as it was.
    signal(SIGXFSZ, SIG_IGN)
    // Started with them blocked (a parent's mask is inherited), Ctrl-C would never arrive.
    var wanted = sigset_t()
    sigemptyset(&wanted)
    for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&wanted, signal) }
    pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
  }

  /// Whether Ctrl-C was pressed since the last call; clears it.
  public static func take() -> Bool {
    guard pending != 0 else { return false }
    pending = 0
    return true
  }
}
