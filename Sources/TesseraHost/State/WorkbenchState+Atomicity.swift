import TesseraABI
import TesseraKit

/// A failed command leaves the session exactly as it was: every command runs in one atomic
/// scope (see `run`), and the scopes commands open themselves merge into it.
extension WorkbenchState {
  /// What a failed command puts back. Cheap to take: the dataset is copied on write, and the
  /// generations say whether the model and the layout were touched at all.
  struct Snapshot {
    let dataset: Dataset
    let bounds: Rect
    let modelGeneration: Int
    let nextGeneratedID: Int
    let layout: LayoutInstance?
    let layoutGeneration: Int
    let options: [OptionSpec.Value]?
    /// The preferred sizes the layout had accepted (a failed batch may have dropped some).
    let preferredLog: [(id: String, size: Size)]
    let stats: PluginCallStats?
    let format: Format
    let tracing: Bool
    let selfSizing: SelfSizing
    let lastBatch: BatchMemo?
    let lastBatchIsStale: Bool
    let screenScale: Double?
    let zoomOrigin: OptionSpec.Value?
    let transition: InteractiveTransition?
    let lastLayoutChange: LayoutChangeMemo?
    /// Whether the memos could still be drawn: restoring re-prepares the layout (new
    /// generations), and a memo that was current stays current.
    let lastBatchWasCurrent: Bool
    let lastLayoutChangeWasCurrent: Bool
  }

  var snapshot: Snapshot {
    Snapshot(
      dataset: model.dataset, bounds: model.bounds, modelGeneration: model.generation,
      nextGeneratedID: model.nextGeneratedID, layout: layout,
      layoutGeneration: layout?.generation ?? 0, options: layout?.options,
      preferredLog: layout?.preferredLog ?? [], stats: layout?.stats, format: format,
      tracing: tracing, selfSizing: selfSizing, lastBatch: lastBatch, lastBatchIsStale: lastBatchIsStale,
      screenScale: screenScale, zoomOrigin: zoomOrigin, transition: transition, lastLayoutChange: lastLayoutChange,
      lastBatchWasCurrent: lastBatch?.isCurrent(layout: layout, model: model) ?? false,
      lastLayoutChangeWasCurrent: lastLayoutChange?.isCurrent(layout: layout, model: model) ?? false)
  }

  /// Runs `body`; if it throws, puts the dataset, bounds, layout (its options, preferred sizes
  /// and prepared state) and settings back as they were, so a failed command changes nothing.
  /// Inside another scope it just runs `body`: the outermost scope restores.
  func atomically<T>(_ body: () throws(HostError) -> T) throws(HostError) -> T {
    guard atomicDepth == 0 else { return try body() }
    atomicDepth += 1
    defer { atomicDepth -= 1 }
    let saved = snapshot
    do {
      return try body()
    } catch {
      restore(saved)
      throw error
    }
  }

  private func restore(_ saved: Snapshot) {
    let modelChanged = model.generation != saved.modelGeneration
    if modelChanged {
      model.dataset = saved.dataset
      model.bounds = saved.bounds
      model.screenScale = saved.screenScale
    }
    model.nextGeneratedID = saved.nextGeneratedID
    format = saved.format
    tracing = saved.tracing
    selfSizing = saved.selfSizing
    lastBatch = saved.lastBatch
    lastBatchIsStale = saved.lastBatchIsStale
    if model.screenScale != saved.screenScale { model.screenScale = saved.screenScale }
    zoomOrigin = saved.zoomOrigin
    transition = saved.transition
    lastLayoutChange = saved.lastLayoutChange
    layout = saved.layout
    defer {
      // The calls the failed command made (and the ones restoring makes) do not count.
      if let stats = saved.stats { self.layout?.stats = stats }
      // The session is as it was, so what could be drawn before still can.
      if let current = self.layout {
        let stamp = WorkbenchStamp(layout: current, model: model)
        if saved.lastBatchWasCurrent { lastBatch = saved.lastBatch?.restamped(stamp) }
        if saved.lastLayoutChangeWasCurrent { lastLayoutChange = saved.lastLayoutChange?.restamped(stamp) }
      }
    }
    guard let layout, let options = saved.options else { return }
    let logChanged =
      layout.preferredLog.count != saved.preferredLog.count
      || !zip(layout.preferredLog, saved.preferredLog).allSatisfy { $0.id == $1.id && $0.size == $1.size }
    guard modelChanged || layout.generation != saved.layoutGeneration || logChanged else { return }
    if logChanged {
      // Preferred sizes live inside the layout: start a new instance and feed it the ones
      // accepted before this command.
      layout.preferredLog = saved.preferredLog
      self.layout = try? layout.rebuilt(replaying: saved.preferredLog.count)
    } else {
      if layout.options != options { try? layout.applyOptions(options) }
      try? layout.invalidate(flags: UInt32(TESSERA_INVALIDATE_EVERYTHING | TESSERA_INVALIDATE_DATA_SOURCE_COUNTS))
      try? layout.prepareIfNeeded()
    }
  }
}
