import TesseraKit

extension SchematicLayout {
  /// A preferred size moves the nodes below it in its column (and the later columns when the
  /// column's width changes): the next prepare lays out again, from what they keep, only the
  /// columns it changes. Anything else reads the data again.
  public func invalidateLayout(with context: InvalidationContext) {
    let everything =
      context.invalidatesEverything || context.invalidatesDataSourceCounts || context.flags.contains(.bounds)
    if context.invalidatesDataSourceCounts { preferredAtIsStale = true }
    if everything {
      firstDirtyColumn = 0
      pendingSizes = []
    }
    for preferredSize in context.preferredSizes where columns.indices.contains(preferredSize.indexPath.section) {
      let (s, item) = (preferredSize.indexPath.section, preferredSize.indexPath.item)
      guard item >= 0, item < columns[s].count, let id = collectionView.string("id", section: s, item: item) else {
        continue
      }
      preferred[id] = preferredSize.size
      guard !preferredAtIsStale else { continue }
      if preferredAt.count < columns.count {
        preferredAt += [[Int: Size]](repeating: [:], count: columns.count - preferredAt.count)
      }
      preferredAt[s][item] = preferredSize.size
      if s < firstDirtyColumn { pendingSizes.append((s, item, preferredSize.size)) }
    }
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

  /// Exactly the nodes and connectors whose attributes change, up to `namedChangesLimit`.
  /// (The talk invalidates the column's items and the connectors into and out of it; when the
  /// column widens, every later column moves too — and a connector whose ends stay put is left
  /// alone.) From the laid-out columns: when the column keeps its width, only the nodes below
  /// the node move, so only they, their connectors and their children's are compared.
  public func invalidationContext(
    forPreferredLayoutAttributes preferred: LayoutAttributes, withOriginalAttributes original: LayoutAttributes
  ) -> InvalidationContext {
    var context = InvalidationContext()
    let path = preferred.indexPath
    let size = preferred.frame.size
    context.preferredSizes = [.init(indexPath: path, size: size)]
    guard columns.indices.contains(path.section), path.item >= 0, path.item < columns[path.section].count,
      collectionView.string("id", section: path.section, item: path.item) != nil
    else {
      context.flags = .everything
      return context
    }
    let after: [SchematicColumn]
    if firstDirtyColumn != Int.max || !pendingSizes.isEmpty {
      // Not laid out since the last change: lay the columns out from the data.
      if preferredAtIsStale { findPreferredPositions() }
      after = columnsFromData(from: path.section, extra: (path.section, path.item, size))
    } else if columnKeepsWidth(path.section, resizing: path.item, to: size) {
      if !addChangesInColumn(path.section, resizing: path.item, to: size, into: &context) {
        addShortChanges(path.section, resizing: path.item, into: &context)
      }
      return context
    } else if columns[path.section...].reduce(0, { $0 + $1.count }) > Self.namedChangesLimit {
      // Every node from the column on moves.
      addShortChanges(path.section, resizing: path.item, into: &context)
      return context
    } else {
      after = laidOutAgain(columns, changing: [path.section: [(path.item, size)]])
    }
    for s in path.section..<min(columns.count, after.count) {
      for item in 0..<min(columns[s].count, after[s].count) {
        if columns[s].frame(item) != after[s].frame(item) { context.items.append(IndexPath(s, item)) }
        if Self.connector(s, item, in: columns) != Self.connector(s, item, in: after) {
          context.supplementaries.append(connectorRef(s, item))
        }
      }
    }
    return context
  }

  /// The columns from `first` on, read from the data with one more preferred size.
  func columnsFromData(from first: Int, extra: (section: Int, item: Int, size: Size)) -> [SchematicColumn] {
    var result = Array(columns.prefix(first))
    layOut(appendingTo: &result, upTo: collectionView.numberOfSections, extra: extra)
    return result
  }
}
