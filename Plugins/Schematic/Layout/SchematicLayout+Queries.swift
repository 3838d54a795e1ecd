import TesseraKit

/// Queries: per column a binary search for the first node the rect reaches and one for the
/// first connector whose span does, then only what the rect holds — O(columns the rect crosses
/// × log n + k).
extension SchematicLayout {
  public func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink) {
    // Columns are in x order: binary-search the first one whose connectors or nodes reach the rect.
    var first = 0
    var high = columns.count
    while first < high {
      let middle = (first + high) / 2
      if columns[middle].x + columns[middle].width < rect.minX { first = middle + 1 } else { high = middle }
    }
    var s = first
    while s < columns.count {
      let column = columns[s]
      // Connectors into this column run between the previous column's right edge and this one.
      let start = s > 0 ? columns[s - 1].x : column.x
      if start > rect.maxX { break }
      if column.x <= rect.maxX {
        var item = column.firstNode(reaching: rect.minY)
        while item < column.count, column.tops[item] <= rect.maxY {
          let frame = column.frame(item)
          if frame.intersects(rect) { sink.append(LayoutAttributes(indexPath: IndexPath(s, item), frame: frame)) }
          item += 1
        }
      }
      if s > 0, column.connectorMinX <= rect.maxX, column.connectorMaxX >= rect.minX {
        column.connectors.forEach(overlapping: rect.minY, rect.maxY) { item in
          if let line = connector(s, item), line.frame.intersects(rect) { sink.append(line) }
        }
      }
      s += 1
    }
  }

  public func layoutAttributesForAllElements(into sink: inout AttributesSink) {
    for (s, column) in columns.enumerated() {
      for item in 0..<column.count {
        sink.append(LayoutAttributes(indexPath: IndexPath(s, item), frame: column.frame(item)))
        if let line = connector(s, item) { sink.append(line) }
      }
    }
  }

  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard columns.indices.contains(indexPath.section), indexPath.item >= 0,
      indexPath.item < columns[indexPath.section].count
    else { return nil }
    return LayoutAttributes(indexPath: indexPath, frame: columns[indexPath.section].frame(indexPath.item))
  }

  public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard kind == Self.connector, columns.indices.contains(indexPath.section), indexPath.item >= 0,
      indexPath.item < columns[indexPath.section].count
    else { return nil }
    return connector(indexPath.section, indexPath.item)
  }
}
