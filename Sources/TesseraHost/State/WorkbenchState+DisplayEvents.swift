import TesseraKit

/// Display events (`events on`): after each command, the views on screen are compared with
/// those before it, as UIKit's `_updateVisibleCellsNow` does in a layout pass.
extension WorkbenchState {
  /// The views on screen now: the elements the layout lists for the visible bounds that
  /// intersect them and are not hidden (a hidden element gets no view).
  func viewsOnScreen() throws(HostError) -> DisplayedViews {
    let bounds = Rect(origin: transition?.offset ?? model.bounds.origin, size: model.bounds.size)
    var displayed = DisplayedViews()
    for element in try shownElements(in: bounds) where !element.isHidden && element.frame.intersects(bounds) {
      let path = element.indexPath
      let sections = model.dataset.sections
      let section = sections.indices.contains(path.section) ? sections[path.section].id : "\(path.section)"
      let id =
        element.category == .cell && model.dataset.contains(path)
        ? model.dataset.sections[path.section].items.ids[path.item] : nil
      let identity = id ?? "\(section)\u{1F}\(path.item)"
      displayed.views[DisplayedViews.Key(category: element.category, kind: element.kind, identity: identity)] = (
        element, id
      )
    }
    return displayed
  }

  /// The calls since the last command, and the views on screen now remembered. `reloaded`: the
  /// data was replaced (`reloadData`: every view on screen ends, then the new ones appear).
  /// UIKit's order: every `didEndDisplaying` of the pass, then every `willDisplay`; each group
  /// cells first, then supplementary and decoration views, each in index-path order.
  func displayEvents(reloaded: Bool) throws(HostError) -> [DisplayEvent] {
    guard settings.displayEvents else { return [] }
    let earlier = frameDisplayEvents
    frameDisplayEvents = []
    return earlier + (try passDisplayEvents(reloaded: reloaded))
  }

  /// After one frame of the clock, a layout pass of its own: its calls are kept for the
  /// command's report (a cell that crosses the screen within one `step` is displayed and ended).
  func recordFrameDisplayEvents() throws(HostError) {
    guard settings.displayEvents else { return }
    frameDisplayEvents += try passDisplayEvents(reloaded: false)
  }

  /// The calls of one layout pass: what left and what came on screen since the last one.
  private func passDisplayEvents(reloaded: Bool) throws(HostError) -> [DisplayEvent] {
    let before = memos.displayed.views
    let now = try viewsOnScreen()
    memos.displayed = now
    let ended = before.filter { reloaded || now.views[$0.key] == nil }.map(\.value)
    let appeared = now.views.filter { reloaded || before[$0.key] == nil }.map(\.value)
    let kinds = (layout?.layoutClass.kinds ?? []).map(\.name)
    func ordered(_ views: [(element: Element, id: String?)], _ call: DisplayEvent.Call) -> [DisplayEvent] {
      views.sorted { a, b in
        let (x, y) = (a.element, b.element)
        if x.category != y.category { return x.category.rawValue < y.category.rawValue }
        let (i, j) = (
          x.kind.flatMap { kinds.firstIndex(of: $0) } ?? kinds.count,
          y.kind.flatMap { kinds.firstIndex(of: $0) } ?? kinds.count
        )
        if i != j { return i < j }
        if x.kind != y.kind { return (x.kind ?? "") < (y.kind ?? "") }
        return x.indexPath < y.indexPath
      }.map {
        DisplayEvent(
          call: call, category: $0.element.category, kind: $0.element.kind, indexPath: $0.element.indexPath, id: $0.id)
      }
    }
    return ordered(ended, .didEndDisplaying) + ordered(appeared, .willDisplay)
  }
}
