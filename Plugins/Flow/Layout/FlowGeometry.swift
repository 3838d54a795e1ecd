import Algorithms
import TesseraKit

/// Everything a prepared flow layout knows. Along a line each item keeps its position `u`, its
/// extent and its thickness; along the scroll axis the layout is a sequence of bands — per
/// section a head (header and top inset), one band per line (its thickness and the spacing
/// after it) and a tail (bottom inset and footer) — whose starts `BandLengths` keeps. A frame is
/// assembled when asked for, so a line that grows moves everything after it without touching it.
struct FlowGeometry {
  struct Slot {
    var u: Double
    var extent: Double
    var thickness: Double
  }

  struct Line {
    var firstItem: Int
    var section: Int
    var thickness: Double
  }

  struct Section {
    var itemBase: Int
    var itemCount: Int
    var firstLine: Int
    var lineCount: Int
    var header: Double
    var footer: Double
    /// Items whose size differs from the section's first item's: 0 means a uniform grid.
    var mismatches: Int
    /// Lines holding more than one item: 0 means every line holds one.
    var multiItemLines: Int
    /// Its metrics: an index into `FlowGeometry.configurations` (sections share equal ones).
    var configuration: Int32 = 0

    @inline(__always) func headBand(_ s: Int) -> Int { firstLine + 2 * s }
    @inline(__always) func tailBand(_ s: Int) -> Int { firstLine + lineCount + 2 * s + 1 }
  }

  var isVertical = true
  /// The lines' extent: the bounds across the scroll axis less the adjusted content inset on
  /// both sides (UIKit's flow measures from `adjustedContentInset`), never negative.
  var crossExtent = 0.0
  /// The bounds' size across the scroll axis this geometry was laid out for.
  var boundsCrossExtent = 0.0
  /// The room `sectionInsetReference` keeps after the last section along the scroll axis (the
  /// room before the first one is `bands.origin`).
  var trailingRoom = 0.0
  /// The adjusted content inset along the scroll axis (top and bottom when vertical): pinned
  /// headers stop below its start, pinned footers above its end.
  var pinInsets = (start: 0.0, end: 0.0)
  /// The distinct per-section metrics; most sections share the layout's own (index 0).
  var configurations: [FlowLayout.Configuration] = []
  var configurationIndex: [FlowLayout.Configuration: Int32] = [:]

  func configuration(of s: Int) -> FlowLayout.Configuration { configurations[Int(sections[s].configuration)] }
  /// Pinned headers and footers (docs/uikit-behaviour.md, "Pinned headers and footers"), and the
  /// visible bounds' span along the scroll axis they were placed for.
  var pinsHeaders = false
  var pinsFooters = false
  var pinSpan = (start: 0.0, end: 0.0)
  /// The screen's scale: UIKit's flow layout rounds every origin (not size) to its pixels,
  /// `round(v × scale) / scale`, half away from zero (docs/uikit-behaviour.md,
  /// "Screen scale"). nil: none.
  var screenScale: Double?

  /// `rect` with its origin rounded to the screen's pixels, when there is a screen scale.
  @inline(__always) func pixelAligned(_ rect: Rect) -> Rect {
    guard let scale = screenScale else { return rect }
    return Rect(
      x: (rect.minX * scale).rounded() / scale, y: (rect.minY * scale).rounded() / scale, width: rect.width,
      height: rect.height)
  }

  mutating func pin(to bounds: Rect, headers: Bool, footers: Bool) {
    pinsHeaders = headers
    pinsFooters = footers
    pinSpan = pinnedSpan(bounds)
  }

  /// The part of the scroll-axis span of `bounds` that pinned headers and footers stay within:
  /// inside the adjusted content inset, below a navigation bar.
  func pinnedSpan(_ bounds: Rect) -> (start: Double, end: Double) {
    let (start, end) = span(bounds)
    return (start + pinInsets.start, end - pinInsets.end)
  }
  var slots: [Slot] = []
  var lines: [Line] = []
  var sections: [Section] = []
  var bands = BandLengths()

  @inline(__always) static func lineBand(_ line: Int, section: Int) -> Int { line + 2 * section + 1 }

  /// Never negative: section insets more negative than their sections are tall would make it so.
  var contentExtent: Double { max(0, bands.total + trailingRoom) }

  @inline(__always) func frame(_ index: Int, line: Line, lineStart: Double) -> Rect {
    let slot = slots[index]
    let v = lineStart + (line.thickness - slot.thickness) / 2
    let frame =
      isVertical
      ? Rect(x: slot.u, y: v, width: slot.extent, height: slot.thickness)
      : Rect(x: v, y: slot.u, width: slot.thickness, height: slot.extent)
    return screenScale == nil ? frame : pixelAligned(frame)
  }

