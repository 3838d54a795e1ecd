import TesseraABI
import TesseraKit

/// One workbench session: a dataset, a viewport, a current layout, an output format. Commands
/// run through `execute`; a failing command leaves every part of the session as it was.
public final class Session {
  public enum Format: String, Sendable {
    case table
    case json
  }

  public static let defaultViewport = Size(width: 390, height: 844)
  public static let defaultLayout = "flow"

  public let registry: PluginRegistry
  public let model: CollectionModel
  /// How commands read files: the trust policy and the record of what each command read.
  public let files = FileAccess()
  public internal(set) var layout: LayoutInstance?
  public internal(set) var format: Format = .table
  /// Relative paths in `load`, `run` and `plugin load` resolve against this folder: the
  /// session file's folder when replaying one, else the working directory.
  public internal(set) var baseDirectory: String
  public internal(set) var wantsToQuit = false
  /// Nesting depth of `run`, to refuse a file that runs itself forever.
  var runDepth = 0
  /// Commands the current top-level `run` may still run, nested files included.
  var runCommandsLeft = 0
  /// The most commands one top-level `run` may run (`Limits.runCommands`; tests lower it).
  var runCommandLimit = Limits.runCommands
  /// Set when a command of the current `run` was not run for want of budget.
  var runBudgetSpent = false
  /// Open `atomically` scopes of the current line: only the outermost saves and restores.
  var atomicDepth = 0
  /// What `run` puts before each line of the transcript it prints: two spaces, so a transcript
  /// inside a session file (or another transcript) cannot be read as its commands; `tessera run`
  /// sets it to "" so its output can become a session file.
  public var transcriptIndent = "  "
  /// The operations of a multi-line batch being typed.
  var pendingBatch: BatchUpdate?
  /// `selfsizing on|off`, its pass budget and what the cells measured so far.
  var selfSizing = SelfSizing()
  /// How long the supervisor lets one command run before it stops the engine (`watchdog`).
  public internal(set) var watchdogSeconds = 10.0
  /// `trace on`: every host→plugin call is printed before the command's output.
  var tracing = false
  var traceLines: [String] = []
  /// The last batch, for `render PATH batch`, while nothing has changed since.
  var lastBatch: BatchMemo?
  /// Set when the last batch's memo was dropped because something changed after it.
  var lastBatchIsStale = false

  public init(registry: PluginRegistry, baseDirectory: String = ".") {
    self.registry = registry
    self.baseDirectory = baseDirectory
    model = CollectionModel(bounds: Rect(origin: .zero, size: Self.defaultViewport))
    if let flow = registry.layout(named: Self.defaultLayout) ?? registry.layouts.first {
      layout = try? LayoutInstance(flow, model: model)
    }
  }

  public static let commands: [CommandSpec] = CommandTable.all

  func requestQuit() {
    wantsToQuit = true
  }

  /// Resolves a path typed by a person against the base directory.
  func resolve(_ path: String) -> String {
    path.hasPrefix("/") || baseDirectory == "." ? path : baseDirectory + "/" + path
  }

  /// The current layout, or an error a person can act on.
  func currentLayout() throws(HostError) -> LayoutInstance {
    guard let layout else {
      throw HostError("no layout is loaded: no plugins were found (see 'plugins' and 'plugin load PATH')")
    }
    return layout
  }
}

extension String {
  var trimmingLeadingAndTrailingWhitespace: String {
    var s = Substring(self)
    while let first = s.first, first.isWhitespace { s.removeFirst() }
    while let last = s.last, last.isWhitespace { s.removeLast() }
    return String(s)
  }
}
