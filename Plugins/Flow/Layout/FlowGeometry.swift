import TesseraKit

/// Everything a prepared flow layout knows, in flat arrays so that a million items cost a few
/// tens of megabytes and a rect query is two binary searches plus the elements it returns.
struct FlowGeometry {
  struct Section {
    /// Index of the section's first item in `frames`.
    var itemBase: Int
    var itemCount: Int
    /// Extent of the section along the scroll axis, header and footer included.
    var start: Double
    var end: Double
    var header: Rect?
    var footer: Rect?
  }

  var isVertical = true
  var contentSize = Size.zero
  var sections: [Section] = []
  /// Cell frames of every section, in order.
  var frames: [Rect] = []
  /// Lines, across sections, in scroll order: first item (index into `frames`), the section,
  /// and the line's extent along the scroll axis.
  var lineFirstItem: [Int] = []
  var lineSection: [Int32] = []
  var lineStart: [Double] = []
  var lineEnd: [Double] = []

  /// The scroll-axis interval of a rect.
  @inline(__always) func span(_ rect: Rect) -> (Double, Double) {
    isVertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
  }

  /// First index in `values` (sorted ascending) whose value is greater than `bound`.
  @inline(__always) static func firstIndex(in values: [Double], greaterThan bound: Double) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let mid = (low &+ high) >> 1
      if values[mid] > bound { high = mid } else { low = mid &+ 1 }
    }
    return low
  }

  func elements(in rect: Rect, into sink: inout AttributesSink) {
    let (minV, maxV) = span(rect)
    // Headers and footers: sections are sorted along the scroll axis.
    var s = sections.withUnsafeBufferPointer { buffer -> Int in
      var low = 0
      var high = buffer.count
      while low < high {
        let mid = (low &+ high) >> 1
        if buffer[mid].end > minV { high = mid } else { low = mid &+ 1 }
      }
      return low
    }
    while s < sections.count, sections[s].start < maxV {
      if let header = sections[s].header, header.intersects(rect) {
        sink.append(LayoutAttributes(kind: FlowLayout.header, indexPath: IndexPath(s, 0), frame: header, zIndex: 10))
      }
      if let footer = sections[s].footer, footer.intersects(rect) {
        sink.append(LayoutAttributes(kind: FlowLayout.footer, indexPath: IndexPath(s, 0), frame: footer, zIndex: 10))
      }
      s += 1
    }
    // Cells: the first line that ends after the rect starts, then every line starting before
    // it ends.
    var line = Self.firstIndex(in: lineEnd, greaterThan: minV)
    frames.withUnsafeBufferPointer { frames in
      while line < lineStart.count, lineStart[line] < maxV {
        let section = Int(lineSection[line])
        let base = sections[section].itemBase
        let first = lineFirstItem[line]
        let last = line + 1 < lineFirstItem.count ? lineFirstItem[line + 1] : frames.count
        for index in first..<last where frames[index].intersects(rect) {
          sink.append(LayoutAttributes(indexPath: IndexPath(section, index - base), frame: frames[index]))
        }
        line += 1
      }
    }
  }

  func allElements(into sink: inout AttributesSink) {
    for (s, section) in sections.enumerated() {
      if let header = section.header {
        sink.append(LayoutAttributes(kind: FlowLayout.header, indexPath: IndexPath(s, 0), frame: header, zIndex: 10))
      }
      for item in 0..<section.itemCount {
        sink.append(LayoutAttributes(indexPath: IndexPath(s, item), frame: frames[section.itemBase + item]))
      }
      if let footer = section.footer {
        sink.append(LayoutAttributes(kind: FlowLayout.footer, indexPath: IndexPath(s, 0), frame: footer, zIndex: 10))
      }
    }
  }

  func item(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
    return LayoutAttributes(indexPath: indexPath, frame: frames[section.itemBase + indexPath.item])
  }

  func supplementary(_ kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < sections.count, indexPath.item == 0 else { return nil }
    let section = sections[indexPath.section]
    let frame = kind == FlowLayout.header ? section.header : kind == FlowLayout.footer ? section.footer : nil
    return frame.map { LayoutAttributes(kind: kind, indexPath: indexPath, frame: $0, zIndex: 10) }
  }
}

extension FlowLayout {
  public func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink) {
    geometry.elements(in: rect, into: &sink)
  }

  public func layoutAttributesForAllElements(into sink: inout AttributesSink) {
    geometry.allElements(into: &sink)
  }

  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    geometry.item(at: indexPath)
  }

  public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    geometry.supplementary(kind, at: indexPath)
  }
}
