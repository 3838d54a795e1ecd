/// A failed command leaves the session exactly as it was: every command runs in one atomic
/// scope (see `run`), and the scopes commands open themselves merge into it. Undoing is a copy
/// of the state's parts; the scene and the layout slot put back what lives in references.
extension WorkbenchState {
  /// What a failed command puts back. Cheap to take: the dataset is copied on write, and the
  /// generations say whether the scene and the layout were touched at all.
  struct Snapshot {
    let scene: CollectionModel.Scene
    let slot: LayoutSlot.Saved
    let settings: WorkbenchSettings
    let memos: WorkbenchMemos
    let memosCurrent: (batch: Bool, layoutChange: Bool, film: Bool)
    let clock: WorkbenchClock
    let touch: Touch
  }

  var snapshot: Snapshot {
    Snapshot(
      scene: model.scene, slot: slot.saved, settings: settings, memos: memos,
      memosCurrent: memos.current(layout: layout, model: model), clock: clock, touch: model.touch)
  }

  /// Runs `body`; if it throws, puts the scene, the layout (its options, preferred sizes and
  /// prepared state), the settings and the memos back as they were, so a failed command changes
  /// nothing. Inside another scope it just runs `body`: the outermost scope restores.
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
    let sceneChanged = model.restore(saved.scene)
    settings = saved.settings
    memos = saved.memos
    clock = saved.clock
    model.touch = saved.touch
    slot.restore(saved.slot, sceneChanged: sceneChanged)
    if let layout { memos.restamp(WorkbenchStamp(layout: layout, model: model), current: saved.memosCurrent) }
  }
}
