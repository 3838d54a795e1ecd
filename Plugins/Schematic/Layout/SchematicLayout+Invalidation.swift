import TesseraKit

extension SchematicLayout {
  public func invalidateLayout(with context: InvalidationContext) {
    for preferredSize in context.preferredSizes where columns.indices.contains(preferredSize.indexPath.section) {
      let path = preferredSize.indexPath
      if path.item >= 0, path.item < columns[path.section].count,
        let id = collectionView.string("id", section: path.section, item: path.item)
      {
        preferred[id] = preferredSize.size
      }
    }
    // A preferred size moves its column and the ones after it; anything else starts over.
    let first =
      context.invalidatesEverything || context.invalidatesDataSourceCounts || context.flags.contains(.bounds)
      ? 0 : context.preferredSizes.map(\.indexPath.section).min() ?? firstDirtyColumn
    firstDirtyColumn = min(firstDirtyColumn, first)
  }

  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    false  // the tree's geometry does not depend on the bounds
  }

  /// A node's measured size matters (the talk's nodes size themselves): it invalidates when it
  /// differs from the laid-out one.
  public func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: LayoutAttributes, withOriginalAttributes original: LayoutAttributes
  ) -> Bool {
    preferred.frame.size != original.frame.size
  }

  /// Exactly the nodes and connectors whose attributes change: the affected columns are laid
  /// out with the new size and compared with the current ones. (The talk invalidates the
  /// column's items and the connectors into and out of it; when the column widens, every later
  /// column moves too — and a connector whose ends stay put is left alone.)
  public func invalidationContext(
    forPreferredLayoutAttributes preferred: LayoutAttributes, withOriginalAttributes original: LayoutAttributes
  ) -> InvalidationContext {
    var context = InvalidationContext()
    let path = preferred.indexPath
    context.preferredSizes = [.init(indexPath: path, size: preferred.frame.size)]
    guard columns.indices.contains(path.section), path.item >= 0, path.item < columns[path.section].count,
      let id = collectionView.string("id", section: path.section, item: path.item)
    else {
      context.flags = .everything
      return context
    }
    var sizes = self.preferred
    sizes[id] = preferred.frame.size
    let after = layOut(from: path.section, preferred: sizes)
    for s in path.section..<min(columns.count, after.count) {
      for item in 0..<min(columns[s].count, after[s].count) {
        if columns[s].frame(item) != after[s].frame(item) { context.items.append(IndexPath(s, item)) }
        if Self.connector(s, item, in: columns) != Self.connector(s, item, in: after) {
          context.supplementaries.append(.init(kind: Self.connector, indexPath: IndexPath(s, item)))
        }
      }
    }
    // Connectors out of the last changed column into the next are compared above (they belong
    // to the children); connectors into the first column from the one before are too.
    return context
  }
}
