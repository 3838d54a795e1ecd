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
        try changeBounds(to: Rect(origin: active.toOffset, size: model.bounds.size))
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

  /// Elements as a listing: in the order the layouts declare their kinds (both layouts' during a
  /// transition), each cell with its dataset id.
  func listing(
    _ elements: [Element], command: String? = nil, showsAll: Bool = true, total: Int? = nil
  ) -> AttributeList {
    AttributeList(
      elements, kinds: listedKinds,
      id: { [dataset = model.dataset] path in
        dataset.contains(path) ? dataset.sections[path.section].items.ids[path.item] : nil
      }, command: command, showsAll: showsAll, total: total)
  }

  private var listedKinds: [String] {
    LayoutClass.kindNames(of: [layout?.layoutClass, transition?.next.layoutClass], nil)
  }

  /// What `visible` and `dump` list: everything, or — for a table that stops after
  /// `Limits.rowsShown` rows — only those rows, counting the rest (a dump of five million
  /// elements keeps a thousand, not five million; every record is still checked).
  func shownListing(in rect: Rect?, command: String, showsAll: Bool) throws(HostError) -> AttributeList {
    guard transition == nil, !showsAll, format == .table else {
      let elements: [Element]
      if let rect { elements = try shownElements(in: rect) } else { elements = try shownElements() }
      return listing(elements, command: command, showsAll: showsAll)
    }
    let (kept, total) = try currentLayout().attributes(in: rect, keeping: Limits.rowsShown, kinds: listedKinds)
    return listing(kept, command: command, showsAll: showsAll, total: total)
  }

  /// What a rect query shows now: the layout's answer, or during a transition every snapshotted
  /// element at the current progress (UIKit's transition layout returns them all).
  func shownElements(in rect: Rect) throws(HostError) -> [Element] {
    if let transition { return transition.elements(screenScale: screenScale) }
    return try currentLayout().attributes(in: rect)
  }

  /// Every element now (`dump` without a rect).
  func shownElements() throws(HostError) -> [Element] {
    if let transition { return transition.elements(screenScale: screenScale) }
    return try currentLayout().allAttributes()
  }

  /// The content size now: during a transition the larger of both layouts' on each side.
  func shownContentSize() throws(HostError) -> Size {
    if let transition { return transition.contentSize }
    return try currentLayout().contentSize()
  }
}
