import TesseraKit

/// What `transition NAME|progress P|finish|cancel` does: an interactive transition
/// (`UICollectionViewTransitionLayout`), and its status as the command prints it.
extension WorkbenchState {
  /// `transition NAME [key=value ...]`: snapshots of both layouts, the pivot kept in place.
  func startTransition(to layoutClass: LayoutClass, options: [(key: String, value: String)]) throws(HostError)
    -> TransitionStatus
  {
    if let active = transition {
      throw HostError(
        "a transition from \(active.current.layoutClass.name) to \(active.next.layoutClass.name) is already in progress: finish or cancel it first"
      )
    }
    let values = try layoutClass.optionSchema.parse(options).all
    let current = try currentLayout()
    let next = try makeLayout(layoutClass, options: values)
    // Until it is installed, its passes leave the scroll view's axes (and insets) alone.
    next.followsScrollInsets = false
    try next.prepareIfNeeded()
    let started = try InteractiveTransition.start(current: current, next: next, bounds: model.bounds)
    slot.transition = started
    return status(.started, started)
  }

  /// `transition progress P`, clamped to 0…1.
  func setTransitionProgress(_ progress: Double) throws(HostError) -> TransitionStatus {
    guard slot.transition != nil else { throw noTransition("transition progress") }
    slot.transition!.progress = min(max(progress, 0), 1)
    return status(.progressed, slot.transition!)
  }

  /// `transition finish`: the next layout installed at its offset.
  func finishTransition() throws(HostError) -> TransitionStatus {
    guard let active = transition else { throw noTransition("transition finish") }
    try atomically { () throws(HostError) in
      slot.transition = nil
      slot.install(active.next)
      try setBounds(to: Rect(origin: active.toOffset, size: model.bounds.size))
      active.current.finalizeLayoutTransition()
      active.next.finalizeLayoutTransition()
    }
    var finished = active
    finished.progress = 1
    return status(.finished, finished)
  }

  /// `transition cancel`: the current layout and its offset kept.
  func cancelTransition() throws(HostError) -> TransitionStatus {
    guard let active = transition else { throw noTransition("transition cancel") }
    slot.transition = nil
    active.current.finalizeLayoutTransition()
    active.next.finalizeLayoutTransition()
    var cancelled = active
    cancelled.progress = 0
    return status(.cancelled, cancelled)
  }

  /// `transition` alone: the one in progress.
  func transitionStatus() throws(HostError) -> TransitionStatus {
    guard let active = transition else { throw noTransition("transition") }
    return status(.shown, active)
  }

  private func noTransition(_ command: String) -> HostError {
    HostError("\(command): no transition is in progress; start one with 'transition NAME'")
  }

  private func status(_ event: TransitionStatus.Event, _ t: InteractiveTransition) -> TransitionStatus {
    TransitionStatus(
      event: event, from: t.current.layoutClass.name, to: t.next.layoutClass.name, progress: t.progress,
      offset: event == .finished ? t.toOffset : t.offset, fromOffset: t.fromOffset, toOffset: t.toOffset,
      proposed: t.proposed, pivot: t.pivot, elements: t.pairs.count)
  }
}
