import TesseraKit

/// The domain operation of installing a new layout the way UIKit's
/// `setCollectionViewLayout(_:animated:)` does, with the content offset it chooses.
extension WorkbenchState {
  /// Installs `new` in place of the current layout. The content offset becomes `proposal`
  /// (given the anchor: the old layout's on-screen cell nearest `anchorPoint`, a point in the
  /// content), clamped to the new content and passed through the new layout's
  /// `targetContentOffset`. When animated, the transition lifecycle runs and every element
  /// visible before or after gets its path.
  func switchLayout(
    to new: LayoutInstance, animated: Bool, anchorPoint: Point? = nil, searchesAnchor: Bool = false,
    zoom: ZoomStep? = nil,
    proposal: (IndexPath?, Rect) throws(HostError) -> Point
  ) throws(HostError) -> LayoutChangeReport {
    let old = try currentLayout()
    if animated { try old.prepareForTransition(to: new.layoutClass) }
    do {
      return try atomically { () throws(HostError) -> LayoutChangeReport in
        try runSwitch(
          from: old, to: new, animated: animated, anchorPoint: anchorPoint, searchesAnchor: searchesAnchor, zoom: zoom,
          proposal: proposal)
      }
    } catch {
      // A change that does not happen is over for both layouts.
      if animated {
        old.finalizeLayoutTransition()
        new.finalizeLayoutTransition()
      }
      throw error
    }
  }

  private func runSwitch(
    from old: LayoutInstance, to new: LayoutInstance, animated: Bool, anchorPoint: Point?, searchesAnchor: Bool,
    zoom: ZoomStep?, proposal: (IndexPath?, Rect) throws(HostError) -> Point
  ) throws(HostError) -> LayoutChangeReport {
    let bounds = model.bounds
    let oldContent = try old.contentSize()
    try new.prepareIfNeeded()
    if animated { try new.prepareForTransition(from: old.layoutClass) }
    let before = try old.attributes(in: bounds)
    let point = anchorPoint ?? Point(x: bounds.midX, y: bounds.midY)
    var anchor = nearestCell(to: point, among: before)?.indexPath
    if anchor == nil, searchesAnchor { anchor = try searchNearestCell(to: point, in: old, content: oldContent) }
    let newContent = try new.contentSize()
    let proposed = clampedOffset(
      try proposal(anchor, bounds), bounds: bounds.size, content: newContent,
      insets: model.scrollInsets.adjustedContentInset)
    try LayoutChange.checkReachable(proposed, content: newContent, viewport: bounds.size)
    let target = try LayoutChange.target(proposed, in: new, content: newContent, viewport: bounds.size)
    slot.install(new)
    try setBounds(to: Rect(origin: target, size: bounds.size))
    var report = LayoutChangeReport(
      setting: LayoutSetting(layoutClass: new.layoutClass, values: new.options), offsetBefore: bounds.origin,
      anchor: anchor, proposed: proposed, offset: target, zoom: zoom, changes: nil)
    if animated {
      let after = try new.attributes(in: model.bounds)
      let changes = try LayoutChange.changes(
        before: before, after: after, old: old, new: new,
        disappearing: { (e) throws(HostError) in try old.finalAttributes(forDisappearing: e) },
        appearing: { (e) throws(HostError) in try new.initialAttributes(forAppearing: e) })
      old.finalizeLayoutTransition()
      new.finalizeLayoutTransition()
      report.changes = changes
      memos.lastLayoutChange = LayoutChangeMemo(
        changes: changes, oldBounds: bounds, oldContent: oldContent, oldLayout: old.layoutClass,
        stamp: WorkbenchStamp(layout: new, model: model))
    }
    return report
  }

  /// The cell nearest `point` when none is on screen: rect queries around it, doubling until
  /// one holds a cell or the rect covers the content (a few dozen queries at most, never a scan
  /// of every element).
  private func searchNearestCell(to point: Point, in layout: LayoutInstance, content: Size) throws(HostError)
    -> IndexPath?
  {
    var half = max(model.bounds.width, model.bounds.height, 1)
    let reach = max(content.width, content.height) + abs(point.x) + abs(point.y)
    while true {
      let rect = Rect(x: point.x - half, y: point.y - half, width: 2 * half, height: 2 * half)
      if let found = nearestCell(to: point, among: try layout.attributes(in: rect)) { return found.indexPath }
      if half > reach { return nil }
      half *= 2
    }
  }

  /// Installs a fresh instance of `layoutClass` with `values` (options not given take their
  /// defaults, whatever the old layout had); if it refuses them or fails to prepare, the previous
  /// layout stays.
  func installLayout(_ layoutClass: LayoutClass, options values: [OptionSpec.Value]) throws(HostError) {
    try atomically { () throws(HostError) in
      let instance = try makeLayout(layoutClass, options: values)
      try instance.prepareIfNeeded()
      _ = try instance.contentSize()
      slot.install(instance)
    }
  }
}
