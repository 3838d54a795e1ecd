#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The person's side of a session: it holds no workbench itself, but sends each command to an
/// engine process (see `EngineServer`) and prints what comes back. It keeps a journal of every
/// command that succeeded and changed the session, with snapshots of the files each one read;
/// every `checkpointInterval` commands the engine's checkpoint replaces the journal so far. When the engine crashes,
/// exits, hangs past the watchdog or is interrupted with Ctrl-C, the supervisor names the plugin
/// call that was in flight and how it ended, starts a new engine and replays the journal into
/// it, so the session is exactly as it was before the command that failed.
///
/// ```
///  REPL / run / check ──line──▶ Supervisor ──exec──▶ engine (Session, plugins)
///        ◀──output──                ◀──done─── (journal += line, files read)
///                                 engine died? → report, respawn, replay journal
/// ```
public final class Supervisor: CommandRunner {
  /// How to start engines.
  public struct Configuration: Sendable {
    /// The `tessera` executable (the engine is the same program).
    public var executable: String
    public var pluginPaths: [String] = []
    /// Relative paths resolve against this folder (a session file's, under `check`).
    public var baseDirectory = "."
    /// nil: commands may read any file; otherwise only under these folders, and plugins load
    /// by path only with trust (`run` and `check` without `--trust`).
    public var readableRoots: [String]? = nil
    /// Seconds one command may run without progress (the `watchdog` command changes it).
    public var watchdogSeconds = 10.0
    /// Seconds of commands a restore replays at most after the last checkpoint (see
    /// `Supervisor.replayBudget`).
    public var replayBudgetSeconds = Supervisor.replayBudget
    /// Gigabytes the engine may hold (`MemoryLimit`).
    public var memoryLimitGigabytes = MemoryLimit.defaultGigabytes
    /// Whether the engine prints plugin-loading warnings (only the first engine does).
    public var showsWarnings = true
    /// Whether a crashing engine prints Swift's backtrace on stderr (the REPL's does, shortened;
    /// `run` and `check` say only which plugin call crashed). `SWIFT_BACKTRACE` overrides it.
    public var showsBacktraces = false

    public init(executable: String) {
      self.executable = executable
    }
  }

  public struct JournalEntry: Sendable {
    public var line: String
    /// Each file the command read, and the snapshot of the bytes it read.
    public var reads: [(path: String, snapshot: String)]
    /// The watchdog it ran under: replay gives it at least as long (twice, plus a second).
    public var watchdog: Double
    /// For the entry that stands for every command before it: the engine's checkpoint file
    /// (`WorkbenchState+Checkpoint`), taken up instead of replaying them.
    public var checkpoint: String? = nil
    /// How many of the person's commands it stands for.
    public var commands = 1
    /// For a checkpoint: the `layout` command of its layout, and whether it is restored without
    /// it (a layout that no longer comes back is lost alone).
    public var checkpointLayout: String? = nil
    public var withoutLayout = false
    /// For a checkpoint: its data file (removed with the checkpoint when a newer one replaces it).
    public var checkpointData: String? = nil
    /// Whether it only moved the bounds (`Session.onlyMovesBounds`): the next such entry replaces it.
    public var onlyMovesBounds = false
    /// Seconds it took when it ran (a replay takes about as long).
    public var seconds = 0.0
  }

  /// Commands journaled after the last checkpoint before the next is asked for: a restore
  /// replays at most about this many, however long the session.
  public static let checkpointInterval = 128
  /// When the engine could not take one (a batch being typed, say), commands before it asks again.
  static let checkpointRetry = 16
  /// A restore replays at most about this many seconds of commands (as long as they took when
  /// they ran) after the last checkpoint, or three times what the last checkpoint took to write
  /// if that is more (so that writing checkpoints costs at most a quarter of the session's time):
  /// past it a checkpoint is taken even when it gives up something (a drawable batch memo, a
  /// layout's own motion), whatever the count.
  public static let replayBudget = 2.0

