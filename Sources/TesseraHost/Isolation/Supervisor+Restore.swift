#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// After an engine failed: the report that names what failed, a fresh engine, and the journal
/// (or the last checkpoint and what followed it) replayed into it.
extension Supervisor {
  /// The engine failed during `line`: say how, start a new one and replay the journal.
  func recover(from failed: EngineProcess, _ line: String, cause given: EngineFailure.Cause? = nil)
    -> Session.Outcome
  {
    var cause = given
    var lived = false
    if cause == nil {
      // The pipe closed or carried junk: the engine is ending, or a plugin broke its pipes. Give
      // it a moment to finish dying, then make sure.
      for _ in 0..<200 where !failed.hasEnded { usleep(5_000) }
      lived = !failed.hasEnded
    }
    failed.kill()
    let ending = failed.wait()
    if cause == nil {
      // Alive with a broken pipe, or ended as if asked to (its request pipe closed): the
      // connection broke, and whichever plugin ran last is the suspect.
      cause = lived || (ending == .exited(0) && status.callInFlight == nil) ? .brokenConnection : .ended(ending)
    }
    var report = EngineFailure(cause: cause!, inFlight: status.callInFlight)
    if cause == .ended(ending) { report.trap = Self.trap(of: failed, ending) }
    if cause == .brokenConnection {
      report.closedBy = status.pipesClosedByCall ? status.lastCall : nil
      report.callers = status.callersThisCommand
    }
    engine = nil
    let restored = restore()
    restarts += 1
    return failure(report.message + restored, kind: .pluginBug)
  }

  /// Starts a new engine and replays the journal; returns the end of the report sentence. A
  /// command whose replay takes the engine down is tried once more in a fresh engine (a flaky
  /// plugin may pass); one that still does not replay is dropped alone, the rest replayed after
  /// it, and the report names every command dropped.
  func restore() -> String {
    let statsBefore = stats
    var libraryNotes: [String] = []
    var lost: [(line: String, why: String)] = []
    var retried: Set<Int> = []
    var dropped: Set<Int> = []
    while true {
      let fresh: EngineProcess
      do {
        let notes: [String]
        (fresh, notes) = try startReady(showingWarnings: false)
        libraryNotes += notes
      } catch {
        let count = journal.count
        journal = []
        return
          "; a new engine could not be started (\(error.message)): the session starts afresh, its \(count) commands lost"
      }
      engine = fresh
      switch replay(into: fresh, skipping: dropped) {
      case .done(let failedAlone, let notes):
        libraryNotes += notes
        for (index, why) in failedAlone {
          dropped.insert(index)
          lost.append((journal[index].line, why))
        }
        journal = journal.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
        if lost.isEmpty { handBack(stats: statsBefore, to: fresh) }
        return Self.restoreReport(lost: lost, kept: journal.count) + libraryNotes.map { "; \($0)" }.joined()
      case .engineEnded(let index, let why):
        fresh.kill()
        fresh.wait()
        engine = nil
        if retried.insert(index).inserted { continue }
        // A checkpoint whose layout no longer comes back loses that layout alone.
        if let layoutLine = journal[index].checkpointLayout, !journal[index].withoutLayout {
          journal[index].withoutLayout = true
          lost.append((layoutLine, why))
          continue
        }
        dropped.insert(index)
        lost.append((journal[index].line, why))
      }
    }
  }

  /// Gives a restored engine the plugin-call counts the session had (replay skipped queries).
  func handBack(stats encoded: String, to fresh: EngineProcess) {
    guard !encoded.isEmpty, fresh.send(EngineFrame("stats", [Array(encoded.utf8)])) else { return }
    if case .ready = fresh.waitForResponse(watchdog: watchdog, heartbeat: { status.heartbeat }, interrupted: { false })
    {
      _ = fresh.reader.next()
      stats = encoded
    }
  }

  /// The end of the report sentence after a restore that dropped `lost` and kept `kept`.
  static func restoreReport(lost: [(line: String, why: String)], kept: Int) -> String {
    guard !lost.isEmpty else { return "; the session is as it was before this command" }
    let named = lost.map { "'\($0.line.quotedPrefix)' (\($0.why))" }.joined(separator: "; ")
    let count = lost.count == 1 ? "1 command" : "\(lost.count) commands"
    return
      "; restoring the session lost \(count): \(named); the session holds the other \(kept) commands, in order"
  }

  enum ReplayEnding {
    /// Every command replayed but these, which failed in a living engine (rolled back there);
    /// `notes`: what the checkpoint's restore said it could not take up (a layout's motion).
    case done(failedAlone: [(Int, String)], notes: [String])
    /// The engine ended (or hung) during the command at this index.
    case engineEnded(Int, String)
  }

  /// Replays the journal, but the `skipping` entries, into `fresh`.
  func replay(into fresh: EngineProcess, skipping: Set<Int>) -> ReplayEnding {
    var failedAlone: [(Int, String)] = []
    var notes: [String] = []
    for (index, entry) in journal.enumerated() where !skipping.contains(index) {
      let frame =
        entry.checkpoint.map {
          EngineFrame("restore-checkpoint", [Array($0.utf8)] + (entry.withoutLayout ? [Array("no layout".utf8)] : []))
        }
        ?? EngineFrame(
          "replay", [Array(entry.line.utf8), EngineFrame.encodePairs(entry.reads.map { ($0.path, $0.snapshot) })])
      guard fresh.send(frame) else { return .engineEnded(index, ended(fresh)) }
      // Each command gets at least the time it had when it ran; Ctrl-C cannot cut a restore
      // short (it would lose the rest of the session).
      let limit = entry.watchdog * 2 + 1
      switch fresh.waitForResponse(
        watchdog: limit, memoryLimit: memoryLimitBytes, heartbeat: { status.heartbeat }, interrupted: { false })
      {
      case .ready:
        guard let reply = fresh.reader.next(), reply.verb == "done" else { return .engineEnded(index, ended(fresh)) }
        update(from: reply)
        if reply.flag("failed") { failedAlone.append((index, "it failed this time")) }
        if entry.checkpoint != nil, !reply.flag("failed"), !reply.string(0).isEmpty { notes.append(reply.string(0)) }
      case .timedOut:
        return .engineEnded(
          index, EngineFailure(cause: .timedOut(seconds: limit), inFlight: status.callInFlight).message)
      case .interrupted:
        return .engineEnded(index, "interrupted (Ctrl-C)")
      case .ended:
        return .engineEnded(index, ended(fresh))
      case .overMemory:
        fresh.kill()
        return .engineEnded(
          index,
          EngineFailure(
            cause: .exceededMemory(gigabytes: configuration.memoryLimitGigabytes), inFlight: status.callInFlight
          ).message)
      }
    }
    return .done(failedAlone: failedAlone, notes: notes)
  }

  func ended(_ process: EngineProcess) -> String {
    for _ in 0..<200 where !process.hasEnded { usleep(5_000) }
    process.kill()
    let ending = process.wait()
    var report = EngineFailure(cause: .ended(ending), inFlight: status.callInFlight)
    report.trap = Self.trap(of: process, ending)
    return report.message
  }

  /// The trap message a crashed engine printed (Swift's `Fatal error: …`), once what it wrote has
  /// been read (at most a second's wait: a plugin's fork may hold the pipe open).
  static func trap(of process: EngineProcess, _ ending: EngineProcess.Ending) -> String? {
    guard case .signalled = ending else { return nil }
    return process.errors?.trap(waiting: 1)
  }
}
