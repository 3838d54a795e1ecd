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
    let changed = listing(Self.changed(from: before, to: after))
    return InvalidationChanges(summary: summary, sizeBefore: sizeBefore, sizeAfter: sizeAfter, changed: changed)
  }

  /// The elements of `after` that changed: when both lists hold the same elements in the same
  /// order (kind and index path at each place — what a layout gives whose elements did not come
  /// and go), each compared with the one at its place, side by side with no table of labels (a
  /// million-item layout's changes in one pass); otherwise each with the last element before
  /// that has its label, and an element new by its label counts as changed.
  static func changed(from before: [Element], to after: [Element]) -> [Element] {
    if before.count == after.count {
      var changed: [Element] = []
      var sameOrder = true
      for (old, new) in zip(before, after) where old != new {
        guard old.kind == new.kind, old.indexPath == new.indexPath else {
          sameOrder = false
          break
        }
        changed.append(new)
      }
      if sameOrder { return changed }
    }
    var old: [ElementKey: Element] = [:]
    old.reserveCapacity(before.count)
    for e in before { old[ElementKey(e)] = e }
    return after.filter { old[ElementKey($0)] != $0 }
  }

  /// An element's label as a key, without making its text.
  struct ElementKey: Hashable {
    var kind: String
    var indexPath: IndexPath
    init(_ element: Element) {
      kind = element.kind ?? "cell"
      indexPath = element.indexPath
    }
  }
}
