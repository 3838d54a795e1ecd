import TesseraKit

/// One element's path through a layout change: where it starts and ends, and what kind of
/// change that is.
public struct ElementChange: Sendable, Equatable {
  public enum Kind: String, Sendable, CaseIterable {
    /// In both layouts, with different attributes.
    case moves
    /// In both layouts, with the same attributes.
    case stays
    /// Only in the new layout: it starts from the new layout's initial attributes for it.
    case appears
    /// Only in the old layout: it ends at the old layout's final attributes for it.
    case disappears
  }

  public var kind: Kind
  public var start: Element
  public var end: Element

  /// The element's identity across the two layouts (same data): category, kind, index path.
  package static func key(_ e: Element) -> String {
    "\(e.category.rawValue)|\(e.kind ?? "")|\(e.indexPath.section).\(e.indexPath.item)"
  }

  /// The element as listed: its end, or its start when it disappears.
  package var shown: Element { kind == .disappears ? start : end }

  /// Sorted for output by the element shown, kinds in the order the two layouts declare them.
  package static func sorted(_ changes: [ElementChange], old: LayoutClass, new: LayoutClass) -> [ElementChange] {
    let order = Element.KindOrder(LayoutClass.kindNames(of: [old, new], nil))
    return changes.sorted { Element.comesFirst($0.shown, $1.shown, order) }
  }
}

/// The cell of `elements` whose centre is nearest `point` (ties: the first by index path):
/// UIKit's anchor for a layout change (the bounds' centre, or a zoom's focus) and pivot for an
/// interactive transition.
package func nearestCell(to point: Point, among elements: [Element]) -> Element? {
  var best: (distance: Double, element: Element)?
  for e in elements where e.category == .cell {
    let dx = e.frame.midX - point.x
    let dy = e.frame.midY - point.y
    let distance = dx * dx + dy * dy
    if let current = best,
      distance > current.distance || (distance == current.distance && e.indexPath >= current.element.indexPath)
    {
      continue
    }
    best = (distance, e)
  }
  return best?.element
}

/// `offset` clamped to the scroll view's range: from (−left, −top) of the adjusted content inset
/// to the content's far edges plus the inset there, less the bounds (the start on a side where
/// the content and its insets are smaller than the bounds), as UIScrollView clamps it.
package func clampedOffset(_ offset: Point, bounds: Size, content: Size, insets: EdgeInsets = .zero) -> Point {
  Point(
    x: min(max(offset.x, -insets.left), max(-insets.left, content.width + insets.right - bounds.width)),
    y: min(max(offset.y, -insets.top), max(-insets.top, content.height + insets.bottom - bounds.height)))
}
