import TesseraKit

extension SchematicLayout {
  public func invalidateLayout(with context: InvalidationContext) {
    for preferredSize in context.preferredSizes where columns.indices.contains(preferredSize.indexPath.section) {
      let column = columns[preferredSize.indexPath.section]
      if column.ids.indices.contains(preferredSize.indexPath.item) {
        preferred[column.ids[preferredSize.indexPath.item]] = preferredSize.size
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
    guard columns.indices.contains(path.section), columns[path.section].frames.indices.contains(path.item) else {
      context.flags = .everything
      return context
    }
    var sizes = self.preferred
    sizes[columns[path.section].ids[path.item]] = preferred.frame.size
    let after = layOut(from: path.section, preferred: sizes)
    for s in path.section..<min(columns.count, after.count) {
      for item in columns[s].frames.indices where item < after[s].frames.count {
        if columns[s].frames[item] != after[s].frames[item] { context.items.append(IndexPath(s, item)) }
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