  public let configuration: Configuration
  public let folder: PrivateDirectory
  public internal(set) var journal: [JournalEntry] = []
  public private(set) var wantsToQuit = false
  public private(set) var wasInterrupted = false
  public private(set) var isCollectingBatch = false
  public private(set) var isJSON = false
  /// How many times an engine failed under a command and was replaced (the live view's banner).
  public internal(set) var restarts = 0
  /// Whether the last command only read the session (a query: `visible`, `size`, `dump` …).
  public private(set) var onlyRead = false
  var watchdog: Double
  /// Journal entries after which the next checkpoint is asked for.
  private var nextCheckpointAt = Supervisor.checkpointInterval
  /// Journal entries before which a checkpoint is not asked for again for time (after one was
  /// refused: a batch being typed).
  private var nextTimedCheckpointAt = 0
  /// Seconds the last checkpoint took (asked, written, answered).
  private var lastCheckpointSeconds = 0.0
  /// The current layout's plugin-call counts after the last command, encoded
  /// (`PluginCallStats.encoded`): a restore hands them back, queries included.
  var stats = ""
  var engine: EngineProcess?
  /// The plugin libraries found when the session started: every engine loads exactly these, so
  /// a library added to a plugin folder later cannot change what a restore replays.
  private var libraries: [String]
  let status: EngineStatus
  /// Libraries on the plugin path that took an engine down (or hung it) while loading: skipped
  /// from then on, each said once — in `startupNotes` when found at the start, in the report of
  /// the restore that found it otherwise.
  public private(set) var quarantined: [(path: String, why: String)] = []
  /// What the start found to say (libraries quarantined), for the caller to print as warnings.
  public private(set) var startupNotes: [String] = []
  /// The least time an engine is given to start (see `startReady`).
  static let startPatience = 5.0
  /// Watches the engine between commands (nil when its thread could not start).
  let idleWatch: IdleWatch?

  public init(_ configuration: Configuration) throws(HostError) {
    self.configuration = configuration
    folder = try PrivateDirectory()
    status = try EngineStatus(path: folder.path + "/engine-status", create: true)
    watchdog = configuration.watchdogSeconds
    libraries = PluginRegistry.standardLibraries(
      executableFolder: TextFile.folder(of: configuration.executable), pluginPaths: configuration.pluginPaths
    ).map(\.path)
    idleWatch = IdleWatch.start(announce: Self.announcer(gigabytes: configuration.memoryLimitGigabytes))
    let (first, notes) = try startReady(showingWarnings: configuration.showsWarnings)
    engine = first
    startupNotes = notes
    watchBetweenCommands()
  }

  deinit {
    idleWatch?.stop()
  }

  /// Starts an engine and waits until it has loaded its libraries. A library that takes it
  /// down or hangs it while loading is quarantined and the engine started again without it;
  /// returns the engine and a note for each library quarantined.
  /// Starting the engine (an exec, the Swift runtime, every plugin library) gets the watchdog but
  /// never less than `startPatience`: a watchdog of 0.1 s is for commands, and a loaded machine
  /// can take longer than that just to start a process.
  func startReady(showingWarnings: Bool) throws(HostError) -> (EngineProcess, [String]) {
    var notes: [String] = []
    let watchdog = max(self.watchdog, Self.startPatience)
    while true {
      let fresh = try start(showingWarnings: showingWarnings && notes.isEmpty)
      guard fresh.send(EngineFrame("hello", [])) else {
        notes.append(try quarantine(after: fresh, cause: nil))
        continue
      }
      switch fresh.waitForResponse(
        watchdog: watchdog, memoryLimit: memoryLimitBytes, heartbeat: { status.heartbeat }, interrupted: { false })
      {
      case .ready:
        guard let reply = fresh.reader.next(), reply.verb == "ready" else {
          notes.append(try quarantine(after: fresh, cause: nil))
          continue
        }
        return (fresh, notes)
      case .ended, .interrupted:
        notes.append(try quarantine(after: fresh, cause: nil))
      case .timedOut:
        notes.append(try quarantine(after: fresh, cause: .timedOut(seconds: watchdog)))
      case .overMemory:
        notes.append(
          try quarantine(after: fresh, cause: .exceededMemory(gigabytes: configuration.memoryLimitGigabytes)))
      }
    }
  }

