import TesseraKit

/// What the live view reads (`Session.liveView`): nothing here changes the session.
extension WorkbenchState {
  /// The bounds (during an interactive transition, its blended offset) and the elements within
  /// a viewport's reach of them; when those are more than `LiveScene.mostElements`, only the
  /// viewport's (and past that, the first of them).
  func liveScene() throws(HostError) -> LiveScene {
    let layout = try currentLayout()
    let bounds = model.bounds
    let origin = transition?.offset ?? bounds.origin
    var reach = Rect(
      x: origin.x - bounds.width / 2, y: origin.y - bounds.height / 2, width: 2 * bounds.width,
      height: 2 * bounds.height)
    // As a picture takes them.
    var elements = transition != nil ? try shownElements(in: reach) : try self.elements(in: reach, whole: false, layout)
    let near = elements.count
    if elements.count > LiveScene.mostElements {
      reach = Rect(origin: origin, size: bounds.size)
      elements = elements.filter { $0.frame.intersects(reach) }
      if elements.count > LiveScene.mostElements { elements.removeLast(elements.count - LiveScene.mostElements) }
    }
    let classes = [layout.layoutClass] + (transition.map { [$0.next.layoutClass] } ?? [])
    var drawings: [String: KindDrawingHint] = [:]
    for layoutClass in classes { drawings.merge(layoutClass.drawings) { first, _ in first } }
    var scene = LiveScene(
      offset: origin, viewport: bounds.size, content: try shownContentSize(), layout: layout.layoutClass.name,
      zooms: layout.layoutClass.zoomScale != nil, elements: listing(elements), reach: reach,
      leftOut: near - elements.count, kinds: LayoutClass.kindNames(of: classes, nil), drawings: drawings)
    scene.adjustedContentInset = model.scrollInsets.adjustedContentInset
    scene.cellColours = cellColours(for: classes)
    return scene
  }

  /// The last batch update, or else the last animated layout change, while nothing has changed
  /// since; nil when there is neither.
  func liveMotion() throws(HostError) -> LiveMotion? {
    let layout = try currentLayout()
    let content = try shownContentSize()
    if let memo = memos.lastBatch, memo.isCurrent(layout: layout, model: model) {
      return LiveMotion(
        source: .batch, motions: try lastBatchMotions(layout), startBounds: model.bounds, endBounds: model.bounds,
        content: content, kinds: layout.layoutClass.kinds.dropFirst().map(\.name),
        drawings: layout.layoutClass.drawings)
    }
    guard transition == nil, let memo = memos.lastLayoutChange, memo.isCurrent(layout: layout, model: model) else {
      return nil
    }
    var scene = PictureScene(
      area: model.bounds, viewport: model.bounds, contentSize: content, elements: [], kinds: [], drawings: [:],
      cellID: { _ in nil })
    let motions = try transitionMotions(into: &scene)
    return LiveMotion(
      source: .layoutChange, motions: motions, startBounds: scene.startViewport ?? model.bounds,
      endBounds: model.bounds, content: scene.contentSize, kinds: scene.kinds, drawings: scene.drawings)
  }

  /// The density of the whole content: each element adds one to every cell of the grid its
  /// frame covers (a minimap: sparse content shows its shapes, not dots), or, when it covers more
  /// than `LiveOverview.mostCellsAnElement`, to the cell of its centre only. The elements are
  /// asked for in strips along the longer side, each counted in the strip that holds its centre,
  /// so no more than a strip's elements are held at once.
  func liveOverview() throws(HostError) -> LiveOverview {
    let content = try shownContentSize()
    guard content.width > 0, content.height > 0 else {
      return LiveOverview(content: content, columns: 0, rows: 0, counts: [], elements: 0)
    }
    let tall = content.height >= content.width
    let ratio = tall ? content.width / content.height : content.height / content.width
    let short = min(max(1, Int((ratio * Double(LiveOverview.longSide)).rounded())), LiveOverview.shortSideMost)
    var overview = LiveOverview(
      content: content, columns: tall ? short : LiveOverview.longSide, rows: tall ? LiveOverview.longSide : short,
      counts: [], elements: 0)
    overview.counts = [Int](repeating: 0, count: overview.columns * overview.rows)
    let cellWidth = content.width / Double(overview.columns)
    let cellHeight = content.height / Double(overview.rows)
    let strips = tall ? overview.rows : overview.columns
    for strip in 0..<strips {
      let rect =
        tall
        ? Rect(x: 0, y: Double(strip) * cellHeight, width: content.width, height: cellHeight)
        : Rect(x: Double(strip) * cellWidth, y: 0, width: cellWidth, height: content.height)
      for element in try shownElements(in: rect) {
        let along = tall ? element.frame.midY : element.frame.midX
        let start = tall ? rect.minY : rect.minX
        let length = tall ? cellHeight : cellWidth
        // Counted once: in the strip that holds its centre (the last strip takes the far edge).
        guard along >= start, along < start + length || strip == strips - 1 else { continue }
        overview.add(element.frame, cellWidth: cellWidth, cellHeight: cellHeight)
      }
    }
    return overview
  }

  /// Where a drag released at `velocity` (points per second) comes to rest: UIScrollView's
  /// projection at its normal deceleration rate (0.998 a millisecond: `velocity × 0.998 /
  /// (1 − 0.998) / 1000` points further), clamped to the content, then the layout's
  /// `targetContentOffset` for it, clamped again.
  func liveTarget(velocity: Point) throws(HostError) -> LiveTarget {
    let layout = try currentLayout()
    let content = try shownContentSize()
    let bounds = model.bounds
    // Seconds of the release velocity the glide travels: 0.998 / (1 − 0.998) / 1000.
    let travel = 0.499
    func clamped(_ p: Point) -> Point {
      Point(
        x: min(max(p.x, 0), max(content.width - bounds.width, 0)),
        y: min(max(p.y, 0), max(content.height - bounds.height, 0)))
    }
    let projected = clamped(
      Point(x: bounds.origin.x + velocity.x * travel, y: bounds.origin.y + velocity.y * travel))
    guard transition == nil else { return LiveTarget(projected: projected, target: bounds.origin) }
    return LiveTarget(projected: projected, target: clamped(try layout.targetContentOffset(forProposed: projected)))
  }
}
