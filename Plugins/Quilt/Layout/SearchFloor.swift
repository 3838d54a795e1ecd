/// Where the search for a span may start: the row its first fit cannot be above. Cells only
/// fill up, so a span found first at row r cannot fit above r later — and neither can any span at
/// least as wide and as tall. The floor for a w×h span is the lowest row found for any span no
/// wider and no taller: a prefix maximum over the section's distinct widths and heights (a 2D
/// Fenwick tree, O(log W × log H) a query), so one small hole no item fits does not send every
/// later item back to it. When the distinct sizes are too many for a table (over 2^20 pairs),
/// only a span's own last row is remembered.
struct SearchFloor {
  private let widths: [Int]
  private let heights: [Int]
  private var tree: [Int]
  private var own: [Int: Int] = [:]

  /// `spans`: every footprint (w, h) the section will ask for.
  init(spans: [(w: Int, h: Int)]) {
    let widths = Array(Set(spans.map(\.w))).sorted()
    let heights = Array(Set(spans.map(\.h))).sorted()
    if widths.count * heights.count <= 1 << 20 {
      (self.widths, self.heights) = (widths, heights)
      tree = [Int](repeating: 0, count: widths.count * heights.count)
    } else {
      (self.widths, self.heights, tree) = ([], [], [])
    }
  }

  /// 1-based Fenwick positions of a known span, or nil.
  private func position(_ w: Int, _ h: Int) -> (Int, Int)? {
    guard !tree.isEmpty else { return nil }
    let i = widths.partitioningIndex { $0 > w }
    let j = heights.partitioningIndex { $0 > h }
    return i > 0 && j > 0 ? (i, j) : nil
  }

  func floor(_ w: Int, _ h: Int) -> Int {
    guard let (i0, j0) = position(w, h) else { return own[w << 32 | h] ?? 0 }
    var best = 0
    var i = i0
    while i > 0 {
      var j = j0
      while j > 0 {
        best = max(best, tree[(i - 1) * heights.count + j - 1])
        j -= j & -j
      }
      i -= i & -i
    }
    return best
  }

  mutating func found(_ w: Int, _ h: Int, at row: Int) {
    guard let (i0, j0) = position(w, h), widths[i0 - 1] == w, heights[j0 - 1] == h else {
      own[w << 32 | h] = row
      return
    }
    var i = i0
    while i <= widths.count {
      var j = j0
      while j <= heights.count {
        tree[(i - 1) * heights.count + j - 1] = max(tree[(i - 1) * heights.count + j - 1], row)
        j += j & -j
      }
      i += i & -i
    }
  }
}
