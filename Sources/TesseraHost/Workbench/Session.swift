import TesseraKit

/// One workbench session: it reads lines, runs each as a command on its `WorkbenchState`, and
/// prints the result in the chosen format. It also owns what only running lines needs: nested
/// `run` files and their budget, `quit`, and the trace of plugin calls. A failing command
/// leaves every part of the session as it was.
public final class Session {
  public typealias Format = WorkbenchState.Format

  public static let defaultViewport = WorkbenchState.defaultViewport
  public static let defaultLayout = WorkbenchState.defaultLayout
  public static let commands: [CommandSpec] = CommandTable.all

  /// What commands work on.
  public let state: WorkbenchState
  public internal(set) var wantsToQuit = false
  /// Nesting depth of `run`, to refuse a file that runs itself forever.
  var runDepth = 0
  /// Commands the current top-level `run` may still run, nested files included.
  var runCommandsLeft = 0
  /// The most commands one top-level `run` may run (`Limits.runCommands`; tests lower it).
  var runCommandLimit = Limits.runCommands
  /// Set when a command of the current `run` was not run for want of budget.
  var runBudgetSpent = false
  /// What `run` puts before each line of the transcript it prints: two spaces, so a transcript
  /// inside a session file (or another transcript) cannot be read as its commands; `tessera run`
  /// sets it to "" so its output can become a session file.
  public var transcriptIndent = "  "
  /// The plugin calls of the current line, when tracing.
  var traceLines: [String] = []
  /// The display events of the line being run (`events on`).
  var displayEvents: [DisplayEvent] = []

  public init(registry: PluginRegistry, baseDirectory: String = ".") {
    state = WorkbenchState(registry: registry, baseDirectory: baseDirectory)
  }

  // The parts of the state the entry points (REPL, engine, bench, tests) look at.
  public var registry: PluginRegistry { state.registry }
  public var model: CollectionModel { state.model }
  public var files: FileAccess { state.files }
  public var layout: LayoutInstance? { state.layout }
  /// Makes `layout` the current layout (the bench's fresh instances).
  func install(_ layout: LayoutInstance) { state.slot.install(layout) }
  public var format: Format { state.format }
  public var baseDirectory: String { state.baseDirectory }
  public var watchdogSeconds: Double { state.watchdogSeconds }
  /// True between `batch` (alone) and `commit` or `cancel`: lines are batch operations.
  public var isCollectingBatch: Bool { state.isCollectingBatch }

  /// Whether `line` only reads the session (`QueryCommands`): never a line of a batch being
  /// collected, nor one that does not parse.
  public func isQuery(_ line: String) -> Bool {
    guard !state.isCollectingBatch, let words = try? Tokenizer.words(line) else { return false }
    return QueryCommands.isQuery(words, in: Self.commands)
  }

  /// Whether `line` only moves the bounds (`scroll X Y`, without self-sizing, which measures the
  /// cells a scroll shows, and outside a transition): the supervisor's journal keeps only the last
  /// of a run of these, as a restore needs only where the bounds ended (so a live view that
  /// scrolls continuously does not make the journal grow, nor a checkpoint due).
  public func onlyMovesBounds(_ line: String) -> Bool {
    guard !state.isCollectingBatch, !state.settings.selfSizing.isOn, state.transition == nil,
      let words = try? Tokenizer.words(line), words.count == 3,
      (try? CommandLookup.find(words[0], in: Self.commands))?.name == "scroll"
    else { return false }
    return true
  }

  /// Sets the watchdog (the supervisor reads it after each command); out-of-range values are
  /// clamped (the command and the option refuse them first).
  public func setWatchdog(seconds: Double) {
    state.setWatchdog(seconds: seconds)
  }

  /// The current layout, or an error a person can act on.
  func currentLayout() throws(HostError) -> LayoutInstance {
    try state.currentLayout()
  }
}

extension Session {
  /// For tests: put a dataset in place as `load` would.
  func replaceDatasetForTesting(_ dataset: Dataset) throws(HostError) {
    try state.replaceDataset(dataset)
  }

  /// For tests: `apply` with a dataset instead of a file; returns the table report.
  func applyDatasetForTesting(_ target: Dataset) throws(HostError) -> String {
    let diff = DatasetDiff.diff(from: model.dataset, to: target)
    let report = try state.perform(
      BatchUpdate(operations: diff.operations), target: target, everything: diff.sectionDataChanged)
    return BatchReportTable.text(report)
  }
}
