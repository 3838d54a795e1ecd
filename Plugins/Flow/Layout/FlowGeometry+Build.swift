import TesseraKit

extension FlowGeometry {
  /// Lays out every section from scratch (UIKIT.md, "Flow layout").
  static func build(collectionView: CollectionView, configuration c: FlowLayout.Configuration) -> FlowGeometry {
    var g = FlowGeometry()
    g.isVertical = c.isVertical
    let bounds = collectionView.bounds
    let fullExtent = c.isVertical ? bounds.width : bounds.height
    let (lineInsetStart, lineInsetEnd) = c.lineInsets
    let (stackInsetStart, stackInsetEnd) = c.stackInsets
    let available = fullExtent - lineInsetStart - lineInsetEnd
    let sectionCount = collectionView.numberOfSections
    g.sections.reserveCapacity(sectionCount)

    var builder = SectionBuilder(
      isVertical: c.isVertical, available: available, insetStart: lineInsetStart,
      interitemSpacing: c.interitemSpacing, lineSpacing: c.lineSpacing)
    var v = 0.0
    for s in 0..<sectionCount {
      let start = v
      let headerSize = collectionView.sectionSize("header", section: s) ?? c.headerSize
      let header = supplementaryFrame(headerSize, at: &v, fullExtent: fullExtent, isVertical: c.isVertical)
      v += stackInsetStart
      let itemBase = g.frames.count
      builder.readSizes(of: s, from: collectionView, defaultSize: c.itemSize)
      v = builder.layLines(section: Int32(s), startingAt: v, into: &g)
      v += stackInsetEnd
      let footerSize = collectionView.sectionSize("footer", section: s) ?? c.footerSize
      let footer = supplementaryFrame(footerSize, at: &v, fullExtent: fullExtent, isVertical: c.isVertical)
      g.sections.append(
        Section(
          itemBase: itemBase, itemCount: g.frames.count - itemBase, start: start, end: v, header: header, footer: footer
        ))
    }
    g.contentSize = c.isVertical ? Size(width: bounds.width, height: v) : Size(width: v, height: bounds.height)
    return g
  }

  /// A header or footer spans the whole bounds along a line (insets do not apply) and exists only
  /// when its extent along the scroll axis is positive.
  private static func supplementaryFrame(
    _ size: Size, at v: inout Double, fullExtent: Double, isVertical: Bool
  ) -> Rect? {
    let thickness = isVertical ? size.height : size.width
    guard thickness > 0 else { return nil }
    defer { v += thickness }
    return isVertical
      ? Rect(x: 0, y: v, width: fullExtent, height: thickness)
      : Rect(x: v, y: 0, width: thickness, height: fullExtent)
  }
}

/// Breaks one section's items into lines and places them. Keeps its scratch arrays between
/// sections so a prepare allocates nothing per section.
struct SectionBuilder {
  let isVertical: Bool
  let available: Double
  let insetStart: Double
  let interitemSpacing: Double
  let lineSpacing: Double
  /// Item extents along a line and across it.
  var extent: [Double] = []
  var thickness: [Double] = []
  var isUniform = true

  init(isVertical: Bool, available: Double, insetStart: Double, interitemSpacing: Double, lineSpacing: Double) {
    self.isVertical = isVertical
    self.available = available
    self.insetStart = insetStart
    self.interitemSpacing = interitemSpacing
    self.lineSpacing = lineSpacing
  }

  mutating func readSizes(of section: Int, from collectionView: CollectionView, defaultSize: Size) {
    extent.removeAll(keepingCapacity: true)
    thickness.removeAll(keepingCapacity: true)
    let count = collectionView.numberOfItems(inSection: section)
    extent.reserveCapacity(count)
    thickness.reserveCapacity(count)
    let vertical = isVertical
    collectionView.forEachItemSize(inSection: section, defaultSize: defaultSize) { _, size in
      extent.append(vertical ? size.width : size.height)
      thickness.append(vertical ? size.height : size.width)
    }
    isUniform = true
    if let e0 = extent.first, let t0 = thickness.first {
      for index in extent.indices where extent[index] != e0 || thickness[index] != t0 {
        isUniform = false
        break
      }
    }
  }

