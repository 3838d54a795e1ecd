/// The free cells of one section's grid, kept as bands: runs of rows that have the same free
/// columns, each a sorted list of free column ranges. Placing an item splits at most two bands
/// and takes its columns out of the bands it covers, so the cost follows the number of items
/// around it, never the area of its span: a grid of 1-point blocks with spans hundreds of blocks
/// across costs what a grid of 100-point blocks does.
///
/// ```
///  rows 0..<2   free [2..<5]        |XX...|
///  rows 2..<3   free [0..<1, 3..<5] |.XX..|
///  rows 3...    free [0..<5]        |.....|   the last band runs on for ever, all free
/// ```
///
/// First fit, as RFQuiltLayout scans: rows top to bottom from the first with a free cell, and in
/// a row columns left to right. A span that fits first at some row of a band fits at the band's
/// first row too (the rows between are the same and the span then ends no lower), so only band
/// starts are tried; at a start, the leftmost column where the span fits is the start of the
/// first range at least as wide as the span in the intersection of the bands it covers.
struct FreeBands {
  let width: Int
  /// Band k covers rows `starts[k] ..< starts[k + 1]`; the last runs on without end. Bands above
  /// `first` are full, and dropped from time to time.
  private var starts: [Int] = [0]
  private var free: [[Range<Int>]]
  /// Per band, its widest free range.
  private var widest: [Int]
  /// The first band where the smallest footprint can start: the bands above it are full, or
  /// hold only holes no item of the section fits (holes narrower or shallower than every span
  /// would otherwise make every search start at the top: O(n²)).
  private var first = 0
  /// Where a span's search starts (`SearchFloor`).
  private var floor: SearchFloor
  /// One past the lowest row any item occupies.
  private(set) var rows = 0

  /// The smallest footprint any item of the section has (`place` is asked for nothing smaller):
  /// a band where even that cannot start is never tried again.
  private let smallest: (w: Int, h: Int)

  /// `spans`: every footprint the section will place.
  init(width: Int, spans: [(w: Int, h: Int)]) {
    self.width = width
    let w = spans.map(\.w).min() ?? 1
    let h = spans.map(\.h).min() ?? 1
    smallest = (min(max(1, w), width), max(1, h))
    floor = SearchFloor(spans: spans)
    free = [[0..<width]]
    widest = [width]
  }

  /// The band holding `row` (the first band kept, for a row above it).
  private func band(of row: Int) -> Int {
    max(0, starts.partitioningIndex { $0 > row } - 1)
  }

  /// Makes `row` the start of a band (splitting the band it falls in); returns that band.
  private mutating func split(at row: Int) -> Int {
    let k = band(of: row)
    if starts[k] == row { return k }
    starts.insert(row, at: k + 1)
    free.insert(free[k], at: k + 1)
    widest.insert(widest[k], at: k + 1)
    return k + 1
  }

  /// The leftmost column where a span `w` wide fits at every row of `starts[k] ..< starts[k] + h`,
  /// or nil. A candidate column c moves right only: in each band the span covers, the first free
  /// range reaching c + w must also start at or before c; where it starts after c, no column
  /// before that start fits, so c moves there and the bands are asked again. No allocation.
  private func column(at k: Int, _ w: Int, _ h: Int) -> Int? {
    let end = starts[k] + h
    // The bands the span covers; any too narrow rules the start out before a range is read.
    var last = k
    while last + 1 < starts.count, starts[last + 1] < end {
      last += 1
      if widest[last] < w { return nil }
    }
    var c = 0
    var j = k
    while j <= last {
      guard let range = free[j].first(where: { $0.upperBound >= c + w }) else { return nil }
      if range.lowerBound > c {
        c = range.lowerBound
        j = k
      } else {
        j += 1
      }
    }
    return c
  }

  /// Removes `taken` from sorted, disjoint free ranges, in place.
  private static func take(_ taken: Range<Int>, from ranges: inout [Range<Int>]) {
    let low = ranges.partitioningIndex { $0.upperBound > taken.lowerBound }
    var high = low
    while high < ranges.count, ranges[high].lowerBound < taken.upperBound { high += 1 }
    guard low < high else { return }
    var left: [Range<Int>] = []
    if ranges[low].lowerBound < taken.lowerBound { left.append(ranges[low].lowerBound..<taken.lowerBound) }
    if taken.upperBound < ranges[high - 1].upperBound { left.append(taken.upperBound..<ranges[high - 1].upperBound) }
    ranges.replaceSubrange(low..<high, with: left)
  }

  /// The first origin where a w×h span fits. A span wider than the grid goes to column 0 of the
  /// first rows free all across.
  mutating func place(_ w: Int, _ h: Int) -> (row: Int, column: Int) {
    var k = max(first, band(of: floor.floor(w, h)))
    let needed = min(w, width)
    while true {
      // Most bands are too narrow for the span: a look at one Int each rules them out.
      while widest[k] < needed { k += 1 }
      if w > width {
        if isAllFree(from: k, h) { break }
      } else if let column = column(at: k, w, h) {
        floor.found(w, h, at: starts[k])
        return (starts[k], column)
      }
      k += 1
    }
    floor.found(w, h, at: starts[k])
    return (starts[k], 0)
  }

  /// Whether every row of `starts[k] ..< starts[k] + h` is free all across.
  private func isAllFree(from k: Int, _ h: Int) -> Bool {
    var j = k
    while j < starts.count, starts[j] < starts[k] + h {
      if free[j] != [0..<width] { return false }
      j += 1
    }
    return true
  }

  /// Takes the cells of a w×h span at (row, column) (clipped to the grid).
  mutating func occupy(_ row: Int, _ column: Int, _ w: Int, _ h: Int) {
    let top = split(at: row)
    let bottom = split(at: row + h)
    let taken = column..<min(width, column + w)
    for k in top..<bottom {
      Self.take(taken, from: &free[k])
      var most = 0
      for range in free[k] where range.count > most { most = range.count }
      widest[k] = most
    }
    rows = max(rows, row + h)
    while widest[first] < smallest.w || self.column(at: first, smallest.w, smallest.h) == nil { first += 1 }
    if first >= 64 {  // bands above `first` are never read again; inserts stay short
      starts.removeFirst(first)
      free.removeFirst(first)
      widest.removeFirst(first)
      first = 0
    }
  }
}