  /// The engine `failed` before it was ready: when a library's load was in flight, that library
  /// is taken off the list and the note says so; otherwise the engine cannot start.
  private func quarantine(after failed: EngineProcess, cause given: EngineFailure.Cause?) throws(HostError) -> String {
    if given == nil { for _ in 0..<200 where !failed.hasEnded { usleep(5_000) } }
    failed.kill()
    let ending = failed.wait()
    let inFlight = status.callInFlight
    var report = EngineFailure(cause: given ?? .ended(ending), inFlight: inFlight)
    report.trap = Self.trap(of: failed, ending)
    guard let inFlight, inFlight.call == "load", inFlight.caller.hasPrefix("plugin "),
      let index = libraries.firstIndex(of: String(inFlight.caller.dropFirst("plugin ".count)))
    else { throw HostError("the engine did not start: \(report.message)") }
    let path = libraries.remove(at: index)
    quarantined.append((path, report.message))
    return "\(report.message): skipped from now on (remove it from the plugin path)"
  }

  private func start(showingWarnings: Bool) throws(HostError) -> EngineProcess {
    status.reset()
    var engine = EngineArguments(privateFolder: folder.path, statusPage: folder.path + "/engine-status")
    engine.base = configuration.baseDirectory
    engine.watchdog = configuration.watchdogSeconds
    engine.pluginPaths = configuration.pluginPaths
    engine.fixedLibraries = true
    engine.libraries = libraries
    if let roots = configuration.readableRoots {
      engine.restricted = true
      engine.readableRoots = roots
    }
    engine.quiet = !showingWarnings
    return try EngineProcess(
      executable: configuration.executable, arguments: engine.arguments, backtraces: configuration.showsBacktraces)
  }

  /// Runs one command in the engine; if the engine fails, reports it, restores the session
  /// and answers with the report as the command's error.
  public func perform(_ line: String) -> Session.Outcome {
    perform(line, asSessionFile: false)
  }

  /// The same; `asSessionFile` reads and writes files only as a session file may (the live
  /// view's command box).
  public func perform(_ line: String, asSessionFile: Bool) -> Session.Outcome {
    attending { run(line, asSessionFile: asSessionFile) }
  }

