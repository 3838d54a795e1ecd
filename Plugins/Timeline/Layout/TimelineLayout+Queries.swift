import Algorithms
import TesseraKit

/// Attributes, computed from the days on demand: a dot, link, heading or band is a few
/// multiplications, so nothing per element is stored, and a rect query is a binary search per
/// track it crosses.
extension TimelineLayout {
  /// The x of a day's centre.
  @inline(__always) func centreX(_ day: Int32, first: Int) -> Double {
    leading + (Double(Int(day) - first) + 0.5) * scale
  }

  @inline(__always) func centreY(track: Int) -> Double {
    headerHeight + Double(track) * trackHeight + trackHeight / 2
  }

  @inline(__always) func dot(_ track: Int, _ item: Int, first: Int) -> LayoutAttributes {
    let x = centreX(tracks[track][item], first: first)
    let y = centreY(track: track)
    return LayoutAttributes(
      indexPath: IndexPath(track, item),
      frame: Rect(x: x - dotSize / 2, y: y - dotSize / 2, width: dotSize, height: dotSize))
  }

  /// The line from dot `item − 1` to dot `item` of a track, at the later dot's index path: zero
  /// height, which a rect query returns all the same when it lies in the rect (Core Graphics'
  /// rule, `Rect.intersects`).
  func link(_ track: Int, _ item: Int, first: Int) -> LayoutAttributes {
    let from = centreX(tracks[track][item - 1], first: first)
    let to = centreX(tracks[track][item], first: first)
    return LayoutAttributes(
      kind: Self.link, indexPath: IndexPath(track, item),
      frame: Rect(x: from, y: centreY(track: track), width: to - from, height: 0))
  }

  /// How many date headings there are: one per tick from the first day on.
  var tickCount: Int {
    guard let days else { return 0 }
    return (days.count + tickSpacing - 1) / tickSpacing
  }

  /// Date heading `k`: from its tick to the next (the last one clipped to the days), in the date
  /// row, above the dots; its custom value `day` is the tick's day.
  func heading(_ k: Int) -> LayoutAttributes {
    let first = days!.lowerBound
    let x = leading + Double(k * tickSpacing) * scale
    let end = min(Double((k + 1) * tickSpacing), Double(days!.count))
    var attributes = LayoutAttributes(
      kind: Self.date, indexPath: IndexPath(0, k),
      frame: Rect(x: x, y: dateRowY, width: leading + end * scale - x, height: headerHeight), zIndex: 10)
    attributes.custom[0] = Double(first + k * tickSpacing)
    return attributes
  }

  /// Band `k`: behind the tracks, across their whole height.
  func band(_ k: Int) -> LayoutAttributes {
    let first = days!.lowerBound
    let (start, end) = bands[k]
    let x = leading + Double(start - first) * scale
    return LayoutAttributes(
      kind: Self.band, indexPath: IndexPath(0, k),
      frame: Rect(
        x: x, y: headerHeight, width: leading + Double(end - first) * scale - x,
        height: Double(tracks.count) * trackHeight), zIndex: -1)
  }

  public func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink) {
    guard let days, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return }
    let first = days.lowerBound
    // Tracks whose dots can reach into the rect: a dot lies within its track's band of y
    // (`apply(options:)` refuses dots taller than a track); a track either side may touch the
    // rect (a dot as tall as its track, and rounding in the division).
    let top = max(0, Int(((rect.minY - headerHeight) / trackHeight).rounded(.down).clamped(-1, 1e9)) - 1)
    let bottom = min(
      tracks.count - 1, Int(((rect.maxY - headerHeight) / trackHeight).rounded(.down).clamped(-1, 1e9)) + 1)
    if top <= bottom {
      for track in top...bottom {
        let events = tracks[track]
        // The first dot whose right edge reaches the rect's left edge, then on while dots start
        // at or before its right edge.
        var item = events.partitioningIndex { centreX($0, first: first) + dotSize / 2 >= rect.minX }
        while item < events.count {
          let cell = dot(track, item, first: first)
          guard cell.frame.minX <= rect.maxX else { break }
          if cell.frame.intersects(rect) { sink.append(cell) }
          item += 1
        }
        // Link i runs from dot i − 1's centre to dot i's (days are in order): the first whose end
        // reaches the rect's left edge, then on while its start is within the right edge.
        var end = max(1, events.partitioningIndex { centreX($0, first: first) >= rect.minX })
        while end < events.count {
          let line = link(track, end, first: first)
          guard line.frame.minX <= rect.maxX else { break }
          if line.frame.intersects(rect) { sink.append(line) }
          end += 1
        }
      }
    }
    // Date headings and bands are laid out by day along x: the ones whose span meets the rect.
    if tickCount > 0 {
      var k = max(0, Int(((rect.minX - leading) / (Double(tickSpacing) * scale)).rounded(.down).clamped(-1, 1e9)) - 1)
      while k < tickCount {
        let heading = heading(k)
        guard heading.frame.minX <= rect.maxX else { break }
        if heading.frame.intersects(rect) { sink.append(heading) }
        k += 1
      }
    }
    var k = bands.partitioningIndex { leading + Double($0.end - first) * scale >= rect.minX }
    while k < bands.count {
      let band = band(k)
      guard band.frame.minX <= rect.maxX else { break }
      if band.frame.intersects(rect) { sink.append(band) }
      k += 1
    }
  }

  public func layoutAttributesForAllElements(into sink: inout AttributesSink) {
    guard let days else { return }
    for track in tracks.indices {
      for item in tracks[track].indices {
        sink.append(dot(track, item, first: days.lowerBound))
        if item > 0 { sink.append(link(track, item, first: days.lowerBound)) }
      }
    }
    for k in 0..<tickCount { sink.append(heading(k)) }
    for k in bands.indices { sink.append(band(k)) }
  }

  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard let days, tracks.indices.contains(indexPath.section),
      tracks[indexPath.section].indices.contains(indexPath.item)
    else { return nil }
    return dot(indexPath.section, indexPath.item, first: days.lowerBound)
  }

  public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard let days else { return nil }
    if kind == Self.link {
      guard tracks.indices.contains(indexPath.section), indexPath.item >= 1,
        indexPath.item < tracks[indexPath.section].count
      else { return nil }
      return link(indexPath.section, indexPath.item, first: days.lowerBound)
    }
    guard kind == Self.date, indexPath.section == 0, indexPath.item >= 0, indexPath.item < tickCount else {
      return nil
    }
    return heading(indexPath.item)
  }

  public func layoutAttributesForDecorationView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard kind == Self.band, indexPath.section == 0, bands.indices.contains(indexPath.item) else { return nil }
    return band(indexPath.item)
  }
}
