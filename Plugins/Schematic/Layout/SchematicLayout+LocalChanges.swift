import TesseraKit

/// What one node's new size changes, from the laid-out columns (no data read).
extension SchematicLayout {
  /// The most elements a preferred-size context names one by one. Beyond it, naming them
  /// would cost more than the layout pass: the context names the node, the connector into it
  /// and its children's connectors (`addShortChanges`), and the rest move on the next query.
  static let namedChangesLimit = 1024

  /// True when the column is as wide with node `item` at `size` (a column is as wide as its
  /// widest node).
  func columnKeepsWidth(_ s: Int, resizing item: Int, to size: Size) -> Bool {
    let column = columns[s]
    if size.width > column.width { return false }
    if size.width == column.width || column.sizes[item].width < column.width { return true }
    // The widest node narrows: the column is as wide as the next widest.
    var width = 0.0
    for (index, other) in column.sizes.enumerated() where index != item && other.width > width { width = other.width }
    return max(width, size.width) == column.width
  }

  /// When the column keeps its width: the node, the nodes below it while their tops differ
  /// (once a top is the same, the rest are), the connectors into those, and the connectors
  /// from them to their children change; nothing else does. False, with `context` as it was,
  /// when they are more than `namedChangesLimit`.
  func addChangesInColumn(_ s: Int, resizing item: Int, to size: Size, into context: inout InvalidationContext)
    -> Bool
  {
    let column = columns[s]
    // The new frames, from the node on, while they differ.
    var moved: [Rect] = [column.frame(top: column.tops[item], size: size)]
    if size.height != column.sizes[item].height {
      var y = column.tops[item]
      y += size.height + itemPadding
      var next = item + 1
      while next < column.count, y != column.tops[next] {
        if moved.count > Self.namedChangesLimit { return false }
        moved.append(column.frame(top: y, size: column.sizes[next]))
        y += column.sizes[next].height + itemPadding
        next += 1
      }
    }
    var named = context
    for (offset, frame) in moved.enumerated() where frame != column.frame(item + offset) {
      named.items.append(IndexPath(s, item + offset))
    }
    if s > 0 {
      let parentColumn = columns[s - 1]
      for (offset, frame) in moved.enumerated() {
        let child = item + offset
        let parent = Int(column.parents[child])
        guard parent >= 0 else { continue }
        let new = Self.connector(IndexPath(s, child), parent: parentColumn.frame(parent), child: frame)
        if new != Self.connector(s, child, in: columns) { named.supplementaries.append(connectorRef(s, child)) }
      }
    }
    if s + 1 < columns.count {
      let children = columns[s + 1]
      let range = item..<(item + moved.count)
      let childIndices = SchematicColumn.children(
        of: range, parents: children.parents, ascending: children.parentsAscending)
      if named.items.count + named.supplementaries.count + childIndices.count > Self.namedChangesLimit { return false }
      for child in childIndices {
        let new = Self.connector(
          IndexPath(s + 1, child), parent: moved[Int(children.parents[child]) - item], child: children.frame(child))
        if new != Self.connector(s + 1, child, in: columns) { named.supplementaries.append(connectorRef(s + 1, child)) }
      }
    }
    guard named.items.count + named.supplementaries.count <= Self.namedChangesLimit else { return false }
    context = named
    return true
  }

  /// The node, the connector into it and its children's connectors: the elements whose shape
  /// a new size changes (the nodes below it, and later columns when its column widens, only move).
  func addShortChanges(_ s: Int, resizing item: Int, into context: inout InvalidationContext) {
    context.items.append(IndexPath(s, item))
    if s > 0, columns[s].parents[item] >= 0 { context.supplementaries.append(connectorRef(s, item)) }
    if s + 1 < columns.count {
      let children = columns[s + 1]
      for child in SchematicColumn.children(
        of: item..<item + 1, parents: children.parents, ascending: children.parentsAscending)
      {
        context.supplementaries.append(connectorRef(s + 1, child))
      }
    }
  }

  func connectorRef(_ s: Int, _ item: Int) -> InvalidationContext.ElementRef {
    .init(kind: Self.connector, indexPath: IndexPath(s, item))
  }
}
