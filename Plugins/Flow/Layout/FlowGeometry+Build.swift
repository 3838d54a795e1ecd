import TesseraABI
import TesseraKit

extension FlowGeometry {
  /// Lays out the sections from `first` on (docs/uikit-behaviour.md, "Flow layout") in one pass
  /// over their items, keeping what `g` holds for the sections before it — a batch that touches
  /// only the last section re-lays out only that one. Storage is reused between prepares.
  static func rebuild(
    _ g: inout FlowGeometry, from first: Int = 0, collectionView: CollectionView,
    configuration c: FlowLayout.Configuration, preferred: PreferredSizes
  ) throws(LayoutError) {
    let kept = min(max(0, first), g.sections.count)
    let keptItems = kept > 0 ? g.sections[kept - 1].itemBase + g.sections[kept - 1].itemCount : 0
    let keptLines = kept > 0 ? g.sections[kept - 1].firstLine + g.sections[kept - 1].lineCount : 0
    g.sections.removeSubrange(kept...)
    g.lines.removeSubrange(keptLines...)
    g.slots.removeSubrange(keptItems...)
    g.bands.truncate(to: keptLines + 2 * kept)
    g.isVertical = c.isVertical
    let bounds = collectionView.bounds
    let insets = collectionView.scrollInsets
    let adjusted = insets.adjustedContentInset
    g.boundsCrossExtent = c.isVertical ? bounds.width : bounds.height
    g.crossExtent = max(
      0, c.isVertical ? bounds.width - adjusted.left - adjusted.right : bounds.height - adjusted.top - adjusted.bottom)
    g.pinInsets = c.isVertical ? (adjusted.top, adjusted.bottom) : (adjusted.left, adjusted.right)
    // sectionInsetReference along the scroll axis: room once before the first section and once
    // after the last, where the reference reaches past the adjusted content inset.
    // With no sections there is no first or last one to keep room around.
    let extra =
      collectionView.numberOfSections == 0
      ? .zero : c.insetReference.edges(in: insets).map { insets.extraInsets(from: $0) } ?? .zero
    g.bands.setOrigin(c.isVertical ? extra.top : extra.left)
    g.trailingRoom = c.isVertical ? extra.bottom : extra.right
    let raw = c
    let c = c.measured(from: insets)
    g.screenScale = collectionView.screenScale
    if kept == 0 || g.configurations.first != c {
      g.configurations = [c]
      g.configurationIndex = [c: 0]
    }
    let sectionCount = collectionView.numberOfSections
    let counts = (0..<sectionCount).map { $0 < kept ? 0 : collectionView.numberOfItems(inSection: $0) }
    let total = keptItems + counts.reduce(0, +)
    g.slots.reserveCapacity(total)
    g.sections.reserveCapacity(sectionCount)
    let scratch = UnsafeMutableBufferPointer<tessera_item_metrics>.allocate(capacity: 512)
    let chunk = UnsafeMutableBufferPointer<Size>.allocate(capacity: 512)
    defer {
      scratch.deallocate()
      chunk.deallocate()
    }
    var builder = SectionBuilder(configuration: c, crossExtent: g.crossExtent, chunk: chunk, scratch: scratch)
    var builderIndex: Int32 = 0
    // The items live outside `g` while the builder writes them through a pointer: no
    // uniqueness or exclusivity checks in the per-item loops.
    var slots: [FlowGeometry.Slot] = []
    swap(&slots, &g.slots)
    defer { swap(&slots, &g.slots) }
    for s in kept..<max(kept, sectionCount) {
      let sc = try raw.forSection(s, of: collectionView).measured(from: insets)
      let index: Int32
      if let known = g.configurationIndex[sc] {
        index = known
      } else {
        index = Int32(g.configurations.count)
        g.configurations.append(sc)
        g.configurationIndex[sc] = index
      }
      if index != builderIndex {
        builder = SectionBuilder(configuration: sc, crossExtent: g.crossExtent, chunk: chunk, scratch: scratch)
        builderIndex = index
      }
      let header = thickness(collectionView.sectionSize("header", section: s) ?? c.headerSize, c)
      let footer = thickness(collectionView.sectionSize("footer", section: s) ?? c.footerSize, c)
      g.bands.append(header + sc.stackInsets.start)
      builder.laySection(
        s, count: counts[s], header: header, footer: footer, configuration: index, from: collectionView,
        preferred: preferred, slots: &slots, into: &g)
      g.bands.append(sc.stackInsets.end + footer)
    }
    g.bands.refresh()
  }

