import TesseraKit

/// An interactive transition (`UICollectionViewTransitionLayout(currentLayout:nextLayout:)`),
/// between `transition NAME` and `transition finish` or `cancel`: both layouts' attributes
/// snapshotted when it starts, blended by the progress
/// (docs/uikit-behaviour.md, "Layout transitions").
public struct InteractiveTransition {
  public let current: LayoutInstance
  public let next: LayoutInstance
  /// The content offset when it started, and the one the next layout ends at.
  public let fromOffset: Point
  public let toOffset: Point
  /// The cell kept in place (nearest the centre of the visible bounds); nil when none was.
  public let pivot: IndexPath?
  /// The offset proposed to the next layout's `targetContentOffset`, already clamped.
  public let proposed: Point
  /// Every snapshotted element: start in the current layout, end in the next.
  public let pairs: [ElementChange]
  /// The component-wise maximum of both layouts' content sizes.
  public let contentSize: Size
  /// From 0 (the current layout) to 1 (the next one).
  public var progress = 0.0

  /// Snapshots both layouts: the current one's attributes in `bounds`, the pivot, the target
  /// offset that keeps the pivot in place (clamped to the next layout's content, then through
  /// its `targetContentOffset`), and the next layout's attributes in the target bounds. An
  /// element on one side only takes the other layout's attributes for it, or a copy with alpha 0.
  package static func start(current: LayoutInstance, next: LayoutInstance, bounds: Rect) throws(HostError)
    -> InteractiveTransition
  {
    try current.prepareForTransition(to: next.layoutClass)
    do {
      try next.prepareForTransition(from: current.layoutClass)
      return try InteractiveTransition(snapshotting: current, next: next, bounds: bounds)
    } catch {
      // A transition that does not start is over for both layouts.
      current.finalizeLayoutTransition()
      next.finalizeLayoutTransition()
      throw error
    }
  }

  private init(snapshotting current: LayoutInstance, next: LayoutInstance, bounds: Rect) throws(HostError) {
    self.current = current
    self.next = next
    let before = try current.attributes(in: bounds)
    let pivotCell = nearestCell(to: Point(x: bounds.midX, y: bounds.midY), among: before)
    pivot = pivotCell?.indexPath
    var kept = bounds.origin
    if let pivotCell, let moved = try next.item(at: pivotCell.indexPath) {
      kept = Point(
        x: bounds.minX + moved.frame.midX - pivotCell.frame.midX,
        y: bounds.minY + moved.frame.midY - pivotCell.frame.midY)
    }
    let nextSize = try next.contentSize()
    proposed = clampedOffset(
      kept, bounds: bounds.size, content: nextSize, insets: next.model.scrollInsets.adjustedContentInset)
    try LayoutChange.checkReachable(proposed, content: nextSize, viewport: bounds.size)
    toOffset = try LayoutChange.target(proposed, in: next, content: nextSize, viewport: bounds.size)
    fromOffset = bounds.origin
    // The next layout is snapshotted as it lays out in the target bounds (a pinned header sits
    // where it will after finishing); the model's bounds go back when the snapshot is taken.
    let target = Rect(origin: toOffset, size: bounds.size)
    let model = next.model
    if target != bounds {
      if next.shouldInvalidate(forBoundsChange: target) { try next.invalidate(forBoundsChange: target) }
      model.bounds = target
    }
    defer { model.bounds = bounds }
    let after = try next.attributes(in: target)
    pairs = try LayoutChange.changes(
      before: before, after: after, old: current, new: next,
      disappearing: { (e) throws(HostError) in LayoutChange.faded(e) },
      appearing: { (e) throws(HostError) in LayoutChange.faded(e) })
    let currentSize = try current.contentSize()
    contentSize = Size(
      width: max(currentSize.width, nextSize.width), height: max(currentSize.height, nextSize.height))
  }

  /// The content offset now: the linear blend of the two origins.
  public var offset: Point { ElementInterpolation.offset(from: fromOffset, to: toOffset, progress: progress) }

  /// Every snapshotted element at the current progress (the transition layout's rect query
  /// returns them all, whatever the rect).
  public func elements(screenScale: Double?) -> [Element] {
    pairs.map { ElementInterpolation.element(from: $0.start, to: $0.end, progress: progress, screenScale: screenScale) }
  }

  /// The element like `e` (category, kind, index path) at the current progress, if snapshotted.
  public func element(like category: ElementCategory, kind: String?, at path: IndexPath, screenScale: Double?)
    -> Element?
  {
    pairs.first { $0.end.category == category && $0.end.kind == kind && $0.end.indexPath == path }.map {
      ElementInterpolation.element(from: $0.start, to: $0.end, progress: progress, screenScale: screenScale)
    }
  }
}
