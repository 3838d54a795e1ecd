import TesseraKit

/// What lies at a point: UIKit's `indexPathForItem(at:)` (cells, by zIndex, anywhere in the
/// content: it asks the layout for the 1×1 rect at the point) and hit-testing (the frontmost
/// element a tap lands on, among the views on screen: the elements in the visible bounds).
extension WorkbenchState {
  /// `indexPathForItem(at:)`: of the cells whose frames intersect the 1×1 rect at `point`, the
  /// one of highest zIndex, the first listed on a tie; hidden and transparent cells count.
  func item(at point: Point) throws(HostError) -> HitReport {
    let probe = Rect(origin: point, size: Size(width: 1, height: 1))
    var found: Element?
    for element in try shownElements(in: probe) where element.category == .cell && element.frame.intersects(probe) {
      if let best = found, element.zIndex <= best.zIndex { continue }
      found = element
    }
    return HitReport(point: point, rule: .item, found: listing(found.map { [$0] } ?? []))
  }

  /// Hit-testing: of the elements on screen (those in the visible bounds, which a point outside
  /// them cannot touch), the frontmost in painting order whose frame holds `point` (its
  /// transform undone about its centre), neither hidden nor of alpha below 0.01.
  func element(at point: Point) throws(HostError) -> HitReport {
    let bounds = Rect(origin: transition?.offset ?? model.bounds.origin, size: model.bounds.size)
    guard point.x >= bounds.minX, point.x < bounds.maxX, point.y >= bounds.minY, point.y < bounds.maxY else {
      return HitReport(point: point, rule: .element, found: listing([]), outside: bounds)
    }
    let candidates = try shownElements(in: bounds).filter { element in
      !element.isHidden && element.alpha >= 0.01 && Self.holds(element, point)
    }
    let kinds = (layout?.layoutClass.kinds ?? []).map(\.name)
    let order = PaintingOrder.sorted(candidates) { element in
      element.kind.flatMap { kinds.firstIndex(of: $0) } ?? kinds.count
    }
    return HitReport(point: point, rule: .element, found: listing(order.last.map { [$0] } ?? []))
  }

  /// UIView's `point(inside:)` on the element's view: the point taken into its own space (the
  /// affine transform inverted about the centre) lies in its bounds, right and bottom edges
  /// out. A 3D transform is not undone: its frame (the bounding box) is used.
  private static func holds(_ element: Element, _ point: Point) -> Bool {
    let frame = element.frame
    var local = point
    if element.transform != .identity, element.depth == .identity {
      let t = element.transform
      let determinant = t.a * t.d - t.b * t.c
      guard determinant != 0, determinant.isFinite else { return false }
      // Relative to the centre, then through the inverse of [a b; c d] (tx, ty moved too).
      let x = point.x - frame.midX - t.tx
      let y = point.y - frame.midY - t.ty
      local = Point(
        x: frame.midX + (t.d * x - t.c * y) / determinant, y: frame.midY + (-t.b * x + t.a * y) / determinant)
    }
    return local.x >= frame.minX && local.x < frame.maxX && local.y >= frame.minY && local.y < frame.maxY
  }
}
