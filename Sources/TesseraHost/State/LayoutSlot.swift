import TesseraABI
import TesseraKit

/// Where the current layout sits: the plugin instance, the zoom scale it was chosen with (for
/// `zoom reset`) and the interactive transition away from it, if one is under way. Only the slot
/// knows how to put an instance back as it was after a failed command.
struct LayoutSlot {
  private(set) var instance: LayoutInstance?
  /// The zoom option's value when the current layout was chosen.
  var zoomOrigin: OptionSpec.Value?
  /// The interactive transition between `transition NAME` and `transition finish|cancel`.
  var transition: InteractiveTransition?

  /// Installs a layout: its zoom origin is the zoom option it was made with, unless given (a
  /// zoom keeps the one the layout was chosen with).
  mutating func install(_ layout: LayoutInstance, zoomOrigin origin: OptionSpec.Value?? = nil) {
    instance = layout
    zoomOrigin = origin ?? layout.layoutClass.zoomScale.map { layout.options[$0.option.index] }
  }

  /// Replaces the current layout with a new instance of its class with its options and
  /// statistics, and the zoom origin it was chosen with.
  mutating func rebuilt(_ layout: LayoutInstance, tracer: ((String) -> Void)?) throws(HostError) -> LayoutInstance {
    let fresh = try LayoutInstance(layout.layoutClass, model: layout.model, options: layout.options, tracer: tracer)
    fresh.followsScrollInsets = true
    fresh.stats = layout.stats
    instance = fresh
    return fresh
  }

  /// What a failed command puts back. The instance is a reference that lives on: what a command
  /// can change inside it is noted beside it.
  struct Saved {
    let slot: LayoutSlot
    let generation: Int
    let options: [OptionSpec.Value]?
    /// The preferred sizes the layout had accepted (a failed batch may have dropped some).
    let preferredLog: [(id: String, size: Size)]
    let stats: PluginCallStats?
  }

  var saved: Saved {
    Saved(
      slot: self, generation: instance?.generation ?? 0, options: instance?.options,
      preferredLog: instance?.preferredLog ?? [], stats: instance?.stats)
  }

  /// Puts the slot back: the same instance, laid out again if the command (or a scene that
  /// changed under it) touched it, or — when its accepted preferred sizes changed, which live
  /// inside the plugin — a new instance fed the ones accepted before. The calls the failed
  /// command made, and those restoring makes, do not count in its statistics.
  mutating func restore(_ saved: Saved, sceneChanged: Bool) {
    self = saved.slot
    defer { if let stats = saved.stats { instance?.stats = stats } }
    guard let layout = instance, let options = saved.options else { return }
    let logChanged =
      layout.preferredLog.count != saved.preferredLog.count
      || !zip(layout.preferredLog, saved.preferredLog).allSatisfy { $0.id == $1.id && $0.size == $1.size }
    guard sceneChanged || layout.generation != saved.generation || logChanged else { return }
    if logChanged {
      layout.preferredLog = saved.preferredLog
      instance = try? layout.rebuilt(replaying: saved.preferredLog.count)
    } else {
      if layout.options != options { try? layout.applyOptions(options) }
      try? layout.invalidate(flags: UInt32(TESSERA_INVALIDATE_EVERYTHING | TESSERA_INVALIDATE_DATA_SOURCE_COUNTS))
      try? layout.prepareIfNeeded()
    }
  }
}
