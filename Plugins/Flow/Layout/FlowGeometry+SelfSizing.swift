import Algorithms
import TesseraKit

extension BandLengths {
  /// Replaces bands `range` with `new`: in place when the count is the same, else by moving the
  /// bands after it and summing their blocks again (one tight pass, the same additions in the
  /// same order as appending them, so the result is a fresh prepare's bit for bit).
  mutating func replace(_ range: Range<Int>, with new: [Double]) {
    if range.count == new.count {
      for (offset, length) in new.enumerated() { set(range.lowerBound + offset, to: length) }
      return
    }
    replaceAndResum(range, with: new)
  }
}

extension SectionBuilder {
  /// A self-sizing cell's new size, applied in time proportional to what moves: a new thickness
  /// changes one line's band (everything after it moves through the band starts); a new extent
  /// breaks lines again from the line before it, only until the breaks line up with the old ones.
  func applyPreferred(_ size: Size, at index: Int, in g: inout FlowGeometry) {
    applyPreferred([(index, size)], in: &g)
  }

  /// The preferred sizes one layout pass brings (all in this builder's section), applied
  /// together: thicknesses one by one, and every new extent of the section before a single
  /// re-break from the line before the first to where the breaks line up after the last — a
  /// screen of cells sizing themselves shifts the lines after them once, not once per cell.
  func applyPreferred(_ sizes: [(index: Int, size: Size)], in g: inout FlowGeometry) {
    var slots: [FlowGeometry.Slot] = []
    swap(&slots, &g.slots)
    defer { swap(&slots, &g.slots) }
    slots.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      var rebreak: (section: Int, firstLine: Int, lastChanged: Int)?
      for (index, size) in sizes {
        guard let change = update(size, at: index, slots: base, in: &g) else { continue }
        if change.extentChanged {
          let line = g.line(ofItem: index, section: change.section)
          rebreak = (
            change.section, min(rebreak?.firstLine ?? line, line), max(rebreak?.lastChanged ?? index, index)
          )
        } else {
          refreshThickness(
            at: index, section: change.section, wasUniform: change.wasUniform, slots: base, count: buffer.count, in: &g)
        }
      }
      if let (s, firstLine, lastChanged) = rebreak {
        self.rebreak(
          s, fromLine: max(g.sections[s].firstLine, firstLine - 1), changed: lastChanged, slots: base, in: &g)
      }
    }
  }

  /// Stores item `index`'s new size and keeps its section's mismatch count; nil when nothing
  /// changes.
  private func update(
    _ size: Size, at index: Int, slots: UnsafeMutablePointer<FlowGeometry.Slot>, in g: inout FlowGeometry
  ) -> (section: Int, extentChanged: Bool, wasUniform: Bool)? {
    let e = configuration.isVertical ? size.width : size.height
    let t = configuration.isVertical ? size.height : size.width
    let old = slots[index]
    guard old.extent != e || old.thickness != t else { return nil }
    // The last section starting at or before the item holds it (an empty one shares its start
    // with the next).
    let s = g.sections.partitioningIndex { $0.itemBase > index } - 1
    let wasUniform = g.sections[s].mismatches == 0
    slots[index].extent = e
    slots[index].thickness = t
    let section = g.sections[s]
    if index == section.itemBase {
      countMismatches(s, slots: slots, in: &g)
    } else {
      let first = slots[section.itemBase]
      let was = old.extent != first.extent || old.thickness != first.thickness
      let now = e != first.extent || t != first.thickness
      g.sections[s].mismatches += (now ? 1 : 0) - (was ? 1 : 0)
    }
    return (s, old.extent != e, wasUniform)
  }

  /// A new thickness alone: its line's thickness and band.
  private func refreshThickness(
    at index: Int, section s: Int, wasUniform: Bool, slots: UnsafeMutablePointer<FlowGeometry.Slot>, count: Int,
    in g: inout FlowGeometry
  ) {
    let section = g.sections[s]
    let lineIndex = g.line(ofItem: index, section: s)
    let line = g.lines[lineIndex]
    let end = lineIndex + 1 < g.lines.count ? g.lines[lineIndex + 1].firstItem : count
    var thickness = 0.0
    for i in line.firstItem..<end { thickness = max(thickness, slots[i].thickness) }
    if thickness != line.thickness {
      g.lines[lineIndex].thickness = thickness
      let isLast = lineIndex == section.firstLine + section.lineCount - 1
      g.bands.set(
        FlowGeometry.lineBand(lineIndex, section: s), to: thickness + (isLast ? 0 : configuration.lineSpacing))
    }
    if wasUniform != (g.sections[s].mismatches == 0) { placeLastLine(s, slots: slots, in: &g) }
  }

  /// Breaks section `s` again from line `first` until a new line starts where an old one did,
  /// after the changed item: from there on the greedy breaks are the old ones.
  func rebreak(
    _ s: Int, fromLine first: Int, changed: Int, slots: UnsafeMutablePointer<FlowGeometry.Slot>,
    in g: inout FlowGeometry
  ) {
    let section = g.sections[s]
    let endLine = section.firstLine + section.lineCount
    let end = section.itemBase + section.itemCount
    // The old line starting at an item, if any. New lines end further on each time, so a cursor
    // over the old lines (in item order) only moves forward: O(1) a line, not a search.
    var cursor = first + 1
    func oldLine(startingAt item: Int) -> Int? {
      while cursor < endLine, g.lines[cursor].firstItem < item { cursor += 1 }
      return cursor < endLine && g.lines[cursor].firstItem == item ? cursor : nil
    }
    var newLines: [(first: Int, end: Int, extents: Double, thickness: Double)] = []
    var resumeAt = endLine
    var lineFirst = g.lines[first].firstItem
    while lineFirst < end {
      let line = nextLine(from: lineFirst, end: end, slots: slots)
      newLines.append((lineFirst, line.end, line.extents, line.thickness))
      if line.end > changed, let old = oldLine(startingAt: line.end) {
        resumeAt = old
        break
      }
      lineFirst = line.end
    }
    // Replace the old lines [first, resumeAt) with the new ones.
    let oldMulti = (first..<resumeAt).count { line in
      let next = line + 1 < endLine ? g.lines[line + 1].firstItem : end
      return next - g.lines[line].firstItem > 1
    }
    let delta = newLines.count - (resumeAt - first)
    let replacement = newLines.map { FlowGeometry.Line(firstItem: $0.first, section: s, thickness: $0.thickness) }
    g.lines.replaceSubrange(first..<resumeAt, with: replacement)
    g.sections[s].lineCount += delta
    g.sections[s].multiItemLines += newLines.count { $0.end - $0.first > 1 } - oldMulti
    for later in (s + 1)..<g.sections.count { g.sections[later].firstLine += delta }
    let lastLine = g.sections[s].firstLine + g.sections[s].lineCount - 1
    let bandLengths = newLines.enumerated().map { offset, line in
      line.thickness + (first + offset == lastLine ? 0 : configuration.lineSpacing)
    }
    g.bands.replace(
      FlowGeometry.lineBand(first, section: s)..<FlowGeometry.lineBand(resumeAt, section: s), with: bandLengths)
    for (offset, line) in newLines.enumerated() where first + offset != lastLine {
      place(first: line.first, end: line.end, extents: line.extents, isLast: false, centreSingle: true, slots: slots)
    }
    placeLastLine(s, slots: slots, in: &g)
  }
}
