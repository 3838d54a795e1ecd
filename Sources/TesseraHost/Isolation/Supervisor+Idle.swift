/// Between commands: the engine is watched (`IdleWatch`), and whatever failed there is restored
/// before the next use of the engine, which then runs as if nothing had happened.
extension Supervisor {
  /// Runs `body`, which talks to the engine, with the watch paused: first restores the session
  /// when the engine failed since the last use (said on standard error, never blamed on what
  /// runs now), then watches again.
  func attending<T>(_ body: () -> T) -> T {
    let finding = idleWatch?.pause()
    if let engine, finding != nil || engine.hasEnded {
      recoverBetweenCommands(engine, finding: finding)
    }
    defer { watchBetweenCommands() }
    engine?.errors?.commandBegins()
    return body()
  }

  /// Starts watching the engine as it is now (none: nothing to watch).
  func watchBetweenCommands() {
    guard let engine, let idleWatch else { return }
    idleWatch.watch(
      IdleWatch.Watched(
        pid: engine.pid, responses: engine.responses, memoryLimit: memoryLimitBytes, errors: engine.errors))
  }

  /// The engine failed between commands (`finding`: as the watch saw it and said, or nil when it
  /// was found ended only now): reap it, restore the session, and say what happened unless the
  /// watch did and the restore kept everything.
  private func recoverBetweenCommands(_ failed: EngineProcess, finding: IdleWatch.Finding?) {
    failed.kill()
    let ending = failed.wait()
    let report = Self.betweenCommandsReport(
      finding ?? .ended(ending), trap: Self.trap(of: failed, ending), gigabytes: configuration.memoryLimitGigabytes)
    engine = nil
    let restored = restore()
    let clean = restored == Self.restoreReport(lost: [], kept: 0)
    if finding == nil || !clean {
      let end = clean ? "; the session is restored as it was" : restored
      _ = FileDescriptorIO.writeAll(2, Array("tessera: \(report.message)\(end)\n".utf8))
    }
  }

  /// The report of what the watch saw.
  static func betweenCommandsReport(_ finding: IdleWatch.Finding, trap: String?, gigabytes: Double = 0)
    -> EngineFailure
  {
    let cause: EngineFailure.Cause
    switch finding {
    case .ended(let ending): cause = .ended(ending)
    case .overMemory: cause = .exceededMemory(gigabytes: gigabytes)
    case .wrote: cause = .brokenConnection
    }
    var report = EngineFailure(cause: cause, inFlight: nil)
    report.betweenCommands = true
    report.trap = trap
    return report
  }

  /// What the watch says at once, on standard error, when it sees a failure.
  static func announcer(gigabytes: Double) -> @Sendable (IdleWatch.Finding, IdleWatch.Watched) -> Void {
    { finding, watched in
      var trap: String? = nil
      if case .ended(.signalled) = finding { trap = watched.errors?.trap(waiting: 1) }
      let report = betweenCommandsReport(finding, trap: trap, gigabytes: gigabytes)
      _ = FileDescriptorIO.writeAll(
        2, Array("tessera: \(report.message); the session is restored before the next command\n".utf8))
    }
  }
}