  private func run(_ line: String, asSessionFile: Bool) -> Session.Outcome {
    wasInterrupted = false
    guard let engine else { return failure("no engine is running (it could not be restarted)", kind: .io) }
    let frame = EngineFrame("exec", [Array(line.utf8)] + (asSessionFile ? [Array("restricted".utf8)] : []))
    guard engine.send(frame) else { return recover(from: engine, line) }
    let ranUnder = watchdog
    let started = EngineProcess.now()
    switch engine.waitForResponse(
      watchdog: watchdog, memoryLimit: memoryLimitBytes, heartbeat: { status.heartbeat }, interrupted: Interrupts.take)
    {
    case .ready:
      guard let reply = engine.reader.next(), reply.verb == "done" else { return recover(from: engine, line) }
      update(from: reply)
      // A query changed nothing to restore; replaying it could crash a flaky plugin again.
      if !reply.flag("failed") && !reply.flag("quit") && !reply.flag("query") {
        let entry = JournalEntry(
          line: line, reads: EngineFrame.decodePairs(reply.blobs.count > 1 ? reply.blobs[1] : []).map { ($0, $1) },
          watchdog: max(ranUnder, watchdog), onlyMovesBounds: reply.flag("bounds"),
          seconds: EngineProcess.now() - started)
        // A scroll after a scroll: only where the bounds ended needs replaying.
        if entry.onlyMovesBounds, let last = journal.last, last.onlyMovesBounds {
          var entry = entry
          entry.commands = last.commands + 1
          journal[journal.count - 1] = entry
        } else {
          journal.append(entry)
        }
        if journal.count >= nextCheckpointAt || (replayIsLong && journal.count >= nextTimedCheckpointAt) {
          compactJournal(engine)
        }
      }
      return Session.Outcome(output: reply.flag("quiet") ? nil : reply.string(0), failed: reply.flag("failed"))
    case .timedOut:
      // A crashing engine runs Swift's backtracer before it ends, which can outlast a short
      // watchdog: report the crash, not a hang.
      if engine.isCrashing {
        for _ in 0..<1000 where !engine.hasEnded { usleep(10_000) }
        if engine.hasEnded { return recover(from: engine, line) }
      }
      return recover(from: engine, line, cause: .timedOut(seconds: watchdog))
    case .interrupted:
      wasInterrupted = true
      return recover(from: engine, line, cause: .interrupted)
    case .ended:
      return recover(from: engine, line)
    case .overMemory:
      return recover(from: engine, line, cause: .exceededMemory(gigabytes: configuration.memoryLimitGigabytes))
    }
  }

  /// Asks the engine for a checkpoint and, when it gives one, lets it stand for the whole
  /// journal. An engine that cannot answer is replaced (its state replays from the journal).
  private func compactJournal(_ engine: EngineProcess) {
    nextCheckpointAt = journal.count + Self.checkpointRetry
    nextTimedCheckpointAt = journal.count + Self.checkpointRetry
    // Past four intervals, or past the replay budget, the checkpoint is forced: a drawable
    // batch memo (or a layout's own motion) is given up rather than letting a restore grow
    // without end.
    let force = journal.count >= 4 * Self.checkpointInterval || replayIsLong
    let started = EngineProcess.now()
    guard engine.send(EngineFrame("checkpoint", force ? [Array("force".utf8)] : [])) else {
      return replaceSilently(engine)
    }
    guard
      case .ready = engine.waitForResponse(
        watchdog: watchdog, memoryLimit: memoryLimitBytes, heartbeat: { status.heartbeat }, interrupted: { false }),
      let reply = engine.reader.next()
    else { return replaceSilently(engine) }
    guard reply.verb == "checkpoint" else { return }  // blocked: asked again a little later
    lastCheckpointSeconds = EngineProcess.now() - started
    let longest = journal.map(\.watchdog).max() ?? watchdog
    let commands = journal.reduce(0) { $0 + $1.commands }
    let newData = reply.blobs.count > 2 ? reply.string(2) : nil
    // The checkpoint this one replaces is no longer needed (its data file unless shared).
    if let old = journal.first, let oldFile = old.checkpoint {
      unlink(oldFile)
      if let oldData = old.checkpointData, oldData != newData { unlink(oldData) }
    }
    journal = [
      JournalEntry(
        line: "(the session's first \(commands) commands)", reads: [], watchdog: max(longest, 10),
        checkpoint: reply.string(0), commands: commands,
        checkpointLayout: reply.blobs.count > 1 && !reply.string(1).isEmpty ? reply.string(1) : nil,
        checkpointData: newData)
    ]
    nextCheckpointAt = 1 + Self.checkpointInterval
    nextTimedCheckpointAt = 0
  }

  /// Whether replaying the journal after its checkpoint would take longer than the budget.
  var replayIsLong: Bool {
    Self.replayIsLong(journal, budget: configuration.replayBudgetSeconds, lastCheckpoint: lastCheckpointSeconds)
  }

