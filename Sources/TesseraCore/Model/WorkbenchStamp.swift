/// The moment a memo was taken (the last batch, the last layout change): which layout was
/// current and the generations of it and of the model. The memo is still true while nothing has
/// changed since.
package struct WorkbenchStamp {
  package let layout: LayoutInstance
  package let layoutGeneration: Int
  package let modelGeneration: Int

  package init(layout: LayoutInstance, model: CollectionModel) {
    self.layout = layout
    layoutGeneration = layout.generation
    modelGeneration = model.generation
  }

  package func isCurrent(layout: LayoutInstance?, model: CollectionModel) -> Bool {
    layout === self.layout && layout?.generation == layoutGeneration && model.generation == modelGeneration
  }
}
