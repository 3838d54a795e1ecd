import TesseraABI
import TesseraKit

/// What commands work on, in a few parts: the scene (`model`: dataset, bounds, scale), the
/// layout slot (`slot`: the current layout, its zoom origin, an interactive transition), the
/// settings, the memos of the last batch and layout change, and the plugins. Its domain
/// operations (`State/WorkbenchState+*.swift`: `replaceDataset`, `setBounds`, `perform`,
/// `switchLayout`, what is shown now) are what commands (`Commands/`), the bench and the
/// conformance checker call; running lines, nesting files and printing belong to `Session`. A
/// failing command leaves all of it as it was (`atomically`).
public final class WorkbenchState {
  /// How results are printed.
  public enum Format: String, Sendable {
    case table
    case json
  }

  public static let defaultViewport = Size(width: 390, height: 844)
  public static let defaultLayout = "flow"

  public let registry: PluginRegistry
  /// The scene layouts read: the dataset, the bounds and the screen's scale.
  public let model: CollectionModel
  /// How commands read files: the trust policy and the record of what each command read.
  public let files = FileAccess()
  /// The current layout, its zoom origin and the interactive transition away from it.
  var slot = LayoutSlot() {
    // The installed layout's passes decide which axes scroll (the inset adjustment reads them).
    didSet {
      if slot.instance !== oldValue.instance {
        oldValue.instance?.followsScrollInsets = false
        slot.instance?.followsScrollInsets = true
      }
    }
  }
  var settings = WorkbenchSettings()
  var memos = WorkbenchMemos()
  /// The simulation clock: its time, and the animated scroll in progress.
  var clock = WorkbenchClock()
  /// Display events of the clock's frames in the command running now, reported after it.
  var frameDisplayEvents: [DisplayEvent] = []
  /// True while the clock moves the bounds (an animated scroll's frame, a drag): other changes of
  /// the bounds stop an animated scroll.
  var isClockDriving = false
  /// Relative paths in `load`, `run`, `render` and `plugin load` resolve against this folder:
  /// the session file's folder when replaying one, else the working directory.
  public internal(set) var baseDirectory: String
  /// The operations of a multi-line batch being typed.
  var pendingBatch: BatchUpdate?
  /// Where the calls of the current command go while tracing (set by the session for each
  /// line): layouts a command creates report from their first call.
  var tracer: ((String) -> Void)?
  /// Open `atomically` scopes of the current line: only the outermost saves and restores.
  var atomicDepth = 0

  /// The libraries the session started with (a fresh engine loads them itself): a checkpoint
  /// names the ones loaded or reloaded since.
  let startingLibraries: [PluginLibrary]
  /// The last checkpoint's data file and the dataset generation it holds.
  var checkpointData: (generation: Int, file: String)?

  public var layout: LayoutInstance? { slot.instance }
  public var transition: InteractiveTransition? { slot.transition }
  public var format: Format { settings.format }
  public var watchdogSeconds: Double { settings.watchdogSeconds }
  /// The screen's scale (`viewport 390x844@3`), kept in the model, where layouts read it:
  /// interpolated attributes and layouts that round to pixels use it. nil: none, nothing rounds.
  public var screenScale: Double? { model.screenScale }

  init(registry: PluginRegistry, baseDirectory: String) {
    self.registry = registry
    self.baseDirectory = baseDirectory
    startingLibraries = registry.libraries
    model = CollectionModel(bounds: Rect(origin: .zero, size: Self.defaultViewport))
    if let flow = registry.layout(named: Self.defaultLayout) ?? registry.layouts.first,
      let instance = try? LayoutInstance(flow, model: model)
    {
      slot.install(instance)
    }
  }

  /// True between `batch` (alone) and `commit` or `cancel`: lines are batch operations.
  public var isCollectingBatch: Bool { pendingBatch != nil }

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

  /// A new instance of `layoutClass`, traced from its `create` when tracing.
  /// It is made to be installed: its passes decide which axes the collection view scrolls along.
  func makeLayout(_ layoutClass: LayoutClass, options: [OptionSpec.Value]?) throws(HostError) -> LayoutInstance {
    let instance = try LayoutInstance(layoutClass, model: model, options: options, tracer: tracer)
    instance.followsScrollInsets = true
    return instance
  }

  /// Sets the watchdog (the supervisor reads it after each command); out-of-range values are
  /// clamped (the command and the option refuse them first).
  func setWatchdog(seconds: Double) {
    settings.watchdogSeconds = min(max(seconds, Watchdog.allowed.lowerBound), Watchdog.allowed.upperBound)
  }

  /// The memos hold the old dataset: lets them go once they can no longer be drawn.
  func forgetOutdatedBatch() { memos.forgetOutdated(layout: layout, model: model) }
}
