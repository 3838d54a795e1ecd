import TesseraKit

/// `render PATH [viewport|content|batch|X Y W H] [key=value ...]`: a picture of the layout, or of
/// the last batch's animation. The handler gathers what to draw; `Output/SVG` draws it and the
/// session writes the file.
extension WorkbenchState {
  func renderCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    let path = try args.word("PATH")
    var options = try RenderOptions(args.pairs("key=value"))
    let layout = try currentLayout()
    let area = args["viewport|content|batch|transition|X Y W H"]
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
    if options.frames != nil, area != .word("batch"), area != .word("transition") {
      throw HostError(
        "render: frames=N draws a film strip of a batch or a transition: use 'render PATH batch frames=N' or 'render PATH transition frames=N'"
      )
    }
    switch area {
    case .word("batch")?:
      let motions = try lastBatchMotions(layout)
      scene.area = model.bounds
      options.fit(scene.area)
      return .picture(
        PictureRequest(
          path: path, subject: .motion(motions, frames: options.frames), scene: scene, options: options.picture))
    case .word("transition")?:
      let motions = try transitionMotions(into: &scene)
      options.fit(scene.area)
      return .picture(
        PictureRequest(
          path: path, subject: .motion(motions, frames: options.frames), scene: scene, options: options.picture))
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
    return .picture(PictureRequest(path: path, subject: .layout, scene: scene, options: options.picture))
  }

  /// What a picture of `area` shows. A rect query leaves out zero-area frames, but a line of
  /// zero height (a level connector) is still drawn: for the whole content every element is
  /// taken, and a layout that draws lines adds its zero-area elements inside the area.
  func elements(in area: Rect, whole: Bool, _ layout: LayoutInstance) throws(HostError) -> [Element] {
    if whole { return try layout.allAttributes() }
    var elements = try layout.attributes(in: area)
    guard layout.layoutClass.drawings.values.contains(where: { $0.shape == .line }) else { return elements }
    for element in try layout.allAttributes() where element.frame.width == 0 || element.frame.height == 0 {
      let f = element.frame
      if f.minX <= area.maxX, f.maxX >= area.minX, f.minY <= area.maxY, f.maxY >= area.minY {
        elements.append(element)
      }
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
    var drawings: [String: KindDrawing] = [:]
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
    let animations = try BatchAnimation.match(
      old: memo.oldDataset, oldBounds: memo.oldBounds, beforeVisible: before, result: memo.result, layout: layout,
      model: model)
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

/// The words `render` takes for what it draws (besides a rect).
enum RenderArea {
  static let words = ["viewport", "content", "batch", "transition"]
}

/// `render`'s `key=value` options, declared once (`help render` lists them, completion offers
/// them, `OptionSchema` checks them).
struct RenderOptions {
  /// More elements than this in the area are drawn as a density overview.
  static let overviewLimit = 20_000
  /// The most items a picture of the whole content takes (about 0.3 s and 400 MB a million).
  static let mostElements = 2_000_000
  static let maximumFrames = 60
  /// The largest `width=` in pixels.
  static let maximumPixels = 100_000.0
  /// The longest side a picture gets, in pixels: renderers refuse larger images (librsvg stops at
  /// 32767), so a very long content is drawn at a smaller scale instead.
  static let longestSide = 16_384.0

  static let schema = OptionSchema(
    "render",
    [
      OptionSpec("scale", .number, default: "1", range: 0.01...100, placeholder: "S", doc: "pixels per point"),
      OptionSpec("width", .number, range: 1...maximumPixels, placeholder: "PX", doc: "fit the picture to this width"),
      OptionSpec("title", .string, placeholder: "TEXT", doc: "a title above the picture"),
      OptionSpec("labels", .choice(["on", "off"]), default: "on", doc: "label the elements"),
      OptionSpec(
        "hidden", .choice(["show", "skip"]), default: "skip", doc: "hidden elements drawn dashed, or not drawn"),
      OptionSpec(
        "frames", .integer, range: 2...Double(maximumFrames), placeholder: "N",
        doc: "a film strip of N frames (with batch or transition)"),
    ])

  /// Options that draw `area` at scale 1, or smaller when it would come out longer than
  /// `longestSide` pixels.
  static func fitted(_ area: Rect) -> PictureOptions {
    let longest = max(area.width, area.height)
    var options = PictureOptions()
    if longest.isFinite, longest > longestSide { options.scale = longestSide / longest }
    return options
  }

  /// Lowers the scale when `area` would come out longer than `longestSide` pixels.
  mutating func fit(_ area: Rect) {
    let longest = max(area.width, area.height)
    let scale = picture.width.map { $0 / area.width } ?? picture.scale
    guard longest * scale > Self.longestSide else { return }
    picture.width = nil
    picture.scale = Self.longestSide / longest
  }

  var picture = PictureOptions()
  var frames: Int?

  init(_ pairs: [Arguments.Pair]) throws(HostError) {
    let given = try Self.schema.parse(pairs.map { ($0.key, $0.value) })
    picture.overviewLimit = Self.overviewLimit
    // Every option has a value here: the schema's defaults are the picture's.
    picture.scale = given.number("scale") ?? picture.scale
    picture.width = given.number("width")
    picture.title = given.text("title").flatMap { $0.isEmpty ? nil : $0 }
    picture.labels = given.text("labels") == "on"
    picture.showHidden = given.text("hidden") == "show"
    frames = given.integer("frames")
  }
}
