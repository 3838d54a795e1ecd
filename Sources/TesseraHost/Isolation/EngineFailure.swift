#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Why an engine stopped answering, and the sentence that tells a person so: which plugin was
/// running, in which call, and how it ended.
struct EngineFailure: Equatable {
  enum Cause: Equatable {
    case ended(EngineProcess.Ending)
    case timedOut(seconds: Double)
    case interrupted
    /// It held more memory than the limit (in gigabytes) and was stopped.
    case exceededMemory(gigabytes: Double)
    /// Its pipes to the supervisor broke (closed, or junk written on them) while it lived on,
    /// or it ended as if told to: a plugin touched descriptors it did not open.
    case brokenConnection
  }

  var cause: Cause
  /// The plugin call in flight (`plugin 'x' (layout 'y')`, `prepare`), if any.
  var inFlight: (caller: String, call: String)?
  /// For a broken connection: the plugin call that left the engine's pipes closed, if one did.
  var closedBy: (caller: String, call: String)? = nil
  /// For a crash: the trap's message as Swift printed it (`File.swift:22: Fatal error: …`), when
  /// the engine printed one.
  var trap: String? = nil
  /// For a broken connection: the plugins the command called.
  var callers: [String] = []
  /// Seen between commands (`IdleWatch`): no command was running, so none is blamed.
  var betweenCommands = false

  /// Signals no crash raises: sent from outside Tessera (the kernel's out-of-memory killer sends
  /// SIGKILL), or by a plugin to its own process.
  static let outsideSignals: Set<Int32> = [SIGKILL, SIGTERM, SIGHUP, SIGINT, SIGQUIT]

  static func == (a: EngineFailure, b: EngineFailure) -> Bool {
    a.cause == b.cause && a.inFlight?.caller == b.inFlight?.caller && a.inFlight?.call == b.inFlight?.call
  }

  /// E.g. `plugin 'evil' crashed in prepare (SIGSEGV)`, or with a trap's message `… crashed in
  /// prepare (SIGILL): MyLayout.swift:22: Fatal error: …`.
  var message: String {
    if betweenCommands { return betweenCommandsMessage }
    let during = inFlight.map { $0.call == "load" ? "while loading" : "in \($0.call)" }
    switch cause {
    case .ended(.signalled(let signal)) where Self.outsideSignals.contains(signal):
      let why = "a signal no crash raises: the kernel's out-of-memory killer, a kill"
      guard let inFlight, let during else {
        return
          "the engine was stopped by \(Self.signalName(signal)) outside any plugin call (\(why) from outside Tessera)"
      }
      return "\(inFlight.caller) was stopped by \(Self.signalName(signal)) \(during) (\(why), or the plugin itself)"
    case .ended(.signalled(let signal)):
      let said = trap.map { ": " + String($0.prefix(400)) } ?? ""
      guard let inFlight, let during else {
        return
          "the engine crashed (\(Self.signalName(signal))\(said.isEmpty ? "" : ",\(said.dropFirst())")) outside any plugin call: a thread a plugin started, or a bug in Tessera (please report it with the commands that led here)"
      }
      return "\(inFlight.caller) crashed \(during) (\(Self.signalName(signal)))\(said)"
    case .ended(.exited(let status)):
      guard let inFlight, let during else {
        return
          "the engine exited with status \(status) outside any plugin call: a bug in Tessera, please report it with the commands that led here"
      }
      return "\(inFlight.caller) exited with status \(status) \(during) (a plugin must not call exit)"
    case .timedOut(let seconds):
      let limit = "within \(formatNumber(seconds)) s (the watchdog: 'watchdog SECONDS' changes it)"
      guard let inFlight else { return "the command did not finish \(limit)" }
      return "\(inFlight.caller) did not return from \(inFlight.call == "load" ? "loading" : inFlight.call) \(limit)"
    case .interrupted:
      guard let inFlight, let during else { return "interrupted (Ctrl-C)" }
      return "\(inFlight.caller) was interrupted \(during) (Ctrl-C)"
    case .brokenConnection:
      if let closedBy {
        return
          "\(closedBy.caller) closed the engine's pipes to the supervisor in \(closedBy.call): a plugin must not close descriptors it did not open"
      }
      if let inFlight {
        return
          "the engine's pipes to the supervisor broke while \(inFlight.caller) ran \(inFlight.call): a plugin must not close, read or write descriptors it did not open"
      }
      guard !callers.isEmpty else {
        return
          "the engine's connection broke outside any plugin call: a bug in Tessera, please report it with the commands that led here"
      }
      let named = callers.count == 1 ? callers[0] : callers.dropLast().joined(separator: ", ") + " or " + callers.last!
      return
        "the engine's answer was cut or corrupted by \(named), called during this command: a plugin must not close, read or write descriptors it did not open"
    case .exceededMemory(let gigabytes):
      let limit = "the memory limit of \(MemoryLimit.describe(gigabytes)) (--memory-limit changes it)"
      guard let inFlight, let during else { return "the command went past \(limit)" }
      return "\(inFlight.caller) went past \(limit) \(during)"
    }
  }

  /// What happened while no command ran: no command is blamed, and a crash there is a thread a
  /// plugin started (the engine's own work happens only during commands).
  private var betweenCommandsMessage: String {
    let thread = "a thread a plugin started"
    switch cause {
    case .ended(.signalled(let signal)) where Self.outsideSignals.contains(signal):
      return
        "between commands the engine was stopped by \(Self.signalName(signal)): a signal from outside Tessera (the kernel's out-of-memory killer, or a kill)"
    case .ended(.signalled(let signal)):
      let said = trap.map { ": " + String($0.prefix(400)) } ?? ""
      return "between commands the engine crashed (\(Self.signalName(signal))) in no plugin call: \(thread)\(said)"
    case .ended(.exited(let status)):
      return
        "between commands the engine exited with status \(status) in no plugin call: \(thread) called exit (a plugin must not)"
    case .exceededMemory(let gigabytes):
      return
        "between commands the engine went past the memory limit of \(MemoryLimit.describe(gigabytes)) (--memory-limit changes it): \(thread), allocating in the background; it was stopped"
    case .brokenConnection:
      return
        "between commands something in the engine wrote on its pipes to the supervisor: \(thread) (a plugin must not write to descriptors it did not open); it was stopped"
    case .timedOut, .interrupted:
      return "between commands the engine stopped"
    }
  }

  static func signalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [
      1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE",
      9: "SIGKILL", 10: "SIGUSR1", 11: "SIGSEGV", 12: "SIGUSR2", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM",
      24: "SIGXCPU", 25: "SIGXFSZ", 31: "SIGSYS",
    ]
    return names[signal] ?? "signal \(signal)"
  }
}
