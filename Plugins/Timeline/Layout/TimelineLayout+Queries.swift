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

  /// The last day of an event with an `end`, or nil for a one-day event (a dot).
  @inline(__always) func end(_ track: Int, _ item: Int) -> Int32? {
    let ends = self.ends[track]
    guard !ends.isEmpty, ends[item] != Self.noEnd else { return nil }
    return ends[item]
  }

  /// An event: a dot of `dotSize` on its day, or, with an `end`, a bar `dotSize` tall from its
  /// first day's start to its last day's end (at least a dot wide, centred on its days).
  @inline(__always) func dot(_ track: Int, _ item: Int, first: Int) -> LayoutAttributes {
    let day = tracks[track][item]
    let y = centreY(track: track)
    var minX = centreX(day, first: first) - dotSize / 2
    var width = dotSize
    if let end = end(track, item) {
      let start = leading + Double(Int(day) - first) * scale
      let stop = leading + Double(Int(end) - first + 1) * scale
      width = max(stop - start, dotSize)
      minX = (start + stop) / 2 - width / 2
    }
    return LayoutAttributes(
      indexPath: IndexPath(track, item), frame: Rect(x: minX, y: y - dotSize / 2, width: width, height: dotSize))
  }

  /// The line from event `item − 1` to event `item` of a track, at the later event's index path:
  /// from a dot's centre, or a range's end, to the next dot's centre, or the next range's start
  /// (left to right whichever comes first, when ranges overlap). Zero height, which a rect query
  /// returns all the same when it lies in the rect (Core Graphics' rule, `Rect.intersects`).
  func link(_ track: Int, _ item: Int, first: Int) -> LayoutAttributes {
    let from =
      end(track, item - 1) == nil
      ? centreX(tracks[track][item - 1], first: first) : dot(track, item - 1, first: first).frame.maxX
    let to =
      end(track, item) == nil ? centreX(tracks[track][item], first: first) : dot(track, item, first: first).frame.minX
    return LayoutAttributes(
      kind: Self.link, indexPath: IndexPath(track, item),
      frame: Rect(x: min(from, to), y: centreY(track: track), width: abs(to - from), height: 0))
  }

  /// No event `item` of a track reaches left of this: its first day's start less half a dot.
  @inline(__always) func lowestX(_ track: Int, _ item: Int, first: Int) -> Double {
    leading + Double(Int(tracks[track][item]) - first) * scale - dotSize / 2
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
        if !reach[track].isEmpty {
          rangesTrack(track, in: rect, first: first, into: &sink)
          continue
        }
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

  /// A track with ranges: they may overlap, so the search runs on the latest day reached so far
  /// (`reach`, which only grows): the first event whose reach can meet the rect's left edge,
  /// then on while events start at or before its right edge; links likewise, each between the
  /// reach of its later event and the start of its earlier one.
  func rangesTrack(_ track: Int, in rect: Rect, first: Int, into sink: inout AttributesSink) {
    let events = tracks[track]
    let reach = self.reach[track]
    // The bounds are computed apart from the frames, which may land a rounding step beyond them:
    // the search widens by a little more than that (each candidate is tested against the rect).
    let slack = 1e-9 * max(1, abs(rect.minX), abs(rect.maxX))
    let start = reach.partitioningIndex {
      leading + Double(Int($0) - first + 1) * scale + dotSize / 2 + slack >= rect.minX
    }
    var item = start
    while item < events.count, lowestX(track, item, first: first) - slack <= rect.maxX {
      let cell = dot(track, item, first: first)
      if cell.frame.intersects(rect) { sink.append(cell) }
      item += 1
    }
    var later = max(1, start)
    while later < events.count, lowestX(track, later - 1, first: first) - slack <= rect.maxX {
      let line = link(track, later, first: first)
      if line.frame.intersects(rect) { sink.append(line) }
      later += 1
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
