import TesseraABI
import TesseraKit

/// What `invalidate` does and prints: an invalidation, or a cell's preferred size, and the
/// elements it changes.
extension WorkbenchState {
  /// Records an invalidation and runs the pass after it: what `invalidate` prints.
  func invalidate(_ request: InvalidationContext) throws(HostError) -> InvalidationChanges {
    let layout = try currentLayout()
    return try changes(describedAs: "invalidated \(request.summary)") { () throws(HostError) in
      layout.invalidate(request)
    }
  }

  func existingItem(_ path: IndexPath) throws(HostError) -> IndexPath {
    guard model.dataset.contains(path) else { throw HostError(model.dataset.describeMissing(path)) }
    return path
  }

  /// The cell at `path` reports a preferred size (self-sizing).
  func reportPreferredSize(_ size: Size, at path: IndexPath) throws(HostError) -> CommandResult {
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
      try changes(describedAs: "\(path) prefers \(size.formatted): invalidated \(request.summary)") {
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
}
