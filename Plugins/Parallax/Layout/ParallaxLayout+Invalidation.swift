import TesseraKit

/// What changes what: new options, a batch or everything lay the rows out again; a width change
/// does too (rows are full width); a vertical scroll moves only the header and the layers, and
/// its context names the header and the tiles on screen before or after.
extension ParallaxLayout {
  public func invalidateLayout(with context: InvalidationContext) {
    if context.invalidatesEverything || context.invalidatesDataSourceCounts { needsRows = true }
  }

  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.minY != bounds.minY || newBounds.width != bounds.width
  }

  public func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    guard newBounds.width == bounds.width, collectionView.numberOfSections > 0 else {
      return InvalidationContext(flags: .everything)
    }
    var context = InvalidationContext()
    context.supplementaries = [.init(kind: Self.header, indexPath: IndexPath(0, 0))]
    // The tiles on screen now (in the old bounds at the old offset) and after (in the new
    // bounds at the new offset): a fling's long step names no tile it passes over.
    for k in 0..<layers {
      var seen = Set<Int>()
      for view in [bounds, newBounds] {
        let shift = view.minY * (1 - speed(k))
        let first = max(0, min(Double(tileCount - 1), ((view.minY - shift) / tileHeight).rounded(.down)))
        let last = max(0, min(Double(tileCount - 1), ((view.maxY - shift) / tileHeight).rounded(.down)))
        guard tileCount > 0, first <= last, last - first < 10_000 else { continue }
        for j in Int(first)...Int(last) where seen.insert(j).inserted {
          context.decorations.append(.init(kind: Self.layer, indexPath: IndexPath(0, j * layers + k)))
        }
      }
    }
    return context
  }
}
