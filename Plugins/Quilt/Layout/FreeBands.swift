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
  /// The first band where the smallest footprint can start: the bands above it are full, or
  /// hold only holes no item of the section fits (holes narrower or shallower than every span
  /// would otherwise make every search start at the top: O(n²)).
  private var first = 0
  /// Per span (w << 32 | h): the row its last placement was found at. Cells only fill up, so a
  /// span that did not fit above that row never will: its next search starts there.
  private var searchFrom: [Int: Int] = [:]
  /// One past the lowest row any item occupies.
  private(set) var rows = 0

  /// The smallest footprint any item of the section has (`place` is asked for nothing smaller):
  /// a band where even that cannot start is never tried again.
  private let smallest: (w: Int, h: Int)

  init(width: Int, smallest: (w: Int, h: Int) = (1, 1)) {
    self.width = width
    self.smallest = (min(max(1, smallest.w), width), max(1, smallest.h))
    free = [[0..<width]]
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
    return k + 1
  }

  /// The leftmost column where a span `w` wide fits at every row of `row ..< row + h`, or nil.
  private func column(at k: Int, _ w: Int, _ h: Int) -> Int? {
    var common = free[k]
    guard common.contains(where: { $0.count >= w }) else { return nil }
    var j = k + 1
    while j < starts.count, starts[j] < starts[k] + h {
      common = Self.intersection(common, free[j])
      if !common.contains(where: { $0.count >= w }) { return nil }
      j += 1
    }
    return common.first { $0.count >= w }?.lowerBound
  }

  private static func intersection(_ a: [Range<Int>], _ b: [Range<Int>]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var (i, j) = (0, 0)
    while i < a.count, j < b.count {
      let low = max(a[i].lowerBound, b[j].lowerBound)
      let high = min(a[i].upperBound, b[j].upperBound)
      if low < high { result.append(low..<high) }
      if a[i].upperBound < b[j].upperBound { i += 1 } else { j += 1 }
    }
    return result
  }

  /// The first origin where a w×h span fits. A span wider than the grid goes to column 0 of the
  /// first rows free all across.
  mutating func place(_ w: Int, _ h: Int) -> (row: Int, column: Int) {
    let key = w << 32 | h
    var k = max(first, band(of: searchFrom[key] ?? 0))
    while true {
      if w > width {
        if isAllFree(from: k, h) { break }
      } else if let column = column(at: k, w, h) {
        searchFrom[key] = starts[k]
        return (starts[k], column)
      }
      k += 1
    }
    searchFrom[key] = starts[k]
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
      free[k] = free[k].flatMap { range -> [Range<Int>] in
        guard range.overlaps(taken) else { return [range] }
        var left: [Range<Int>] = []
        if range.lowerBound < taken.lowerBound { left.append(range.lowerBound..<taken.lowerBound) }
        if taken.upperBound < range.upperBound { left.append(taken.upperBound..<range.upperBound) }
        return left
      }
    }
    rows = max(rows, row + h)
    while free[first].isEmpty || self.column(at: first, smallest.w, smallest.h) == nil { first += 1 }
    if first >= 4096 {  // full bands are never read again
      starts.removeFirst(first)
      free.removeFirst(first)
      first = 0
    }
  }
}