  @inline(__always) func store(_ u: Double, _ v: Double, _ e: Double, _ t: Double, into g: inout FlowGeometry) {
    g.frames.append(isVertical ? Rect(x: u, y: v, width: e, height: t) : Rect(x: v, y: u, width: t, height: e))
  }

  @inline(__always) func beginLine(first: Int, section: Int32, v: Double, thickness: Double, into g: inout FlowGeometry)
  {
    g.lineFirstItem.append(first)
    g.lineSection.append(section)
    g.lineStart.append(v)
    g.lineEnd.append(v + thickness)
  }

  /// Places the section's items from `v` on; returns where the last line ends.
  mutating func layLines(section: Int32, startingAt start: Double, into g: inout FlowGeometry) -> Double {
    let count = extent.count
    guard count > 0 else { return start }
    return isUniform
      ? layGrid(section: section, startingAt: start, into: &g)
      : layRagged(section: section, startingAt: start, into: &g)
  }

  /// Same-size items: a grid whose columns every line, the last included, lines up with.
  private func layGrid(section: Int32, startingAt start: Double, into g: inout FlowGeometry) -> Double {
    let count = extent.count
    let e = extent[0]
    let t = thickness[0]
    let perLine = max(1, Int(((interitemSpacing + available) / (interitemSpacing + e)).rounded(.down)))
    let gap = perLine > 1 ? (available - Double(perLine) * e) / Double(perLine - 1) : 0
    let centred = insetStart + max(0, (available - e) / 2)
    var v = start
    var first = 0
    while first < count {
      if first > 0 { v += lineSpacing }
      beginLine(first: g.frames.count, section: section, v: v, thickness: t, into: &g)
      let last = min(count, first + perLine)
      for column in 0..<(last - first) {
        let u = perLine == 1 ? centred : insetStart + Double(column) * (e + gap)
        store(u, v, e, t, into: &g)
      }
      v += t
      first = last
    }
    return v
  }

  /// Items of varying sizes: greedy line breaking, justified lines, a left-aligned last line.
  private func layRagged(section: Int32, startingAt start: Double, into g: inout FlowGeometry) -> Double {
    let count = extent.count
    // First pass: the breaks, so that the last line and the all-single case are known.
    var breaks: [Int] = [0]
    var allSingle = true
    var index = 0
    while index < count {
      var used = extent[index]
      var next = index + 1
      while next < count, used + interitemSpacing + extent[next] <= available {
        used += interitemSpacing + extent[next]
        next += 1
      }
      if next - index > 1 { allSingle = false }
      breaks.append(next)
      index = next
    }
    var v = start
    for line in 0..<(breaks.count - 1) {
      let first = breaks[line]
      let end = breaks[line + 1]
      let isLast = line == breaks.count - 2
      var lineThickness = 0.0
      var extents = 0.0
      for i in first..<end {
        lineThickness = max(lineThickness, thickness[i])
        extents += extent[i]
      }
      if line > 0 { v += lineSpacing }
      beginLine(first: g.frames.count, section: section, v: v, thickness: lineThickness, into: &g)
      let n = end - first
      let u: Double
      let gap: Double
      if n == 1 {
        // A lone item is centred, unless it is the last line of a section whose other lines hold
        // several items; one wider than the line starts at the inset.
        u = isLast && !allSingle ? insetStart : insetStart + max(0, (available - extents) / 2)
        gap = 0
      } else if isLast {
        u = insetStart
        gap = interitemSpacing
      } else {
        u = insetStart
        gap = (available - extents) / Double(n - 1)
      }
      let lineStart = u
      var before = 0.0
      for i in first..<end {
        // Positions from the line start (not accumulated) so a justified line's last item is
        // flush with the inset to the last bit.
        let position =
          n > 1 && !isLast && i == end - 1
          ? insetStart + available - extent[i] : lineStart + before + Double(i - first) * gap
        store(position, v + (lineThickness - thickness[i]) / 2, extent[i], thickness[i], into: &g)
        before += extent[i]
      }
      v += lineThickness
    }
    return v
  }
}
