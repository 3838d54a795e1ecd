import TesseraKit

/// One depth level of the tree, laid out: its nodes top to bottom (tops sorted, so a rect query
/// is a binary search) and the connectors into it from the level before.
struct SchematicColumn {
  var x: Double
  var width: Double
  var height: Double
  /// Per node: its top and size (a node is centred in the column).
  var tops: [Double]
  var sizes: [Size]
  /// Per node: the index of its parent in the previous column, or -1.
  var parents: [Int32]
  /// The connectors into this column, by the span of y they cover, and the x they run across
  /// (empty when there are none): a rect beside them skips them without a search.
  var connectors: ConnectorSpans
  var connectorMinX = Double.infinity
  var connectorMaxX = -Double.infinity

  /// True when `parents` never decreases (every tree listed level by level): a parent's
  /// children are then one run, found by binary search.
  var parentsAscending = true

  var count: Int { tops.count }

  @inline(__always) func frame(_ item: Int) -> Rect {
    frame(top: tops[item], size: sizes[item])
  }

  /// A node's frame at this top with this size: centred in the column.
  @inline(__always) func frame(top: Double, size: Size) -> Rect {
    Rect(x: x + (width - size.width) / 2, y: top, width: size.width, height: size.height)
  }

  /// The children (in the next column, whose parents are `parents`) of the nodes in `range`.
  static func children(of range: Range<Int>, parents: [Int32], ascending: Bool) -> [Int] {
    guard ascending else {
      return parents.indices.filter { range.contains(Int(parents[$0])) }
    }
    var low = 0
    var high = parents.count
    while low < high {
      let middle = (low + high) / 2
      if Int(parents[middle]) < range.lowerBound { low = middle + 1 } else { high = middle }
    }
    var end = low
    while end < parents.count, Int(parents[end]) < range.upperBound { end += 1 }
    return Array(low..<end)
  }

  /// The first node whose bottom reaches `y` (bottoms are sorted too: a node ends before the
  /// next one starts).
  func firstNode(reaching y: Double) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if tops[middle] + sizes[middle].height < y { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

/// The y spans of a column's connectors (each from its parent's mid y to its child's), queried
/// for the ones a range of y overlaps in O(log n + k). When children come in their parents'
/// order — every tree `gen tree` makes, and any tree listed level by level — both ends of the
/// spans rise with the child index and a binary search finds the first; otherwise (crossing
/// connectors) the spans are sorted by their start and a max-end tree over them skips every
/// subtree that ends above the range.
struct ConnectorSpans {
  /// Per child: the low and high y of its connector. A child without one carries the previous
  /// child's values (−∞ before any), so the monotone search needs no special case; the caller
  /// skips it (it has no parent).
  var lows: [Double] = []
  var highs: [Double] = []
  /// True when lows and highs never decrease.
  var isMonotone = true
  /// Only when not monotone: children with connectors sorted by low, and a max-high tree.
  var order: [Int32] = []
  var maxHigh: [Double] = []
  var leaves = 0

  init() {}

  /// `spans[i]` is child i's connector span, nil when it has none.
  init(count: Int, span: (Int) -> (low: Double, high: Double)?) {
    lows.reserveCapacity(count)
    highs.reserveCapacity(count)
    var lastLow = -Double.infinity
    var lastHigh = -Double.infinity
    for index in 0..<count {
      if let (low, high) = span(index) {
        if low < lastLow || high < lastHigh { isMonotone = false }
        lastLow = low
        lastHigh = high
        lows.append(low)
        highs.append(high)
      } else {
        lows.append(lastLow)
        highs.append(lastHigh)
      }
    }
    if !isMonotone { buildTree(present: span) }
  }

  private mutating func buildTree(present span: (Int) -> (low: Double, high: Double)?) {
    order = lows.indices.filter { span($0) != nil }.map { Int32($0) }
    order.sort { lows[Int($0)] < lows[Int($1)] }
    leaves = 1
    while leaves < max(1, order.count) { leaves <<= 1 }
    maxHigh = [Double](repeating: -Double.infinity, count: 2 * leaves)
    for (position, child) in order.enumerated() { maxHigh[leaves + position] = highs[Int(child)] }
    for node in stride(from: leaves - 1, through: 1, by: -1) {
      maxHigh[node] = max(maxHigh[2 * node], maxHigh[2 * node + 1])
    }
  }

  /// Calls `body` with every child whose connector's span may meet [minY, maxY] (ends
  /// included; children without a connector may be among them).
  func forEach(overlapping minY: Double, _ maxY: Double, _ body: (Int) -> Void) {
    if isMonotone {
      // The first child whose high reaches minY; from there on lows rise past maxY.
      var low = 0
      var high = highs.count
      while low < high {
        let middle = (low + high) / 2
        if highs[middle] < minY { low = middle + 1 } else { high = middle }
      }
      var index = low
      while index < lows.count, lows[index] <= maxY {
        body(index)
        index += 1
      }
      return
    }
    // Sorted by low: only positions before the first low beyond maxY can overlap.
    var low = 0
    var high = order.count
    while low < high {
      let middle = (low + high) / 2
      if lows[Int(order[middle])] <= maxY { low = middle + 1 } else { high = middle }
    }
    visit(node: 1, from: 0, to: leaves, limit: low, minY: minY, body)
  }

  private func visit(node: Int, from: Int, to: Int, limit: Int, minY: Double, _ body: (Int) -> Void) {
    guard from < limit, maxHigh[node] >= minY else { return }
    if to - from == 1 {
      body(Int(order[from]))
      return
    }
    let middle = (from + to) / 2
    visit(node: 2 * node, from: from, to: middle, limit: limit, minY: minY, body)
    visit(node: 2 * node + 1, from: middle, to: to, limit: limit, minY: minY, body)
  }
}
