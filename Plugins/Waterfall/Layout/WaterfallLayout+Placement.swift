import HeapModule
import TesseraKit

extension WaterfallLayout {
  /// Which column takes each item of a section, and how high the columns stand: the shortest
  /// (the first of equals) for shortestFirst — a scan of a few columns, a heap of many — or the
  /// fixed order of the other directions.
  struct ColumnPlacer {
    var heights: [Double]
    let spacing: Double
    /// How the next column is chosen (decided once: the loop runs per item).
    enum Order { case scan, heap, leftToRight, rightToLeft }
    let order: Order
    /// With shortestFirst and more than `scanned` columns: the columns by (height, column).
    var shortest = Heap<ColumnHeight>()
    static let scanned = 8

    init(heights: [Double], direction: String, spacing: Double) {
      self.heights = heights
      self.spacing = spacing
      switch direction {
      case "leftToRight": order = .leftToRight
      case "rightToLeft": order = .rightToLeft
      default: order = heights.count > Self.scanned ? .heap : .scan
      }
      if order == .heap {
        shortest = Heap(heights.indices.map { ColumnHeight(height: heights[$0], column: Int32($0)) })
      }
    }

    /// The column item `k` goes to (then `add` its height).
    @inline(__always) mutating func column(for k: Int) -> Int {
      switch order {
      case .leftToRight: return k % heights.count
      case .rightToLeft: return heights.count - 1 - k % heights.count
      case .heap: return Int(shortest.removeMin().column)
      case .scan:
        var best = 0
        for column in 1..<heights.count where heights[column] < heights[best] { best = column }
        return best
      }
    }

    /// An item of `height` placed at the top of `column`'s free space.
    @inline(__always) mutating func add(_ height: Double, to column: Int) {
      heights[column] += height + spacing
      if order == .heap { shortest.insert(ColumnHeight(height: heights[column], column: Int32(column))) }
    }

    /// Places items `range`, each `height` high, without recording where: how high the
    /// columns end (the same additions as placing them one by one).
    mutating func run(_ range: Range<Int>, height: Double) {
      guard order == .scan else {
        for k in range { add(height, to: column(for: k)) }
        return
      }
      let step = height + spacing
      heights.withUnsafeMutableBufferPointer { heights in
        let count = heights.count
        for _ in range {
          var best = 0
          for column in 1..<count where heights[column] < heights[best] { best = column }
          heights[best] += step
        }
      }
    }

    /// No item still to be placed starts above this: each goes on top of some column.
    var lowest: Double { heights.min() ?? 0 }
  }

  /// The last section's items from `next` on, when a late size change left them all of one
  /// height (items that have not reported a size, at the same estimate): they are placed only
  /// when a query reaches them. Where each goes follows from the column heights at `next` alone,
  /// so the section's end was found by running the columns on without writing a frame.
  struct Tail {
    let section: Int
    var next: Int
    var placer: ColumnPlacer
    let height: Double
    let columnWidth: Double
    let left: Double
    let columnStep: Double
  }

  /// The height of an item `size` (preferred or from the data; a negative width: none) in a
  /// column `columnWidth` wide: its aspect kept, else its `aspect` prop, else square.
  func itemHeight(_ size: Size, section s: Int, item k: Int, columnWidth: Double, scale: Double?) -> Double {
    var height: Double
    if size.width > 0 {
      height = size.height * columnWidth / size.width
    } else if let aspect = collectionView.numbers("aspect", section: s, item: k)?.first, aspect > 0 {
      height = columnWidth / aspect
    } else {
      height = size.width == 0 ? 0 : columnWidth  // no size, no aspect: square
    }
    return scale != nil ? Self.floored(height, to: scale) : height
  }

  /// What made the content's height infinite: the first item whose size, kept in proportion
  /// in a column, is (a dataset or preferred size far narrower than tall), named with its size.
  func overflow(sections: [Section], frames: [Rect], columnWidth: Double) -> LayoutError {
    var culprit = tail.map { ($0.section, $0.next) }
    search: for (s, section) in sections.enumerated() {
      for k in 0..<section.itemCount where section.itemBase + k < frames.count {
        if !frames[section.itemBase + k].height.isFinite {
          culprit = (s, k)
          break search
        }
      }
    }
    guard let (s, k) = culprit else { return LayoutError("the content's height is not finite") }
    let base = sections[s].itemBase + k
    let size =
      base < preferredAt.count && preferredAt[base].width >= 0
      ? preferredAt[base] : collectionView.itemSize(at: IndexPath(s, k))
    let described = size.map { "\($0.width.formattedForMessage)x\($0.height.formattedForMessage)" } ?? "none"
    return LayoutError(
      "item \(s).\(k): its size \(described), kept in proportion in a \(columnWidth.formattedForMessage)-point column, is infinitely tall (give it a real width, or an 'aspect' prop)"
    )
  }

  /// Places the tail's items until the one at `item` is placed, or until every column reaches
  /// below `y` (no later item can start above it), or to the section's end.
  func placeTail(throughItem item: Int? = nil, below y: Double? = nil) {
    guard var tail else { return }
    let section = sections[tail.section]
    var (frames, columns, lists) = (self.frames, self.columns, self.columnItems[tail.section])
    (self.frames, self.columns, self.columnItems[tail.section]) = ([], [], [])
    while tail.next < section.itemCount {
      if let item, tail.next > item { break }
      if let y, tail.placer.lowest > y { break }
      let k = tail.next
      let column = tail.placer.column(for: k)
      frames[section.itemBase + k] = Rect(
        x: tail.left + Double(column) * tail.columnStep, y: tail.placer.heights[column], width: tail.columnWidth,
        height: tail.height)
      columns[section.itemBase + k] = Int32(column)
      lists[column].append(Int32(k))
      tail.placer.add(tail.height, to: column)
      tail.next += 1
    }
    (self.frames, self.columns, self.columnItems[tail.section]) = (frames, columns, lists)
    self.tail = tail.next < section.itemCount ? tail : nil
  }
}
