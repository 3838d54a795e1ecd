import TesseraKit

/// What `render PATH transition` needs of the last animated layout change: every element's path
/// and the old layout's bounds, content size and kinds. Valid while nothing has changed since.
package struct LayoutChangeMemo {
  package init(
    changes: [ElementChange], oldBounds: Rect, oldContent: Size, oldLayout: LayoutClass, stamp: WorkbenchStamp
  ) {
    self.changes = changes
    self.oldBounds = oldBounds
    self.oldContent = oldContent
    self.oldLayout = oldLayout
    self.stamp = stamp
  }

  package let changes: [ElementChange]
  package let oldBounds: Rect
  package let oldContent: Size
  package let oldLayout: LayoutClass
  package let stamp: WorkbenchStamp

  package var layout: LayoutInstance { stamp.layout }

  package func isCurrent(layout: LayoutInstance?, model: CollectionModel) -> Bool {
    stamp.isCurrent(layout: layout, model: model)
  }

  /// The same memo, current as of `stamp` (after a failed command put the session back).
  package func restamped(_ stamp: WorkbenchStamp) -> LayoutChangeMemo {
    LayoutChangeMemo(
      changes: changes, oldBounds: oldBounds, oldContent: oldContent, oldLayout: oldLayout, stamp: stamp)
  }
}
