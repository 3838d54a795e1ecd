import TesseraKit

/// `invalidate all|item S.I|supplementary KIND S.I|decoration KIND S.I`, `invalidate size S.I WxH`:
/// what makes a layout lay out again, and a self-sizing cell's preferred size.
struct InvalidateCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "invalidate",
    [
      CommandForm(["all"], misfit: "invalidate all takes nothing more"),
      CommandForm(["item"], [path.required], misfit: "invalidate item takes an index path"),
      CommandForm(
        ["supplementary"], [supplementary.required, viewPath.required],
        misfit: "invalidate supplementary takes a kind and an index path"),
      CommandForm(
        ["decoration"], [decoration.required, viewPath.required],
        misfit: "invalidate decoration takes a kind and an index path"),
      CommandForm(
        ["size"], [path.required, size.required],
        misfit: "invalidate size takes an index path and a size"),
    ],
    summary: "invalidate the layout, or report a cell's preferred size (self-sizing)",
    discussion: """
      Invalidations merge until the next layout pass, which runs invalidate → prepare → content size. \
      'invalidate size' is a self-sizing cell reporting its preferred size: the layout decides whether that \
      invalidates it and which context it wants (a preferred size is at most \(Limits.coordinateText) points a \
      side). Each prints the elements whose attributes changed and the content size before → after.
      """,
    examples: [
      "invalidate all", "invalidate item 0.3", "invalidate size 0.3 100x80", "invalidate supplementary header 0.0",
      "invalidate decoration band 0.1",
    ],
    unknownSubcommand: { word in word.map { "unknown invalidation '\($0)'" } ?? "invalidate needs what to invalidate"
    },
    run: .command(InvalidateCommand.self))

  static let path = Argument<IndexPath>("S.I")
  static let viewPath = Argument<SectionIndexPath>("S.I")
  static let supplementary = Argument("KIND", ElementKindName.reader(.supplementary))
  static let decoration = Argument("KIND", ElementKindName.reader(.decoration))
  static let size = Argument<ItemSize>("WxH")

  enum Target {
    case context(InvalidationContext)
    case item(IndexPath)
    case preferredSize(Size, IndexPath)
  }

  var target: Target
  init(_ arguments: Arguments) throws(HostError) {
    var context = InvalidationContext()
    switch arguments.subcommand {
    case ["all"]: context = .everything
    case ["item"]: target = .item(try arguments.value(Self.path)); return
    case ["supplementary"], ["decoration"]:
      let category: ElementCategory = arguments.subcommand == ["decoration"] ? .decoration : .supplementary
      let name = try arguments.value(category == .decoration ? Self.decoration : Self.supplementary).name
      let view = InvalidationContext.ElementRef(
        kind: ElementKind(category, named: name), indexPath: try arguments.value(Self.viewPath).path)
      if category == .decoration { context.decorations = [view] } else { context.supplementaries = [view] }
    default: target = .preferredSize(try arguments.value(Self.size).size, try arguments.value(Self.path)); return
    }
    target = .context(context)
  }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    try state.refuseDuringTransition("invalidate")
    _ = try state.currentLayout()
    switch target {
    case .context(let context): return .invalidation(try state.invalidate(context))
    case .item(let path):
      var context = InvalidationContext()
      context.items = [try state.existingItem(path)]
      return .invalidation(try state.invalidate(context))
    case .preferredSize(let size, let path):
      let path = try state.existingItem(path)
      try Limits.checkSize(size, "preferred size")
      return try state.reportPreferredSize(size, at: path)
    }
  }
}
