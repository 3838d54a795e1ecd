import Algorithms
import TesseraKit

extension BandLengths {
  /// Replaces bands `range` with `new`: in place when the count is the same, else by rebuilding
  /// the blocks from the first changed one.
  mutating func replace(_ range: Range<Int>, with new: [Double]) {
    if range.count == new.count {
      for (offset, length) in new.enumerated() { set(range.lowerBound + offset, to: length) }
      return
    }
    let tail = Array(lengths[range.upperBound...])
    truncate(to: range.lowerBound)
    for length in new + tail { append(length) }
  }
}

extension SectionBuilder {
  /// A self-sizing cell's new size, applied in time proportional to what moves: a new thickness
  /// changes one line's band (everything after it moves through the band starts); a new extent
  /// breaks lines again from the line before it, only until the breaks line up with the old ones.
  func applyPreferred(_ size: Size, at index: Int, in g: inout FlowGeometry) {
    var slots: [FlowGeometry.Slot] = []
    swap(&slots, &g.slots)
    defer { swap(&slots, &g.slots) }
    slots.withUnsafeMutableBufferPointer { apply(size, at: index, slots: $0.baseAddress!, count: $0.count, in: &g) }
  }

  private func apply(
    _ size: Size, at index: Int, slots: UnsafeMutablePointer<FlowGeometry.Slot>, count: Int, in g: inout FlowGeometry
  ) {
    let e = configuration.isVertical ? size.width : size.height
    let t = configuration.isVertical ? size.height : size.width
    let old = slots[index]
    guard old.extent != e || old.thickness != t else { return }
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
    let lineIndex = g.line(ofItem: index, section: s)
    if old.extent == e {
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
    } else {
      rebreak(s, fromLine: max(section.firstLine, lineIndex - 1), changed: index, slots: slots, in: &g)
    }
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
    var oldStarts: [Int: Int] = [:]  // first item → old line index
    for line in (first + 1)..<endLine { oldStarts[g.lines[line].firstItem] = line }
    var newLines: [(first: Int, end: Int, extents: Double, thickness: Double)] = []
    var resumeAt = endLine
    var lineFirst = g.lines[first].firstItem
    while lineFirst < end {
      let line = nextLine(from: lineFirst, end: end, slots: slots)
      newLines.append((lineFirst, line.end, line.extents, line.thickness))
      if line.end > changed, let old = oldStarts[line.end] {
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
