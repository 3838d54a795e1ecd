import TesseraABI
import TesseraKit

extension FlowGeometry {
  /// Lays out the sections from `first` on (UIKIT.md, "Flow layout") in one pass over their
  /// items, keeping what `g` holds for the sections before it — a batch that touches only the
  /// last section re-lays out only that one. Storage is reused: a prepare that allocated a fresh
  /// 32 MB frame array for a million items would spend more time in page faults than in the
  /// layout.
  static func rebuild(
    _ g: inout FlowGeometry, from first: Int = 0, collectionView: CollectionView,
    configuration c: FlowLayout.Configuration
  ) {
    let kept = min(max(0, first), g.sections.count)
    let keptItems = kept > 0 ? g.sections[kept - 1].itemBase + g.sections[kept - 1].itemCount : 0
    var v = kept > 0 ? g.sections[kept - 1].end : 0.0
    g.sections.removeSubrange(kept...)
    let keptLines = g.lines.withUnsafeBufferPointer { Self.firstIndex(in: $0) { $0.section >= kept } }
    g.lines.removeSubrange(keptLines...)
    g.isVertical = c.isVertical
    let bounds = collectionView.bounds
    let fullExtent = c.isVertical ? bounds.width : bounds.height
    let (stackInsetStart, stackInsetEnd) = c.stackInsets
    let sectionCount = collectionView.numberOfSections
    let counts = (0..<sectionCount).map { $0 < kept ? 0 : collectionView.numberOfItems(inSection: $0) }
    let total = keptItems + counts.reduce(0, +)
    g.sections.reserveCapacity(sectionCount)
    g.frames.reserve(total, keeping: keptItems)
    let scratch = UnsafeMutableBufferPointer<tessera_item_metrics>.allocate(capacity: 512)
    let chunk = UnsafeMutableBufferPointer<Size>.allocate(capacity: 512)
    defer {
      scratch.deallocate()
      chunk.deallocate()
    }
    do {
      var builder = SectionBuilder(
        configuration: c, fullExtent: fullExtent, frames: g.frames.base, chunk: chunk, scratch: scratch,
        cursor: keptItems)
      for s in kept..<max(kept, sectionCount) {
        let start = v
        let headerSize = collectionView.sectionSize("header", section: s) ?? c.headerSize
        let header = supplementaryFrame(headerSize, at: &v, fullExtent: fullExtent, isVertical: c.isVertical)
        v += stackInsetStart
        let itemBase = builder.cursor
        v = builder.laySection(
          Int32(s), count: counts[s], from: collectionView, startingAt: v, lines: &g)
        v += stackInsetEnd
        let footerSize = collectionView.sectionSize("footer", section: s) ?? c.footerSize
        let footer = supplementaryFrame(footerSize, at: &v, fullExtent: fullExtent, isVertical: c.isVertical)
        g.sections.append(
          Section(
            itemBase: itemBase, itemCount: builder.cursor - itemBase, start: start, end: v, header: header,
            footer: footer))
      }
      g.frames.count = builder.cursor
    }
    g.contentSize = c.isVertical ? Size(width: bounds.width, height: v) : Size(width: v, height: bounds.height)
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

/// Breaks a section's items into lines and places each line as it closes. A line closes when
/// the next item does not fit, so a closed line is never the last; the section's last line is
/// placed at the end, when it is known whether the section is a uniform grid and whether every
/// line held one item — the only two facts that move it.
///
/// Frames are written straight into the caller's buffer: while a line is open its items hold
/// their (extent, thickness) in `size`, in scroll-axis terms; closing the line writes the final
/// frames.
struct SectionBuilder {
  let isVertical: Bool
  let available: Double
  let insetStart: Double
  let interitemSpacing: Double
  let lineSpacing: Double
  let defaultSize: Size
  let frames: UnsafeMutablePointer<Rect>
  let chunk: UnsafeMutableBufferPointer<Size>
  let scratch: UnsafeMutableBufferPointer<tessera_item_metrics>
  /// Items written so far, across sections.
  private(set) var cursor = 0

  init(
    configuration c: FlowLayout.Configuration, fullExtent: Double, frames: UnsafeMutablePointer<Rect>,
    chunk: UnsafeMutableBufferPointer<Size>, scratch: UnsafeMutableBufferPointer<tessera_item_metrics>,
    cursor: Int = 0
  ) {
    self.cursor = cursor
    self.chunk = chunk
    self.scratch = scratch
    isVertical = c.isVertical
    let (start, end) = c.lineInsets
    available = fullExtent - start - end
    insetStart = start
    interitemSpacing = c.interitemSpacing
    lineSpacing = c.lineSpacing
    defaultSize = c.itemSize
    self.frames = frames
  }

  /// Places the section's `count` items from `start` on; returns where its last line ends.
  mutating func laySection(
    _ section: Int32, count: Int, from collectionView: CollectionView, startingAt start: Double,
    lines g: inout FlowGeometry
  ) -> Double {
    guard count > 0 else { return start }
    var v = start
    var lineFirst = cursor
    var used = 0.0  // extents plus minimum spacing of the open line
    var extents = 0.0
    var lineThickness = 0.0
    var allSingle = true
    var firstLineCount = 0
    var uniform = true
    var firstSize = Size.zero
    let vertical = isVertical
    var index = 0
    while index < count {
      let got = collectionView.itemSizes(
        inSection: Int(section), from: index, defaultSize: defaultSize, into: chunk, scratch: scratch)
      guard got > 0 else { break }
      for k in 0..<got {
        let size = chunk[k]
        let e = vertical ? size.width : size.height
        let t = vertical ? size.height : size.width
        if index + k == 0 {
          firstSize = Size(width: e, height: t)
        } else if uniform, e != firstSize.width || t != firstSize.height {
          uniform = false
        }
        if cursor > lineFirst, used + interitemSpacing + e > available {
          // The open line closes before this item: it is not the section's last.
          let n = cursor - lineFirst
          if n > 1 { allSingle = false }
          if firstLineCount == 0 { firstLineCount = n }
          place(first: lineFirst, count: n, extents: extents, thickness: lineThickness, at: v, isLast: false)
          record(first: lineFirst, section: section, v: v, thickness: lineThickness, lines: &g)
          v += lineThickness + lineSpacing
          lineFirst = cursor
          used = e
          extents = e
          lineThickness = t
        } else {
          used += cursor > lineFirst ? interitemSpacing + e : e
          extents += e
          lineThickness = Swift.max(lineThickness, t)
        }
        frames[cursor] = Rect(x: 0, y: 0, width: e, height: t)
        cursor += 1
      }
      index += got
    }
    // The last line.
    let n = cursor - lineFirst
    if n > 1 { allSingle = false }
    if uniform, n > 0, firstLineCount != 1 {
      // A grid: the last line's items sit under the columns of a full line.
      let perLine =
        firstLineCount > 0
        ? firstLineCount
        : max(1, Int(((interitemSpacing + available) / (interitemSpacing + firstSize.width)).rounded(.down)))
      if perLine > 1 {
        let gap = (available - Double(perLine) * firstSize.width) / Double(perLine - 1)
        placeColumns(first: lineFirst, count: n, gap: gap, thickness: lineThickness, at: v)
      } else {
        place(
          first: lineFirst, count: n, extents: extents, thickness: lineThickness, at: v, isLast: true,
          centreSingle: true)
      }
    } else {
      place(
        first: lineFirst, count: n, extents: extents, thickness: lineThickness, at: v, isLast: true,
        centreSingle: allSingle)
    }
    record(first: lineFirst, section: section, v: v, thickness: lineThickness, lines: &g)
    return v + lineThickness
  }

  @inline(__always) private func record(
    first: Int, section: Int32, v: Double, thickness: Double, lines g: inout FlowGeometry
  ) {
    g.lines.append(FlowGeometry.Line(firstItem: first, section: Int(section), start: v, end: v + thickness))
  }

  /// Writes the final frame of an item whose (extent, thickness) is in `frames[index].size`.
  @inline(__always) private func finish(_ index: Int, u: Double, lineV: Double, lineThickness: Double) {
    let e = frames[index].size.width
    let t = frames[index].size.height
    let v = lineV + (lineThickness - t) / 2
    frames[index] = isVertical ? Rect(x: u, y: v, width: e, height: t) : Rect(x: v, y: u, width: t, height: e)
  }

  /// A line: justified when it is not the last and holds several items (first at the inset, last
  /// flush with the far inset); a lone item centred (or at the inset when wider than the line);
  /// the last line left-aligned with the minimum spacing, unless `centreSingle`.
  private func place(
    first: Int, count n: Int, extents: Double, thickness: Double, at v: Double, isLast: Bool,
    centreSingle: Bool = true
  ) {
    if n == 1 {
      let u = isLast && !centreSingle ? insetStart : insetStart + max(0, (available - extents) / 2)
      finish(first, u: u, lineV: v, lineThickness: thickness)
      return
    }
    let gap = isLast ? interitemSpacing : (available - extents) / Double(n - 1)
    var before = 0.0
    for j in 0..<n {
      let index = first + j
      // From the line start (not accumulated with the gaps), so a justified line's last item is
      // flush with the inset to the last bit and grid columns line up exactly.
      let u =
        !isLast && j == n - 1
        ? insetStart + available - frames[index].size.width : insetStart + before + Double(j) * gap
      before += frames[index].size.width
      finish(index, u: u, lineV: v, lineThickness: thickness)
    }
  }

  /// The last line of a uniform section, under the columns of a full line.
  private func placeColumns(first: Int, count n: Int, gap: Double, thickness: Double, at v: Double) {
    var before = 0.0
    for j in 0..<n {
      finish(first + j, u: insetStart + before + Double(j) * gap, lineV: v, lineThickness: thickness)
      before += frames[first + j].size.width
    }
  }
}
