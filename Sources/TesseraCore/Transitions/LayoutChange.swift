import TesseraKit

/// What `layout NAME … animated` and `zoom` did: the layout now in place, the content offset
/// before and after (UIKit's anchor rule, or the zoom's focus, through the new layout's
/// `targetContentOffset`), and for an animated change every element's path.
public struct LayoutChangeReport {
  package init(
    setting: LayoutSetting, offsetBefore: Point, anchor: IndexPath?, proposed: Point, offset: Point,
    zoom: ZoomStep? = nil, changes: [ElementChange]? = nil
  ) {
    self.setting = setting
    self.offsetBefore = offsetBefore
    self.anchor = anchor
    self.proposed = proposed
    self.offset = offset
    self.zoom = zoom
    self.changes = changes
  }

  public var setting: LayoutSetting
  public var offsetBefore: Point
  /// The on-screen cell nearest the centre of the old bounds (or, for a zoom, nearest the point
  /// kept in place); nil when no cell was on screen.
  public var anchor: IndexPath?
  /// The offset proposed to the new layout's `targetContentOffset`, already clamped.
  public var proposed: Point
  /// Where the content offset is now.
  public var offset: Point
  public var zoom: ZoomStep?
  /// Every element visible before or after, with its start and end; nil when not animated.
  public var changes: [ElementChange]?
}

/// UIKit's `setCollectionViewLayout(_:animated:)` (docs/uikit-behaviour.md, "Layout transitions").
package enum LayoutChange {
  /// A proposed content offset Tessera can scroll to (as `scroll`: ±1e9 points, or the new
  /// content's size and the viewport's when larger), or why not.
  package static func checkReachable(_ proposed: Point, content: Size, viewport: Size) throws(HostError) {
    let limit = Limits.offsetLimits(content: content, viewport: viewport)
    guard abs(proposed.x) <= limit.x, abs(proposed.y) <= limit.y else {
      throw HostError(
        "the new content offset \(formatNumber(proposed.x)) \(formatNumber(proposed.y)) lies beyond the farthest Tessera scrolls (±\(Limits.coordinateText) points, or the content's size and the viewport's when larger; the new content is \(content.formatted)); nothing changed"
      )
    }
  }

  /// The new layout's `targetContentOffset` for `proposed`; an answer beyond what `scroll` takes
  /// for its content is its bug.
  package static func target(_ proposed: Point, in new: LayoutInstance, content: Size, viewport: Size) throws(HostError)
    -> Point
  {
    let target = try new.targetContentOffset(forProposed: proposed)
    let limit = Limits.offsetLimits(content: content, viewport: viewport)
    guard abs(target.x) <= limit.x, abs(target.y) <= limit.y else {
      throw HostError(
        .pluginBug,
        "layout '\(new.layoutClass.name)' gave the target content offset \(formatNumber(target.x)) \(formatNumber(target.y)), beyond the farthest its content scrolls (plugin bug)"
      )
    }
    return target
  }

  /// The offset that centres `anchor`'s cell of the new layout in the bounds, clamped to the new
  /// content (the origin when there is no anchor).
  package static func proposedOffset(anchor: IndexPath?, in new: LayoutInstance, bounds: Rect) throws(HostError)
    -> Point
  {
    guard let anchor, let cell = try new.item(at: anchor) else { return new.model.restingOffset }
    let centred = Point(x: cell.frame.midX - bounds.width / 2, y: cell.frame.midY - bounds.height / 2)
    return clampedOffset(
      centred, bounds: bounds.size, content: try new.contentSize(),
      insets: new.model.scrollInsets.adjustedContentInset)
  }

  /// Every element visible before (in the old layout) or after (in the new one), matched by
  /// category, kind and index path: one in both layouts moves (or stays); one the new layout
  /// lacks disappears to `disappearing(e)`; one the old layout lacks appears from
  /// `appearing(e)`. An animated switch asks the layouts' final and initial attributes; an
  /// interactive transition takes a faded copy.
  package static func changes(
    before: [Element], after: [Element], old: LayoutInstance, new: LayoutInstance,
    disappearing: (Element) throws(HostError) -> Element, appearing: (Element) throws(HostError) -> Element
  ) throws(HostError) -> [ElementChange] {
    var changes: [ElementChange] = []
    var afterByKey: [String: Element] = [:]
    for e in after { afterByKey[ElementChange.key(e)] = e }
    var seen = Set<String>()
    for e in before where seen.insert(ElementChange.key(e)).inserted {
      var end = afterByKey[ElementChange.key(e)]
      if end == nil { end = try new.counterpart(of: e) }
      if let end {
        changes.append(ElementChange(kind: end == e ? .stays : .moves, start: e, end: end))
      } else {
        changes.append(ElementChange(kind: .disappears, start: e, end: try disappearing(e)))
      }
    }
    for e in after where seen.insert(ElementChange.key(e)).inserted {
      if let start = try old.counterpart(of: e) {
        changes.append(ElementChange(kind: start == e ? .stays : .moves, start: start, end: e))
      } else {
        changes.append(ElementChange(kind: .appears, start: try appearing(e), end: e))
      }
    }
    return ElementChange.sorted(changes, old: old.layoutClass, new: new.layoutClass)
  }

  /// A copy of `e` with alpha 0: how an element fades in or out.
  package static func faded(_ e: Element) -> Element {
    var copy = e
    copy.alpha = 0
    return copy
  }
}
