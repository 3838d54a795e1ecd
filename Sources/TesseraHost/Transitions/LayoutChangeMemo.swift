import TesseraKit

/// What `render PATH transition` needs of the last animated layout change: every element's path
/// and both layouts' bounds and kinds. Valid while nothing has changed since (same dataset,
/// bounds and layout state).
struct LayoutChangeMemo {
  let changes: [ElementChange]
  let oldBounds: Rect
  let oldContent: Size
  let oldLayout: LayoutClass
  let layout: LayoutInstance
  let layoutGeneration: Int
  let modelGeneration: Int

  init(
    changes: [ElementChange], oldBounds: Rect, oldContent: Size, oldLayout: LayoutClass, layout: LayoutInstance,
    model: CollectionModel
  ) {
    self.changes = changes
    self.oldBounds = oldBounds
    self.oldContent = oldContent
    self.oldLayout = oldLayout
    self.layout = layout
    layoutGeneration = layout.generation
    modelGeneration = model.generation
  }

  func isCurrent(layout: LayoutInstance?, model: CollectionModel) -> Bool {
    layout === self.layout && layout?.generation == layoutGeneration && model.generation == modelGeneration
  }
}
