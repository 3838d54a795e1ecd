import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The engine: a workbench session in a process of its own, answering the supervisor's frames
/// (see `EngineFrame`) until its request pipe closes. Plugins run here, so when one crashes,
/// hangs or exits, only this process goes; the supervisor reports the call that was in flight
/// and starts another engine.
public enum EngineServer {
  /// Serves `session` on the two descriptors; returns when the supervisor hangs up.
  public static func serve(_ session: Session, requests: Int32, responses: Int32) {
    let reader = EngineFrameReader(fd: requests)
    while let request = reader.next() {
      let reply: EngineFrame
      switch request.verb {
      case "exec":
        // A command from the live view's page reads and writes files as a session file may.
        if request.blobs.count > 1, request.string(1) == "restricted" {
          let policy = session.files.policy
          session.files.policy = .restricted(roots: SessionScript.readableRoots([]))
          reply = run(session, request.string(0), replaying: [:], quiet: false)
          session.files.policy = policy
        } else {
          reply = run(session, request.string(0), replaying: [:], quiet: false)
        }
      case "replay":
        let reads = Dictionary(
          EngineFrame.decodePairs(request.blobs.count > 1 ? request.blobs[1] : []), uniquingKeysWith: { a, _ in a })
        reply = run(session, request.string(0), replaying: reads, quiet: true)
      case "stats":
        // After a restore: the plugin-call counts as they were (replay skips queries, which count).
        if let stats = PluginCallStats(encoded: request.string(0)) { session.layout?.stats = stats }
        reply = EngineFrame("done", [[], []])
      case "checkpoint":
        // The state written down (`WorkbenchState+Checkpoint`), or why it cannot be now.
        do throws(HostError) {
          guard let folder = session.files.snapshots else { throw HostError("no private folder") }
          let (file, data) = try session.state.writeCheckpoint(into: folder, force: request.blobs.count > 0)
          reply = EngineFrame(
            "checkpoint", [Array(file.utf8), Array((session.state.layoutLine ?? "").utf8), Array(data.utf8)])
        } catch {
          reply = EngineFrame("blocked", [Array(error.message.utf8)])
        }
      case "restore-checkpoint":
        // Its output: what the restore report adds (the layout's motion lost), if anything.
        var outcome = Session.Outcome(output: nil, failed: false)
        do throws(HostError) {
          let note = try session.state.restoreCheckpoint(request.string(0), withoutLayout: request.blobs.count > 1)
          outcome = Session.Outcome(output: note, failed: false)
        } catch {
          outcome = Session.Outcome(output: "error: \(error.message)", failed: true)
        }
        reply = done(session, outcome, query: false, quiet: outcome.failed)
      case "hello":
        reply = EngineFrame("ready", [])  // its libraries are loaded
      case "view":
        // The live view's look at the session (`Session.liveView`): not a command.
        let request = request.blobs.isEmpty ? .scene : Session.LiveRequest(request.string(0))
        reply = EngineFrame("view", [Array((request.map(session.liveView) ?? #"{"error": "unknown request"}"#).utf8)])
      case "complete":
        let candidates = Completer.candidates(for: request.string(0), session: session)
        reply = EngineFrame("candidates", [Array(candidates.joined(separator: "\n").utf8)])
      default:
        reply = EngineFrame("unknown", [Array(request.verb.utf8)])
      }
      guard FileDescriptorIO.writeAll(responses, reply.encoded) else { return }
    }
  }

  static func run(_ session: Session, _ line: String, replaying reads: [String: String], quiet: Bool) -> EngineFrame {
    session.files.beginCommand(replaying: reads, isReplay: quiet)
    let query = session.isQuery(line)
    let movesBounds = session.onlyMovesBounds(line)
    var reply = done(session, session.perform(line), query: query, quiet: quiet)
    if movesBounds { reply.meta["bounds"] = "1" }
    return reply
  }

  /// The answer to a command: its output (none when `quiet`), the files it read, and the
  /// session's settings the supervisor follows.
  static func done(_ session: Session, _ outcome: Session.Outcome, query: Bool, quiet: Bool) -> EngineFrame {
    let output = quiet ? [] : Array((outcome.output ?? "").utf8)
    return EngineFrame(
      "done", [output, EngineFrame.encodePairs(session.files.reads)],
      meta: [
        "failed": outcome.failed ? "1" : "0", "quiet": outcome.output == nil ? "1" : "0", "query": query ? "1" : "0",
        "quit": session.wantsToQuit ? "1" : "0", "batch": session.isCollectingBatch ? "1" : "0",
        "format": session.format.rawValue, "watchdog": String(Int((session.watchdogSeconds * 1000).rounded())),
        "stats": session.layout?.stats.encoded ?? "",
      ])
  }
}

extension EngineServer {
  /// Ends the engine when its supervisor is gone (killed with SIGKILL, say): a plugin stuck in
  /// an endless loop would otherwise spin on, orphaned, forever.
  public static func exitWhenOrphaned() {
    let parent = getppid()
    DispatchQueue.global(qos: .utility).async {
      while true {
        sleep(1)
        if getppid() != parent { _exit(3) }
      }
    }
  }
}
