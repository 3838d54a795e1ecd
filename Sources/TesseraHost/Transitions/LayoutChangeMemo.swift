import TesseraKit

/// What `render PATH transition` needs of the last animated layout change: every element's path
/// and the old layout's bounds, content size and kinds. Valid while nothing has changed since.
struct LayoutChangeMemo {
  let changes: [ElementChange]
  let oldBounds: Rect
  let oldContent: Size
  let oldLayout: LayoutClass
  let stamp: WorkbenchStamp

  var layout: LayoutInstance { stamp.layout }

  func isCurrent(layout: LayoutInstance?, model: CollectionModel) -> Bool {
    stamp.isCurrent(layout: layout, model: model)
  }

  /// The same memo, current as of `stamp` (after a failed command put the session back).
  func restamped(_ stamp: WorkbenchStamp) -> LayoutChangeMemo {
    LayoutChangeMemo(
      changes: changes, oldBounds: oldBounds, oldContent: oldContent, oldLayout: oldLayout, stamp: stamp)
  }
}
