import TesseraKit

/// What `render` draws: the scene and the elements or motions of a picture, gathered from the
/// workbench; `Output/SVG` draws it and the session writes the file.
extension WorkbenchState {
  /// A picture of `area` (nil: the viewport) to write at `path`.
  func picture(path: String, area: PictureArea?, options: RenderOptions) throws(HostError) -> PictureRequest {
    var options = options
    let layout = try currentLayout()
    let contentSize = try shownContentSize()
    // During an interactive transition the bounds sit at the blended offset.
    let bounds = Rect(origin: transition?.offset ?? model.bounds.origin, size: model.bounds.size)
    var scene = PictureScene(
      area: bounds, viewport: bounds, contentSize: contentSize, elements: [],
      kinds: layout.layoutClass.kinds.dropFirst().map(\.name), drawings: layout.layoutClass.drawings,
      cellID: { [dataset = model.dataset] path in
        dataset.contains(path) ? dataset.sections[path.section].items.ids[path.item] : nil
      })
    scene.marksOverlaps = transition == nil
    scene.scrollInsets = model.scrollInsets
    scene.cellColours = cellColours(for: [layout.layoutClass] + (transition.map { [$0.next.layoutClass] } ?? []))
    scene.cellTexts = cellTexts()
    if options.frames != nil, area != .word("batch"), area != .word("transition"), area != .word("step") {
      throw HostError(
        "render: frames=N draws a film strip of a batch, a transition or the last step: use 'render PATH batch frames=N', 'render PATH transition frames=N' or 'render PATH step frames=N'"
      )
    }
    switch area {
    case .word("step")?:
      guard let memo = memos.lastFilm, memo.isCurrent(layout: layout, model: model) else {
        throw HostError(
          "render: there are no frames to draw: run 'step SECONDS' or 'drag DX DY' first (and draw them before anything else changes)"
        )
      }
      guard let frames = options.frames else {
        throw HostError(
          "render: the last step is drawn as a film strip: give frames=N, e.g. render settle.svg step frames=6")
      }
      scene.area = memo.frames.first?.viewport ?? model.bounds
      options.fit(scene.area)
      return PictureRequest(
        path: path, subject: .film(memo.frames, frames: frames), scene: scene, options: options.picture)
    case .word("batch")?:
      let motions = try lastBatchMotions(layout)
      scene.area = model.bounds
      options.fit(scene.area)
      return PictureRequest(
        path: path, subject: .motion(motions, frames: options.frames), scene: scene, options: options.picture)
    case .word("transition")?:
      let motions = try transitionMotions(into: &scene)
      options.fit(scene.area)
      return PictureRequest(
        path: path, subject: .motion(motions, frames: options.frames), scene: scene, options: options.picture)
    case .word("content")?:
      guard contentSize.width > 0, contentSize.height > 0 else {
        throw HostError(
          "render: the content size is \(contentSize.formatted), which has no area to draw; draw the viewport or a rect instead"
        )
      }
      scene.area = Rect(origin: .zero, size: contentSize)
    case .rect(let rect)?:
      guard rect.width > 0, rect.height > 0 else {
        throw HostError(
          "render: the rect \(formatNumber(rect.minX)) \(formatNumber(rect.minY)) \(formatNumber(rect.width)) \(formatNumber(rect.height)) has no area; give a width and a height above 0"
        )
      }
      scene.area = rect
    default:
      break
    }
    options.fit(scene.area)
    // A picture of everything holds every element's attributes for a moment.
    if area == .word("content"), model.dataset.itemCount > RenderOptions.mostElements {
      throw HostError(
        "render: the content holds \(model.dataset.itemCount) items, more than the \(RenderOptions.mostElements) one picture draws; draw the viewport or a rect X Y W H"
      )
    }
    try Limits.checkMemory(items: model.dataset.itemCount, for: "render's picture")
    scene.elements =
      transition != nil
      ? try shownElements(in: scene.area) : try elements(in: scene.area, whole: area == .word("content"), layout)
    return PictureRequest(path: path, subject: .layout, scene: scene, options: options.picture)
  }

  /// What a picture of `area` shows: the rect query's answer (which holds zero-area lines, a
  /// level connector, as UIKit's does), or for the whole content every element. A plugin built
  /// before ABI 2.4 may leave zero-area frames out of its rect queries: for one that draws lines,
  /// they are added from the full listing, so its pictures keep them.
  func elements(in area: Rect, whole: Bool, _ layout: LayoutInstance) throws(HostError) -> [Element] {
    if whole { return try layout.allAttributes() }
    var elements = try layout.attributes(in: area)
    let layoutClass = layout.layoutClass
    guard !layoutClass.answersEmptyFrames, layoutClass.drawings.values.contains(where: { $0.shape == .line }) else {
      return elements
    }
    let listed = Set(elements)
    for element in try layout.allAttributes()
    where (element.frame.width == 0 || element.frame.height == 0) && element.frame.intersects(area)
      && !listed.contains(element)
    {
      elements.append(element)
    }
    return elements
  }

