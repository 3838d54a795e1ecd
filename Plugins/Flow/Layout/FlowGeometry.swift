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
  var frames = FrameBuffer()
  /// One line of items: where it starts in `frames`, its section, and its extent along the
  /// scroll axis.
  struct Line {
    var firstItem: Int
    var section: Int
    var start: Double
    var end: Double
  }

  /// Lines across sections, in scroll order (so `start` and `end` never decrease).
  var lines: [Line] = []

  /// The scroll-axis interval of a rect.
  @inline(__always) func span(_ rect: Rect) -> (Double, Double) {
    isVertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
  }

  /// The index of the first element for which `isPast` holds, in a buffer where it holds for a
  /// suffix (lines and sections both end in scroll order): a binary search.
  @inline(__always) static func firstIndex<T>(in buffer: UnsafeBufferPointer<T>, where isPast: (T) -> Bool) -> Int {
    var low = 0
    var high = buffer.count
    while low < high {
      let mid = (low &+ high) >> 1
      if isPast(buffer[mid]) { high = mid } else { low = mid &+ 1 }
    }
    return low
  }

  func elements(in rect: Rect, into sink: inout AttributesSink) {
    let (minV, maxV) = span(rect)
    // Headers and footers: sections are sorted along the scroll axis.
    var s = sections.withUnsafeBufferPointer { Self.firstIndex(in: $0) { $0.end > minV } }
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
    var line = lines.withUnsafeBufferPointer { Self.firstIndex(in: $0) { $0.end > minV } }
    do {
      let frames = frames.buffer
      lines.withUnsafeBufferPointer { lines in
        while line < lines.count, lines[line].start < maxV {
          let section = lines[line].section
          let base = sections[section].itemBase
          let last = line + 1 < lines.count ? lines[line + 1].firstItem : frames.count
          for index in lines[line].firstItem..<last where frames[index].intersects(rect) {
            sink.append(LayoutAttributes(indexPath: IndexPath(section, index - base), frame: frames[index]))
          }
          line += 1
        }
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
