import TesseraKit

/// What changes what: new options, a batch or everything read the events again; a bounds change
/// moves only the pinned date row, and names only the headings a person sees.
extension TimelineLayout {
  public func invalidateLayout(with context: InvalidationContext) {
    if context.invalidatesEverything || context.invalidatesDataSourceCounts { needsEvents = true }
  }

  /// Only the date row depends on the bounds, and only while the content is taller than the
  /// view: a vertical scroll (or a height change) that moves it invalidates; a horizontal scroll
  /// never does.
  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    tickCount > 0 && pinnedDateRowY(in: newBounds) != dateRowY
  }

  /// The date headings on screen before or after the change (their x span meets either bounds'):
  /// items, links and bands keep their attributes.
  public func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    var context = InvalidationContext()
    let old = collectionView.bounds
    let minX = min(old.minX, newBounds.minX)
    let maxX = max(old.maxX, newBounds.maxX)
    let step = Double(tickSpacing) * scale
    let low = max(0, Int(((minX - leading) / step).rounded(.down).clamped(-1, 1e9)))
    let high = min(tickCount - 1, Int(((maxX - leading) / step).rounded(.down).clamped(-1, 1e9)))
    // A view wide enough to show more headings than this gets UIKit's empty context: the next
    // prepare moves the row all the same (it reads nothing else).
    guard low <= high, high - low < 10_000 else { return context }
    for k in low...high where heading(k).frame.maxX > minX && heading(k).frame.minX < maxX {
      context.supplementaries.append(.init(kind: Self.date, indexPath: IndexPath(0, k)))
    }
    return context
  }
}

extension Double {
  /// The value within `low...high`, so a conversion to Int cannot trap (NaN gives `low`).
  func clamped(_ low: Double, _ high: Double) -> Double {
    guard self == self else { return low }
    return Swift.min(Swift.max(self, low), high)
  }
}
