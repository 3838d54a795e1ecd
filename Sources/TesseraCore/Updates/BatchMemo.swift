import TesseraKit

/// What `render PATH batch` needs of the last batch: the data and bounds before it and where
/// every item went. Valid while nothing has changed since (same dataset, bounds and layout
/// state); the session drops it as soon as something has, so the old dataset is not kept alive.
package struct BatchMemo {
  package let oldDataset: Dataset
  package let oldBounds: Rect
  package let result: BatchResult
  /// False for `animated=false`: the picture shows every element at its end, nothing moving.
  package let animated: Bool
  package let stamp: WorkbenchStamp

  package var layout: LayoutInstance { stamp.layout }

  package init(
    oldDataset: Dataset, oldBounds: Rect, result: BatchResult, animated: Bool = true, layout: LayoutInstance,
    model: CollectionModel
  ) {
    self.init(
      oldDataset: oldDataset, oldBounds: oldBounds, result: result, animated: animated,
      stamp: WorkbenchStamp(layout: layout, model: model))
  }

  private init(oldDataset: Dataset, oldBounds: Rect, result: BatchResult, animated: Bool, stamp: WorkbenchStamp) {
    self.oldDataset = oldDataset
    self.oldBounds = oldBounds
    self.result = result
    self.animated = animated
    self.stamp = stamp
  }

  /// The same memo, current as of `stamp` (after a failed command put the session back).
  package func restamped(_ stamp: WorkbenchStamp) -> BatchMemo {
    BatchMemo(oldDataset: oldDataset, oldBounds: oldBounds, result: result, animated: animated, stamp: stamp)
  }

  package func isCurrent(layout: LayoutInstance?, model: CollectionModel) -> Bool {
    stamp.isCurrent(layout: layout, model: model)
  }
}