  /// A header's or footer's extent along the scroll axis; it exists only when positive.
  static func thickness(_ size: Size, _ c: FlowLayout.Configuration) -> Double {
    max(0, c.isVertical ? size.height : size.width)
  }
}

/// Breaks a section's items into lines and places each line as it closes. A line closes when
/// the next item does not fit, so a closed line is never the last; the section's last line is
/// placed at the end, when it is known whether the section is a uniform grid and whether every
/// line held one item — the only two facts that move it.
struct SectionBuilder {
  let configuration: FlowLayout.Configuration
  let available: Double
  let insetStart: Double
  let chunk: UnsafeMutableBufferPointer<Size>
  let scratch: UnsafeMutableBufferPointer<tessera_item_metrics>

  init(
    configuration c: FlowLayout.Configuration, crossExtent: Double,
    chunk: UnsafeMutableBufferPointer<Size> = UnsafeMutableBufferPointer(start: nil, count: 0),
    scratch: UnsafeMutableBufferPointer<tessera_item_metrics> = UnsafeMutableBufferPointer(start: nil, count: 0)
  ) {
    configuration = c
    let (start, end) = c.lineInsets
    available = crossExtent - start - end
    insetStart = start
    self.chunk = chunk
    self.scratch = scratch
  }

  /// Reads the section's sizes (preferred ones first when self-sizing), breaks and places them.
  mutating func laySection(
    _ s: Int, count: Int, header: Double, footer: Double, configuration configurationIndex: Int32 = 0,
    from collectionView: CollectionView, preferred: PreferredSizes, slots: inout [FlowGeometry.Slot],
    into g: inout FlowGeometry
  ) {
    let itemBase = slots.count
    let vertical = configuration.isVertical
    let selfSizing = configuration.isSelfSizing
    let defaultSize = selfSizing ? configuration.estimatedItemSize : configuration.itemSize
    // The slots are made at once and written through a pointer (no per-item append); the items
    // that differ from the first (what makes a uniform grid) are counted as they are read.
    slots.append(contentsOf: repeatElement(FlowGeometry.Slot(u: 0, extent: 0, thickness: 0), count: count))
    var read = 0
    var mismatches = 0
    slots.withUnsafeMutableBufferPointer { buffer in
      let slots = buffer.baseAddress! + itemBase
      while read < count {
        let got = collectionView.itemSizes(
          inSection: s, from: read, defaultSize: defaultSize, estimatesOnly: selfSizing, into: chunk, scratch: scratch)
        guard got > 0 else { break }
        for k in 0..<got {
          let size = selfSizing ? preferred[itemBase + read + k] ?? chunk[k] : chunk[k]
          let slot = FlowGeometry.Slot(
            u: 0, extent: vertical ? size.width : size.height, thickness: vertical ? size.height : size.width)
          slots[read + k] = slot
          if slot.extent != slots[0].extent || slot.thickness != slots[0].thickness { mismatches += 1 }
        }
        read += got
      }
    }
    if read < count { slots.removeSubrange((itemBase + read)...) }
    let section = FlowGeometry.Section(
      itemBase: itemBase, itemCount: read, firstLine: g.lines.count, lineCount: 0, header: header,
      footer: footer, mismatches: 0, multiItemLines: 0, configuration: configurationIndex)
    g.sections.append(section)
    slots.withUnsafeMutableBufferPointer {
      breakLines(s, from: itemBase, slots: $0.baseAddress!, into: &g, mismatches: mismatches)
    }
  }

  /// One greedy line from `first`: items join while their extents and the minimum spacing
  /// between them fit the line; the first always joins. Returns where the line ends (the next
  /// line's first item), the sum of its extents and its thickness.
  @inline(__always) func nextLine(
    from first: Int, end: Int, slots: UnsafeMutablePointer<FlowGeometry.Slot>
  ) -> (end: Int, extents: Double, thickness: Double) {
    let spacing = configuration.interitemSpacing
    var used = slots[first].extent
    var extents = used
    var thickness = slots[first].thickness
    var index = first + 1
    while index < end {
      let e = slots[index].extent
      if used + spacing + e > available { break }
      used += spacing + e
      extents += e
      thickness = max(thickness, slots[index].thickness)
      index += 1
    }
    return (index, extents, thickness)
  }