  /// Where section `s` starts and ends along the scroll axis (its head to the end of its footer).
  func sectionSpan(_ s: Int) -> (start: Double, end: Double) {
    let section = sections[s]
    let tail = section.tailBand(s)
    return (bands.start(of: section.headBand(s)), tail + 1 < bands.count ? bands.start(of: tail + 1) : bands.total)
  }

  func headerFrame(_ s: Int) -> Rect? { headerFrame(s, pinnedTo: pinSpan) }

  /// The header, pinned to the top of `visible` when headers pin: its place, or the top of the
  /// visible bounds, but never so low that it leaves its section (above the footer).
  func headerFrame(_ s: Int, pinnedTo visible: (start: Double, end: Double)) -> Rect? {
    let section = sections[s]
    guard section.header > 0 else { return nil }
    var v = bands.start(of: section.headBand(s))
    if pinsHeaders { v = max(v, min(visible.start, sectionSpan(s).end - section.footer - section.header)) }
    return pixelAligned(
      isVertical
        ? Rect(x: 0, y: v, width: crossExtent, height: section.header)
        : Rect(x: v, y: 0, width: section.header, height: crossExtent))
  }

  func footerFrame(_ s: Int) -> Rect? { footerFrame(s, pinnedTo: pinSpan) }

  /// The footer, pinned to the bottom of `visible` when footers pin: its place, or the bottom of
  /// the visible bounds, but never so high that it leaves its section (below the header).
  func footerFrame(_ s: Int, pinnedTo visible: (start: Double, end: Double)) -> Rect? {
    let section = sections[s]
    guard section.footer > 0 else { return nil }
    var v = bands.start(of: section.tailBand(s)) + configuration(of: s).stackInsets.end
    if pinsFooters { v = min(v, max(visible.end - section.footer, sectionSpan(s).start + section.header)) }
    return pixelAligned(
      isVertical
        ? Rect(x: 0, y: v, width: crossExtent, height: section.footer)
        : Rect(x: v, y: 0, width: section.footer, height: crossExtent))
  }

  /// The scroll-axis interval of a rect.
  @inline(__always) func span(_ rect: Rect) -> (start: Double, end: Double) {
    isVertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
  }

  /// The section whose bands include `band`: the last one whose head is at or before it.
  func section(ofBand band: Int) -> Int {
    max(0, sections.indices.partitioningIndex { sections[$0].headBand($0) > band } - 1)
  }

  func elements(in rect: Rect, into sink: inout AttributesSink) {
    // Rounding moves an origin by up to half a pixel: the bands are searched a pixel wider, and
    // each frame is tested against the rect itself.
    let slack = screenScale.map { 1 / $0 } ?? 0
    let (minV, maxV) = (span(rect).start - slack, span(rect).end + slack)
    var band = bands.firstBand(reaching: minV)
    guard band < bands.count else { return }
    var s = section(ofBand: band)
    // A header or footer lies within its section's span, pinned or not: each section the rect
    // reaches is asked for both once, when the query enters it.
    var entered = -1
    do {
      while band < bands.count, s < sections.count {
        let start = bands.start(of: band)
        // While a band is negative, a later band may start before this one: look at them all.
        if start > maxV, bands.isMonotone { break }
        let section = sections[s]
        if entered != s {
          entered = s
          if let header = headerFrame(s), header.intersects(rect) {
            sink.append(
              LayoutAttributes(kind: FlowLayout.header, indexPath: IndexPath(s, 0), frame: header, zIndex: 10))
          }
          if let footer = footerFrame(s), footer.intersects(rect) {
            sink.append(
              LayoutAttributes(kind: FlowLayout.footer, indexPath: IndexPath(s, 0), frame: footer, zIndex: 10))
          }
        }
        if band == section.headBand(s) {
          // Asked on entering the section.
        } else if band == section.tailBand(s) {
          s += 1
        } else {
          let lineIndex = band - 2 * s - 1
          let line = lines[lineIndex]
          let end = lineIndex + 1 < lines.count ? lines[lineIndex + 1].firstItem : slots.count
          for index in line.firstItem..<end {
            let frame = frame(index, line: line, lineStart: start)
            if frame.intersects(rect) {
              sink.append(LayoutAttributes(indexPath: IndexPath(s, index - section.itemBase), frame: frame))
            }
          }
        }
        band += 1
      }
    }
  }