  /// Every element's path through the interactive transition in progress, or else through the
  /// last animated layout change (when nothing has changed since). The scene shows the old and
  /// new bounds together, the larger content, and both layouts' kinds.
  func transitionMotions(into scene: inout PictureScene) throws(HostError) -> [Motion] {
    let changes: [ElementChange]
    let oldBounds: Rect
    let newBounds: Rect
    let classes: [LayoutClass]
    if let transition {
      changes = transition.pairs
      oldBounds = Rect(origin: transition.fromOffset, size: model.bounds.size)
      newBounds = Rect(origin: transition.toOffset, size: model.bounds.size)
      classes = [transition.current.layoutClass, transition.next.layoutClass]
    } else if let memo = memos.lastLayoutChange, memo.isCurrent(layout: layout, model: model) {
      changes = memo.changes
      oldBounds = memo.oldBounds
      newBounds = model.bounds
      classes = [memo.oldLayout, memo.layout.layoutClass]
      let size = try currentLayout().contentSize()
      scene.contentSize = Size(
        width: max(size.width, memo.oldContent.width), height: max(size.height, memo.oldContent.height))
    } else {
      throw HostError(
        "render: there is no layout change to draw: run 'layout NAME animated', 'zoom FACTOR animated' or 'transition NAME' first (and draw it before anything else changes)"
      )
    }
    scene.viewport = newBounds
    scene.startViewport = oldBounds
    scene.area = Rect(
      x: min(oldBounds.minX, newBounds.minX), y: min(oldBounds.minY, newBounds.minY),
      width: max(oldBounds.maxX, newBounds.maxX) - min(oldBounds.minX, newBounds.minX),
      height: max(oldBounds.maxY, newBounds.maxY) - min(oldBounds.minY, newBounds.minY))
    var drawings: [String: KindDrawingHint] = [:]
    for layoutClass in classes { drawings.merge(layoutClass.drawings) { first, _ in first } }
    scene.kinds = LayoutClass.kindNames(of: classes, nil)
    scene.drawings = drawings
    return changes.map { Motion(label: $0.shown.label, start: $0.start, end: $0.end) }
  }

  /// Every element's path through the last batch, when nothing has changed since.
  func lastBatchMotions(_ layout: LayoutInstance) throws(HostError) -> [Motion] {
    guard let memo = memos.lastBatch, memo.isCurrent(layout: layout, model: model) else {
      guard memos.lastBatchIsStale || memos.lastBatch != nil else {
        throw HostError("render: there is no batch to draw yet; run 'batch …' or 'apply PATH' first")
      }
      throw HostError(
        "render: the session has changed since the last batch (the dataset, the bounds or the layout); draw a batch right after it"
      )
    }
    let shadow = try LayoutInstance(
      layout.layoutClass, model: CollectionModel(dataset: memo.oldDataset, bounds: memo.oldBounds),
      options: layout.options)
    let before = try shadow.attributes(in: memo.oldBounds)
    let matched = try BatchAnimation.match(
      old: memo.oldDataset, oldBounds: memo.oldBounds, beforeVisible: before, result: memo.result, layout: layout,
      model: model)
    let animations = memo.animated ? matched : matched.withoutAnimation
    let result = memo.result
    let moved = Set(result.moved.map(\.id))
    let reloaded = Set(result.reloaded.map(\.id))
    return animations.map { a in
      let change: Motion.Change
      switch (a.from, a.to) {
      case (nil, _): change = .inserted
      case (_, nil): change = .deleted
      default:
        let isCell = a.end.category == .cell
        change = isCell && moved.contains(a.id) ? .moved : isCell && reloaded.contains(a.id) ? .reloaded : .none
      }
      let pathLabel = a.from.flatMap { from in a.to.flatMap { to in from == to ? nil : "\(from)→\(to)" } }
      // A deleted element keeps its old path, named so (a cell that takes its place has it too).
      let label = a.to.map { "\(a.element) \($0)" } ?? "\(a.element) \(a.from ?? a.end.indexPath) (deleted)"
      return Motion(
        label: label, id: a.id, start: a.start, end: a.end,
        change: change, pathLabel: pathLabel ?? (a.to ?? a.from).map { "\($0)" }, startPath: a.from.map { "\($0)" })
    }
  }
}