  /// Breaks the items of section `s` from `first` (which starts a line) to the section's end,
  /// appending lines and their bands, then places the last line.
  /// `mismatches`: the section's items that differ from its first, when the caller counted them.
  func breakLines(
    _ s: Int, from first: Int, slots: UnsafeMutablePointer<FlowGeometry.Slot>, into g: inout FlowGeometry,
    mismatches: Int? = nil
  ) {
    let end = g.sections[s].itemBase + g.sections[s].itemCount
    var lineFirst = first
    // The section's line counts are kept here and stored once (not through `g` per line).
    var (lineCount, multiItemLines) = (g.sections[s].lineCount, g.sections[s].multiItemLines)
    while lineFirst < end {
      let line = nextLine(from: lineFirst, end: end, slots: slots)
      let isLast = line.end == end
      g.lines.append(FlowGeometry.Line(firstItem: lineFirst, section: s, thickness: line.thickness))
      lineCount += 1
      if line.end - lineFirst > 1 { multiItemLines += 1 }
      g.bands.append(line.thickness + (isLast ? 0 : configuration.lineSpacing))
      // The section's last line is placed once the section is known.
      if !isLast {
        place(first: lineFirst, end: line.end, extents: line.extents, isLast: false, centreSingle: true, slots: slots)
      }
      lineFirst = line.end
    }
    (g.sections[s].lineCount, g.sections[s].multiItemLines) = (lineCount, multiItemLines)
    if let mismatches { g.sections[s].mismatches = mismatches } else { countMismatches(s, slots: slots, in: &g) }
    placeLastLine(s, slots: slots, in: &g)
  }

  func countMismatches(_ s: Int, slots: UnsafeMutablePointer<FlowGeometry.Slot>, in g: inout FlowGeometry) {
    let section = g.sections[s]
    guard section.itemCount > 0 else {
      g.sections[s].mismatches = 0
      return
    }
    let first = slots[section.itemBase]
    var mismatches = 0
    for index in section.itemBase..<(section.itemBase + section.itemCount) {
      let slot = slots[index]
      if slot.extent != first.extent || slot.thickness != first.thickness { mismatches += 1 }
    }
    g.sections[s].mismatches = mismatches
  }

  /// The section's last line: under the columns of a full line in a uniform grid; else
  /// left-aligned with the minimum spacing, unless every line holds one item (centred).
  func placeLastLine(_ s: Int, slots: UnsafeMutablePointer<FlowGeometry.Slot>, in g: inout FlowGeometry) {
    let section = g.sections[s]
    guard section.lineCount > 0 else { return }
    let lineIndex = section.firstLine + section.lineCount - 1
    let first = g.lines[lineIndex].firstItem
    let end = section.itemBase + section.itemCount
    var extents = 0.0
    for index in first..<end { extents += slots[index].extent }
    let firstLineCount =
      section.lineCount > 1
      ? g.lines[section.firstLine + 1].firstItem - g.lines[section.firstLine].firstItem : end - first
    if section.mismatches == 0, firstLineCount != 1 || section.lineCount == 1 {
      let width = slots[section.itemBase].extent
      let spacing = configuration.interitemSpacing
      // How many would fit: NaN or infinite for zero-width items without spacing, so it is
      // compared, and converted only once it is a modest whole number.
      let fits = ((spacing + available) / (spacing + width)).rounded(.down)
      let perLine = section.lineCount > 1 ? firstLineCount : fits >= 2 ? Int(min(fits, 1e15)) : 1
      if perLine > 1 {
        let gap = (available - Double(perLine) * width) / Double(perLine - 1)
        var before = 0.0
        for j in 0..<(end - first) {
          slots[first + j].u = insetStart + before + Double(j) * gap
          before += slots[first + j].extent
        }
        return
      }
    }
    place(
      first: first, end: end, extents: extents, isLast: true, centreSingle: section.multiItemLines == 0, slots: slots)
  }

  /// A line: justified when it is not the last and holds several items (first at the inset, last
  /// flush with the far inset); a lone item centred (or at the inset when wider than the line);
  /// the last line left-aligned with the minimum spacing, unless `centreSingle`.
  func place(
    first: Int, end: Int, extents: Double, isLast: Bool, centreSingle: Bool,
    slots: UnsafeMutablePointer<FlowGeometry.Slot>
  ) {
    let n = end - first
    if n == 1 {
      slots[first].u = isLast && !centreSingle ? insetStart : insetStart + max(0, (available - extents) / 2)
      return
    }
    let gap = isLast ? configuration.interitemSpacing : (available - extents) / Double(n - 1)
    var before = 0.0
    for j in 0..<n {
      let index = first + j
      // From the line start (not accumulated with the gaps), so a justified line's last item is
      // flush with the inset to the last bit and grid columns line up exactly.
      slots[index].u =
        !isLast && j == n - 1
        ? insetStart + available - slots[index].extent : insetStart + before + Double(j) * gap
      before += slots[index].extent
    }
  }
}
