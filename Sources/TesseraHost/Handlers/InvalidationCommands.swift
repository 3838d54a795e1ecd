import TesseraABI
import TesseraKit

/// `invalidate` and `selfsizing`: what makes a layout lay out again.
extension WorkbenchState {
  func invalidateCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    try refuseDuringTransition("invalidate")
    let layout = try currentLayout()
    var request = InvalidationRequest()
    switch args.subcommand {
    case ["all"]:
      request = .everything
    case ["item"]:
      request.items = [try existingItem(args.indexPath("S.I"))]
    case ["supplementary"]:
      request.supplementaries = [Element.Reference(kind: try args.word("KIND"), indexPath: try args.indexPath("S.I"))]
    case ["decoration"]:
      request.decorations = [Element.Reference(kind: try args.word("KIND"), indexPath: try args.indexPath("S.I"))]
    default:
      let path = try existingItem(args.indexPath("S.I"))
      let size = try args.size("WxH")
      try Limits.checkSize(size, "preferred size")
      return try preferredSizeCommand(size, at: path)
    }
    return .invalidation(
      try changes(describedAs: "invalidated \(request.description)") { () throws(HostError) in
        layout.invalidate(request)
      })
  }

  func existingItem(_ path: IndexPath) throws(HostError) -> IndexPath {
    guard model.dataset.contains(path) else { throw HostError(model.dataset.describeMissing(path)) }
    return path
  }

  /// The cell at `path` reports a preferred size (self-sizing).
  func preferredSizeCommand(_ size: Size, at path: IndexPath) throws(HostError) -> CommandResult {
    let layout = try currentLayout()
    guard let original = try layout.item(at: path) else {
      throw HostError("layout '\(layout.layoutClass.name)' has no attributes for item \(path)")
    }
    guard let request = try layout.preferredSize(size, for: original) else {
      return .preferredSizeKept(
        PreferredSizeKept(path: path, preferred: size, layout: layout.layoutClass.name, kept: original.frame.size))
    }
    let id = model.dataset.sections[path.section].items.ids[path.item]
    return .invalidation(
      try changes(describedAs: "\(path) prefers \(size.formatted): invalidated \(request.description)") {
        () throws(HostError) in
        layout.invalidate(request)
        layout.preferredLog.append((id, size))
      })
  }

  /// Runs an invalidation and the pass after it; reports the elements whose attributes changed
  /// and the content size before → after.
  func changes(describedAs summary: String, _ invalidate: () throws(HostError) -> Void) throws(HostError)
    -> InvalidationChanges
  {
    let layout = try currentLayout()
    let before = try layout.allAttributes()
    let sizeBefore = try layout.contentSize()
    try atomically { () throws(HostError) in
      try invalidate()
      try layout.prepareIfNeeded()
    }
    let after = try layout.allAttributes()
    let sizeAfter = try layout.contentSize()
    var old: [String: Element] = [:]
    for e in before { old[e.label] = e }
    let changed = listing(after.filter { old[$0.label] != $0 })
    return InvalidationChanges(summary: summary, sizeBefore: sizeBefore, sizeAfter: sizeAfter, changed: changed)
  }

  func selfSizingCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    try refuseDuringTransition("selfsizing")
    guard args.subcommand == ["on"] else {
      settings.selfSizing.isOn = false
      return .selfSizingOff
    }
    let budget = args.has("BUDGET") ? try args.count("BUDGET") : settings.selfSizing.budget
    // A failed command changes nothing: the atomic scope puts the setting back.
    return try atomically { () throws(HostError) in
      settings.selfSizing.isOn = true
      settings.selfSizing.budget = budget
      let passes = try settleVisibleCells()
      return .selfSizingOn(budget: budget, passes: passes)
    }
  }
}
