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
  /// `selfsizing on`: visible cells are measured and report preferred sizes until they settle.
  var selfSizing = false
  var selfSizingBudget = 50
  /// How often each `measureCycle` cell was measured, by id.
  var measureCounts: [String: Int] = [:]
  /// How long the supervisor lets one command run before it stops the engine (`watchdog`).
  public internal(set) var watchdogSeconds = 10.0
  /// `trace on`: every host→plugin call is printed before the command's output.
  var tracing = false
  private var traceLines: [String] = []

  public init(registry: PluginRegistry, baseDirectory: String = ".") {
    self.registry = registry
    self.baseDirectory = baseDirectory
    model = CollectionModel(bounds: Rect(origin: .zero, size: Self.defaultViewport))
    if let flow = registry.layout(named: Self.defaultLayout) ?? registry.layouts.first {
      layout = try? LayoutInstance(flow, model: model)
    }
  }

  public static let commands: [CommandSpec] = CommandTable.all

  /// What running one line gave: the text to print (nil for blank lines, comments and quit)
  /// and whether the command failed.
  public struct Outcome: Sendable, Equatable {
    public var output: String?
    public var failed: Bool

    public init(output: String?, failed: Bool) {
      self.output = output
      self.failed = failed
    }
  }

  /// Runs one line and returns what to print (nil for blank lines and comments).
  public func execute(_ line: String) -> String? {
    perform(line).output
  }

  /// Runs one line: what to print, and whether it failed.
  public func perform(_ line: String) -> Outcome {
    let trimmed = line.trimmingLeadingAndTrailingWhitespace
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return Outcome(output: nil, failed: false) }
    PluginCallMarker.status?.heartbeat &+= 1
    traceLines = []
    var text: String?  // the table form
    var json: JSONOutput?  // the JSON form
    var failed = false
    do {
      let reply = try traced { () throws(HostError) in try run(trimmed) }
      if reply.isSilent {
        // nothing to print
      } else if format == .json {
        json = reply.json
      } else if !reply.text.isEmpty {  // an empty text (a `run` of an empty file) prints nothing
        text = reply.text
      }
    } catch {
      failed = true
      if format == .json {
        json = .object([("error", .string(error.message))])
      } else {
        text = "error: \(error.message)"
      }
    }
    var lines: [String] = []
    if !traceLines.isEmpty {
      if format == .json, text == nil {
        // One line, one object: the calls go in a "calls" member before the result's.
        let trace = ("calls", JSONOutput.array(traceLines.map { .string($0) }))
        if case .object(let members) = json { json = .object([trace] + members) } else { json = .object([trace]) }
      } else {
        lines = traceLines.map { "trace: \($0)" }
      }
    }
    if let json { lines.append(json.serialized) }
    if let text { lines.append(text) }
    // Control characters from input or datasets never reach the terminal raw.
    return Outcome(output: lines.isEmpty ? nil : lines.joined(separator: "\n").escapingControls, failed: failed)
  }

  /// Runs `body` with the current layout (and any it switches to) reporting its calls.
  private func traced(_ body: () throws(HostError) -> Reply) throws(HostError) -> Reply {
    guard tracing || layout?.tracer != nil else { return try body() }
    let attach = { (instance: LayoutInstance?) in
      instance?.tracer = self.tracing ? { [weak self] line in self?.traceLines.append(line) } : nil
    }
    attach(layout)
    defer { attach(layout) }
    return try body()
  }

  /// Runs one line, throwing its error instead of formatting it.
  public func run(_ line: String) throws(HostError) -> Reply {
    let words = try Tokenizer.words(line)
    guard let first = words.first else { return Reply(text: "", json: .object([])) }
    // Every command runs in one atomic scope, whatever it calls: a failure anywhere in it (a
    // check after the pass, the report) leaves the session as it was. A nested line (`run FILE`)
    // is a scope of its own.
    let enclosing = atomicDepth
    atomicDepth = 0
    defer { atomicDepth = enclosing }
    if pendingBatch != nil { return try atomically { () throws(HostError) in try batchLine(words) } }
    let spec = try CommandLookup.find(first, in: Self.commands)
    do {
      return try atomically { () throws(HostError) in try spec.run(self, Array(words.dropFirst())) }
    } catch {
      guard error.wantsUsage else { throw error }
      throw HostError(error.message + "\n" + spec.usageText)
    }
  }

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