  /// Whether replaying `journal`'s commands after its checkpoint takes at least `budget`
  /// seconds, or three times what the last checkpoint took (`lastCheckpoint`) if that is more.
  static func replayIsLong(_ journal: [JournalEntry], budget: Double, lastCheckpoint: Double) -> Bool {
    let replay = journal.reduce(0) { $0 + ($1.checkpoint == nil ? $1.seconds : 0) }
    return replay >= max(budget, 3 * lastCheckpoint)
  }

  /// The engine failed while answering something of the supervisor's own: a new one takes up the
  /// session from the journal, and nothing is said (no command of the person's failed).
  private func replaceSilently(_ failed: EngineProcess) {
    failed.kill()
    failed.wait()
    engine = nil
    _ = restore()
  }

  /// The memory limit in bytes.
  var memoryLimitBytes: Int {
    Int((configuration.memoryLimitGigabytes * MemoryLimit.gigabyte).rounded())
  }

  /// The live view's look at the session (`Session.liveView`), from the engine; nil when the
  /// engine did not answer (it is then replaced, and the session restored, as after a command).
  public func liveView(_ request: Session.LiveRequest = .scene) -> Result<String, LiveViewFailure> {
    attending { look(request) }
  }

  private func look(_ request: Session.LiveRequest) -> Result<String, LiveViewFailure> {
    guard let engine else { return .failure(LiveViewFailure(message: "no engine is running")) }
    var cause: EngineFailure.Cause?
    if engine.send(EngineFrame("view", [Array(request.text.utf8)])) {
      switch engine.waitForResponse(
        watchdog: watchdog, memoryLimit: memoryLimitBytes, heartbeat: { status.heartbeat }, interrupted: { false })
      {
      case .ready:
        if let reply = engine.reader.next(), reply.verb == "view" { return .success(reply.string(0)) }
      case .timedOut: cause = .timedOut(seconds: watchdog)
      case .overMemory: cause = .exceededMemory(gigabytes: configuration.memoryLimitGigabytes)
      case .ended, .interrupted: break
      }
    }
    let outcome = recover(from: engine, "(live view)", cause: cause)
    let report = outcome.output.map { $0.hasPrefix("error: ") ? String($0.dropFirst(7)) : $0 } ?? "the engine failed"
    return .failure(LiveViewFailure(message: report))
  }

  /// Why the engine gave the live view no answer: it crashed, hung or ran out of memory while
  /// answering (and was replaced, the session restored), as a command's report says it.
  public struct LiveViewFailure: Error, Equatable {
    public var message: String
  }

  /// Completion candidates from the engine's session (none if it cannot answer).
  public func complete(_ line: String) -> [String] {
    attending { candidates(line) }
  }

  private func candidates(_ line: String) -> [String] {
    guard let engine, engine.send(EngineFrame("complete", [Array(line.utf8)])) else { return [] }
    switch engine.waitForResponse(watchdog: watchdog, heartbeat: { status.heartbeat }, interrupted: { false }) {
    case .ready:
      guard let reply = engine.reader.next(), reply.verb == "candidates" else { break }
      let text = reply.string(0)
      return text.isEmpty ? [] : text.split(separator: "\n").map(String.init)
    default: break
    }
    _ = recover(from: engine, "(completion)")
    return []
  }

  func update(from reply: EngineFrame) {
    onlyRead = reply.flag("query")
    stats = reply.meta["stats"] ?? ""
    wantsToQuit = reply.flag("quit")
    isCollectingBatch = reply.flag("batch")
    isJSON = reply.meta["format"] == "json"
    if let milliseconds = reply.meta["watchdog"].flatMap(Int.init), milliseconds > 0 {
      watchdog = Double(milliseconds) / 1000
    }
  }

  func failure(_ message: String, kind: HostError.Kind) -> Session.Outcome {
    let json = JSONOutput.object([("error", .string(message)), ("kind", .string(kind.rawValue))])
    return Session.Outcome(output: isJSON ? json.serialized : "error: \(message)", failed: true)
  }
}