  func allElements(into sink: inout AttributesSink) {
    for (s, section) in sections.enumerated() {
      if let header = headerFrame(s) {
        sink.append(LayoutAttributes(kind: FlowLayout.header, indexPath: IndexPath(s, 0), frame: header, zIndex: 10))
      }
      for lineIndex in section.firstLine..<(section.firstLine + section.lineCount) {
        let line = lines[lineIndex]
        let start = bands.start(of: Self.lineBand(lineIndex, section: s))
        let end = lineIndex + 1 < lines.count ? lines[lineIndex + 1].firstItem : slots.count
        for index in line.firstItem..<end {
          sink.append(
            LayoutAttributes(
              indexPath: IndexPath(s, index - section.itemBase), frame: frame(index, line: line, lineStart: start)))
        }
      }
      if let footer = footerFrame(s) {
        sink.append(LayoutAttributes(kind: FlowLayout.footer, indexPath: IndexPath(s, 0), frame: footer, zIndex: 10))
      }
    }
  }

  /// The line holding item `index` (an index into `slots`) of section `s`: in a uniform grid
  /// the item's offset over the first line's count, otherwise its proportional place among the
  /// lines; from there a gallop to the lines around it and a binary search between them —
  /// O(1) for a grid and O(log distance) otherwise, where a search over every line missed the
  /// cache on each of its ~18 steps (0.64 µs at a million items).
  func line(ofItem index: Int, section s: Int) -> Int {
    let section = sections[s]
    let end = section.firstLine + section.lineCount
    // Callers pass an item of the section; anything else gets the line before it, as a search
    // over the lines would.
    guard section.lineCount > 0, index >= lines[section.firstLine].firstItem else { return section.firstLine - 1 }
    let offset = index - section.itemBase
    let perLine =
      section.lineCount > 1 ? lines[section.firstLine + 1].firstItem - section.itemBase : section.itemCount
    let estimate =
      section.mismatches == 0 && perLine > 0
      ? offset / perLine : section.itemCount > 0 ? offset * section.lineCount / section.itemCount : 0
    let guess = section.firstLine + min(max(0, estimate), section.lineCount - 1)
    // lines[low].firstItem <= index, and index < lines[high].firstItem unless high == end.
    var low = section.firstLine
    var high = end
    var step = 1
    if lines[guess].firstItem <= index {
      low = guess
      while low + step < high, lines[low + step].firstItem <= index {
        low += step
        step *= 2
      }
      high = min(high, low + step)
    } else {
      high = guess
      while high - step > low, lines[high - step].firstItem > index {
        high -= step
        step *= 2
      }
      low = max(low, high - step)
    }
    return (low + 1..<high).partitioningIndex { lines[$0].firstItem > index } - 1
  }

  func item(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
    let index = section.itemBase + indexPath.item
    let lineIndex = line(ofItem: index, section: indexPath.section)
    let start = bands.start(of: Self.lineBand(lineIndex, section: indexPath.section))
    return LayoutAttributes(indexPath: indexPath, frame: frame(index, line: lines[lineIndex], lineStart: start))
  }

  func supplementary(_ kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < sections.count, indexPath.item == 0 else { return nil }
    let frame =
      kind == FlowLayout.header
      ? headerFrame(indexPath.section) : kind == FlowLayout.footer ? footerFrame(indexPath.section) : nil
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

extension FlowGeometry {
  /// The pinned headers and footers whose frames differ between the current visible bounds and
  /// `newBounds`. A header depends on the bounds' top only between its section's place and its
  /// section's end (and a footer on the bottom likewise), so only sections overlapping the range
  /// between the two tops (or bottoms) can move — those a jump passes over included.
  func pinsMoving(to newBounds: Rect) -> [InvalidationContext.ElementRef] {
    guard pinsHeaders || pinsFooters, !sections.isEmpty else { return [] }
    let new = pinnedSpan(newBounds)
    guard new != pinSpan else { return [] }
    var ranges: [(start: Double, end: Double)] = []
    if pinsHeaders { ranges.append((min(pinSpan.start, new.start), max(pinSpan.start, new.start))) }
    if pinsFooters { ranges.append((min(pinSpan.end, new.end), max(pinSpan.end, new.end))) }
    var moving: [InvalidationContext.ElementRef] = []
    var seen = Set<InvalidationContext.ElementRef>()
    for range in ranges {
      let first = section(ofBand: bands.firstBand(reaching: range.start))
      var s = first
      while s < sections.count, sectionSpan(s).start <= range.end || s == first || !bands.isMonotone {
        if pinsHeaders, headerFrame(s, pinnedTo: pinSpan) != headerFrame(s, pinnedTo: new) {
          let ref = InvalidationContext.ElementRef(kind: FlowLayout.header, indexPath: IndexPath(s, 0))
          if seen.insert(ref).inserted { moving.append(ref) }
        }
        if pinsFooters, footerFrame(s, pinnedTo: pinSpan) != footerFrame(s, pinnedTo: new) {
          let ref = InvalidationContext.ElementRef(kind: FlowLayout.footer, indexPath: IndexPath(s, 0))
          if seen.insert(ref).inserted { moving.append(ref) }
        }
        s += 1
      }
    }
    return moving
  }
}
