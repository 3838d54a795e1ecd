import TesseraABI
import TesseraKit

/// `viewport`, `scroll`, `visible`, `dump`, `item`, `size`: the bounds and what lies in them.
extension WorkbenchState {
  func viewportCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    guard args.has("WxH[@S]") else { return .viewport(model.bounds.size, scale: screenScale) }
    try refuseDuringTransition("viewport")
    let (new, scale) = try args.viewport("WxH[@S]")
    guard new.width > 0, new.height > 0 else {
      throw HostError("invalid viewport \(new.formatted): width and height must be greater than 0")
    }
    try Limits.checkSize(new, "viewport")
    try atomically { () throws(HostError) in
      if scale != model.screenScale {
        // Layouts that round to pixels lay out again at the new scale.
        model.screenScale = scale
        try layout?.invalidate(flags: UInt32(TESSERA_INVALIDATE_EVERYTHING))
        try layout?.prepareIfNeeded()
      }
      try setBounds(to: Rect(origin: model.bounds.origin, size: new))
    }
    return .viewport(new, scale: scale)
  }

  func scrollCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    guard args.has("X Y") else { return .offset(transition?.offset ?? model.bounds.origin) }
    try refuseDuringTransition("scroll")
    let offset = try args.point("X Y")
    try checkOffsetFollowsContent(offset)
    try setBounds(to: Rect(origin: offset, size: model.bounds.size))
    return .offset(offset)
  }

  /// Offsets beyond ±1e9 points are for content that large: up to its size plus the viewport's
  /// (the content size is asked only then, so ordinary scrolls make no extra plugin call).
  private func checkOffsetFollowsContent(_ offset: Point) throws(HostError) {
    guard offset.x.magnitude > Limits.coordinate || offset.y.magnitude > Limits.coordinate else { return }
    let content = try layout.map { (current) throws(HostError) in try current.contentSize() } ?? .zero
    let (limitX, limitY) = Limits.offsetLimits(content: content, viewport: model.bounds.size)
    for (value, limit, axis) in [(offset.x, limitX, "x"), (offset.y, limitY, "y")] where value.magnitude > limit {
      guard limit > Limits.coordinate else {
        throw HostError(
          "scroll offset \(axis) \(formatNumber(value)) is too large: offsets must be within ±\(Limits.coordinateText) points, or the content's size and the viewport's when larger"
        )
      }
      throw HostError(
        "scroll offset \(axis) \(formatNumber(value)) is past the content: offsets go to ±\(formatNumber(limit)) points here (the content's size and the viewport's)"
      )
    }
  }

  func visibleCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    .attributes(try shownListing(in: model.bounds, command: "visible", showsAll: args.flag))
  }

  func dumpCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    let rect = args.has("X Y W H") ? try args.rect("X Y W H") : nil
    return .attributes(try shownListing(in: rect, command: "dump", showsAll: args.flag))
  }

  func itemCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    let path = try args.indexPath("S.I")
    if args.has("KIND") { return try viewCommand(kind: try args.word("KIND"), at: path) }
    guard model.dataset.contains(path) else { throw HostError(model.dataset.describeMissing(path)) }
    if let transition {
      guard let element = transition.element(like: .cell, kind: nil, at: path, screenScale: screenScale) else {
        throw HostError("item \(path) is in neither layout's snapshot of the transition (it was off screen in both)")
      }
      return .attributes(listing([element]))
    }
    guard let element = try currentLayout().item(at: path) else {
      throw HostError("layout '\(try currentLayout().layoutClass.name)' has no attributes for item \(path)")
    }
    return .attributes(listing([element]))
  }

  /// `item KIND S.I`: a supplementary or decoration view through the layout's lookup.
  private func viewCommand(kind: String, at path: IndexPath) throws(HostError) -> CommandResult {
    let layout = try currentLayout()
    let isDecoration = [layout.layoutClass, transition?.next.layoutClass].contains {
      $0?.kindNames(.decoration).contains(kind) == true
    }
    if let transition {
      let category: ElementCategory = isDecoration ? .decoration : .supplementary
      guard let element = transition.element(like: category, kind: kind, at: path, screenScale: screenScale) else {
        throw HostError("\(kind) \(path) is in neither layout's snapshot of the transition")
      }
      return .attributes(listing([element]))
    }
    let found = isDecoration ? try layout.decoration(kind, at: path) : try layout.supplementary(kind, at: path)
    guard let found else {
      throw HostError(
        "layout '\(layout.layoutClass.name)' has no \(isDecoration ? "decoration" : "supplementary") view \(kind) \(path)"
      )
    }
    return .attributes(listing([found]))
  }

  func sizeCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    .contentSize(try shownContentSize())
  }
}
