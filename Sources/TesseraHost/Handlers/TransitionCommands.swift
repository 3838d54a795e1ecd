import TesseraKit

/// `transition NAME|progress P|finish|cancel`: an interactive transition
/// (`UICollectionViewTransitionLayout`), and what the queries show while one is active.
extension WorkbenchState {
  func transitionCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    switch args.subcommand {
    case ["progress"]:
      guard slot.transition != nil else { throw noTransition("transition progress") }
      slot.transition!.progress = min(max(try args.number("P"), 0), 1)
      return .transition(status(.progressed, slot.transition!))
    case ["finish"]:
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
      return .transition(status(.finished, finished))
    case ["cancel"]:
      guard let active = transition else { throw noTransition("transition cancel") }
      slot.transition = nil
      active.current.finalizeLayoutTransition()
      active.next.finalizeLayoutTransition()
      var cancelled = active
      cancelled.progress = 0
      return .transition(status(.cancelled, cancelled))
    default:
      guard args.has("NAME") else {
        guard let active = transition else { throw noTransition("transition") }
        return .transition(status(.shown, active))
      }
      if let active = transition {
        throw HostError(
          "a transition from \(active.current.layoutClass.name) to \(active.next.layoutClass.name) is already in progress: finish or cancel it first"
        )
      }
      guard let layoutClass = registry.layout(named: try args.word("NAME")) else {
        throw HostError("internal error: transition read a name it does not know (please report it)")
      }
      let values = try parseOptions(args.pairs("key=value"), for: layoutClass)
      let current = try currentLayout()
      let next = try makeLayout(layoutClass, options: values)
      try next.prepareIfNeeded()
      let started = try InteractiveTransition.start(current: current, next: next, bounds: model.bounds)
      slot.transition = started
      return .transition(status(.started, started))
    }
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
