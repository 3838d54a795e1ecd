import TesseraKit

extension SchematicColumn {
  /// Spacing the column geometry follows (the layout's options).
  struct Spacing {
    var sectionMargin: Double
    var sectionPadding: Double
    var itemPadding: Double
  }

  /// A column laid out from its nodes' sizes and parents (indices into `previous`, or -1),
  /// to the right of `previous` (nil for the first column). Everything a column holds follows
  /// from these, so a column whose data did not change is laid out again from what it keeps.
  init(sizes: [Size], parents: [Int32], after previous: SchematicColumn?, spacing: Spacing) {
    let count = sizes.count
    var width = 0.0
    for size in sizes where size.width > width { width = size.width }
    let x = previous.map { $0.x + $0.width + spacing.sectionPadding } ?? spacing.sectionMargin
    var tops = [Double](repeating: 0, count: count)
    var y = spacing.itemPadding / 2
    for index in 0..<count {
      tops[index] = y
      y += sizes[index].height + spacing.itemPadding
    }
    var ascending = true
    for index in parents.indices.dropFirst() where parents[index] < parents[index - 1] {
      ascending = false
      break
    }
    self.init(
      x: x, width: width, height: y - spacing.itemPadding / 2, tops: tops, sizes: sizes, parents: parents,
      connectors: ConnectorSpans(), parentsAscending: ascending)
    guard let parentColumn = previous else { return }
    var minX = Double.infinity
    var maxX = -Double.infinity
    connectors = ConnectorSpans(count: count) { item in
      let parent = parents[item]
      guard parent >= 0 else { return nil }
      let parentSize = parentColumn.sizes[Int(parent)]
      minX = min(minX, parentColumn.x + (parentColumn.width + parentSize.width) / 2)
      maxX = max(maxX, x + (width - sizes[item].width) / 2)
      let parentMid = parentColumn.tops[Int(parent)] + parentSize.height / 2
      let childMid = tops[item] + sizes[item].height / 2
      return (min(parentMid, childMid), max(parentMid, childMid))
    }
    connectorMinX = minX
    connectorMaxX = maxX
  }

  /// True when every node has the same frame in both (connectors aside).
  func hasSameFrames(as other: SchematicColumn) -> Bool {
    x == other.x && width == other.width && tops == other.tops && sizes == other.sizes
  }
}
