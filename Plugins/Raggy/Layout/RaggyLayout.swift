import Algorithms
import HeapModule
import TesseraABI
import TesseraKit

/// Horizontal rows with ragged ends (after SKRaggyCollectionViewLayout): each item goes to the
/// row whose right edge is nearest the start, at its preferred width and the row's height.
///
/// ```
///  |[0.0    ][0.3  ][0.5       ]
///  |[0.1  ][0.4         ][0.7]
///  |[0.2         ][0.6  ]
/// ```
///
/// With `tornEdges`, the first row's items lose a whole number of points from the top and the
/// last row's from the bottom (seeded, so the same every time), their widths shrinking in
/// proportion.
public final class RaggyLayout: CollectionLayout {
  public static let layoutDescription = LayoutDescription(
    name: "raggy",
    summary: "horizontal rows with ragged ends and optional torn edges (after SKRaggyCollectionViewLayout)",
    options: [
      OptionDescription(
        "numberOfRows", .integer, default: "3", doc: "rows the viewport height is split into", minimum: 1,
        maximum: 10_000),
      OptionDescription("tornEdges", .bool, default: "false", doc: "shave random heights off the first and last rows"),
      OptionDescription(
        "randomFirstRowVar", .integer, default: "20",
        doc: "torn edges: the first row's items lose a whole random height below this", minimum: 0,
        maximum: 1_000_000),
      OptionDescription(
        "fixedFirstRowVar", .integer, default: "20",
        doc: "torn edges: extra height lost by the 1st, 3rd, ... first-row item", minimum: 0, maximum: 1_000_000),
      OptionDescription(
        "randomLastRowVar", .integer, default: "20",
        doc: "torn edges: the last row's items lose a whole random height below this", minimum: 0,
        maximum: 1_000_000),
      OptionDescription(
        "fixedLastRowVar", .integer, default: "20",
        doc: "torn edges: extra height lost by the 2nd, 4th, ... last-row item", minimum: 0, maximum: 1_000_000),
      OptionDescription("seed", .integer, default: "1", doc: "torn edges: random seed", minimum: 0),
    ])

  public let collectionView: CollectionView
  var rows = 3
  var tornEdges = false
  /// The original's four whole-number variables, first row and last row (SKRaggyCollectionViewLayout.h).
  var randomVar = (first: 20, last: 20)
  var fixedVar = (first: 20, last: 20)
  var seed: UInt64 = 1
  var frames: [Rect] = []
  var offsets = SectionOffsets()
  /// Per row, its items in order (so sorted along x): a rect query binary searches each row.
  var rowItems: [[Int32]] = []
  /// The row height of the last prepare, and how far any frame reaches outside its row's band
  /// (insets may be negative): what a rect query needs to pick the rows it crosses.
  var preparedRowHeight = 0.0
  var overhang = 0.0
  var contentSize = Size.zero
  /// Preferred sizes of self-sizing items, by item id: they replace the dataset's size.
  var preferred: [String: Size] = [:]

  public init(collectionView: CollectionView) {
    self.collectionView = collectionView
  }

  public func apply(options: LayoutOptions) throws(LayoutError) {
    rows = options.integer("numberOfRows", default: rows)
    tornEdges = options.bool("tornEdges", default: tornEdges)
    randomVar = (
      options.integer("randomFirstRowVar", default: randomVar.first),
      options.integer("randomLastRowVar", default: randomVar.last)
    )
    fixedVar = (
      options.integer("fixedFirstRowVar", default: fixedVar.first),
      options.integer("fixedLastRowVar", default: fixedVar.last)
    )
    seed = UInt64(options.integer("seed", default: Int(seed)))
  }

  public var collectionViewContentSize: Size { contentSize }

  /// A row's right edge, ordered by edge and then by row: the heap's minimum is the first of
  /// the shortest rows.
  struct RowEdge: Comparable {
    var edge: Double
    var row: Int32
    static func < (a: RowEdge, b: RowEdge) -> Bool { a.edge < b.edge || (a.edge == b.edge && a.row < b.row) }
  }

  /// A fixed generator (SplitMix64), so torn edges are the same on every machine.
  struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }

    /// A whole number in 0..<bound as the original draws it (`arc4random() % var`); 0 for 0.
    mutating func below(_ bound: Int) -> Int {
      bound > 0 ? Int(next() % UInt64(bound)) : 0
    }
  }

  /// A new viewport size lays the items out again; scrolling does not. (Without this, the SDK's
  /// default is UIKit's base class, which never invalidates for a bounds change.)
  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != collectionView.bounds.size
  }

  public func prepare() throws(LayoutError) {
    let bounds = collectionView.bounds
    let rowHeight = bounds.height / Double(rows)
    var edges = [Double](repeating: 0, count: rows)
    // The shortest row (the first of equals) in O(log rows), not a scan of every row per item.
    var shortest = Heap((0..<rows).map { RowEdge(edge: 0, row: Int32($0)) })
    var tornCount = [Int](repeating: 0, count: rows)
    var random = Random(state: seed)
    // Built in locals and stored once: appending to a class's properties in the loop would pay a
    // dynamic exclusivity check per item.
    var frames = self.frames
    var offsets = SectionOffsets()
    var rowItems = [[Int32]](repeating: [], count: rows)
    var overhang = 0.0
    self.frames = []
    frames.removeAll(keepingCapacity: true)
    let preferred = self.preferred
    let (rows, tornEdges, randomVar, fixedVar) = (self.rows, self.tornEdges, self.randomVar, self.fixedVar)
    let chunk = UnsafeMutableBufferPointer<Size>.allocate(capacity: 512)
    let scratch = UnsafeMutableBufferPointer<tessera_item_metrics>.allocate(capacity: 512)
    let widths = UnsafeMutablePointer<Double>.allocate(capacity: 512)
    let widthLengths = UnsafeMutablePointer<Int64>.allocate(capacity: 512)
    let insets = UnsafeMutablePointer<Double>.allocate(capacity: 4 * 512)
    let insetLengths = UnsafeMutablePointer<Int64>.allocate(capacity: 512)
    defer {
      chunk.deallocate()
      scratch.deallocate()
      widths.deallocate()
      widthLengths.deallocate()
      insets.deallocate()
      insetLengths.deallocate()
    }
    for s in 0..<collectionView.numberOfSections {  // sections continue the same rows
      let count = collectionView.numberOfItems(inSection: s)
      offsets.append(count: count)
      var index = 0
      while index < count {
        let got = collectionView.itemSizes(
          inSection: s, from: index, defaultSize: Size(width: -1, height: -1), into: chunk, scratch: scratch)
        guard got > 0 else { break }
        _ = collectionView.numbers(
          "width", section: s, from: index, count: got, perItem: 1, into: widths, lengths: widthLengths)
        _ = collectionView.numbers(
          "insets", section: s, from: index, count: got, perItem: 4, into: insets, lengths: insetLengths)
        let ids =
          preferred.isEmpty ? [] : (0..<got).map { collectionView.string("id", section: s, item: index + $0) ?? "" }
        for offset in 0..<got {
          let size = ids.isEmpty ? chunk[offset] : preferred[ids[offset]] ?? chunk[offset]
          var width: Double
          if widthLengths[offset] >= 1 {
            width = max(0, widths[offset])
          } else if size.width >= 0, size.height > 0 {
            width = size.width * rowHeight / size.height  // scaled to the row height
          } else {
            width = rowHeight
          }
          let row = Int(shortest.removeMin().row)
          var frame = Rect(x: edges[row], y: Double(row) * rowHeight, width: width, height: rowHeight)
          // The original's order: the first row's rule, else the last row's (a single row takes
          // the first's); the fixed part goes to the 1st, 3rd, ... first-row item and the 2nd,
          // 4th, ... last-row item (`prevWasTallFirst` starts YES, `prevWasTallLast` NO).
          var lost = 0.0
          if tornEdges, row == 0 || row == rows - 1 {
            let first = row == 0
            let fixed = first ? tornCount[row] % 2 == 0 : tornCount[row] % 2 == 1
            lost = Double(random.below(first ? randomVar.first : randomVar.last))
            if fixed { lost += Double(first ? fixedVar.first : fixedVar.last) }
            tornCount[row] += 1
            // A tear that would take the whole height (rows under the loss, where the original
            // goes negative) leaves the item whole.
            if lost >= rowHeight { lost = 0 }
            frame.size.height = rowHeight - lost
            if first { frame.origin.y += lost }  // the first row loses it at the top
          }
          // The original scales every width by the kept height over the row height clamped to
          // at least 1 (`h = h <= 1 ? 1.f : h; w = w * newH / h;`): under 1 point a row's items
          // narrow with it, torn or not.
          if frame.height != rowHeight || rowHeight < 1 { frame.size.width = width * frame.height / max(rowHeight, 1) }
          edges[row] = frame.maxX
          shortest.insert(RowEdge(edge: edges[row], row: Int32(row)))
          if insetLengths[offset] == 4 {
            let (top, left, bottom, right) = (
              insets[4 * offset], insets[4 * offset + 1], insets[4 * offset + 2], insets[4 * offset + 3]
            )
            frame = Rect(
              x: frame.minX + left, y: frame.minY + top, width: max(0, frame.width - left - right),
              height: max(0, frame.height - top - bottom))
          }
          let bandTop = Double(row) * rowHeight
          overhang = max(overhang, bandTop - frame.minY, frame.maxY - (bandTop + rowHeight))
          rowItems[row].append(Int32(frames.count))
          frames.append(frame)
        }
        index += got
      }
    }
    contentSize = Size(width: edges.max() ?? 0, height: bounds.height)
    self.frames = frames
    self.offsets = offsets
    self.rowItems = rowItems
    (preparedRowHeight, self.overhang) = (rowHeight, overhang)
  }

  public func invalidateLayout(with context: InvalidationContext) {
    for p in context.preferredSizes {
      if let id = collectionView.string("id", section: p.indexPath.section, item: p.indexPath.item) {
        preferred[id] = p.size
      }
    }
  }

  func cell(_ index: Int) -> LayoutAttributes {
    LayoutAttributes(indexPath: offsets.indexPath(of: index), frame: frames[index])
  }

  /// Only the rows the rect crosses (row r spans r × rowHeight to (r + 1) × rowHeight), and in
  /// each a binary search for the first item that reaches it: O(rows crossed × log n + k).
  public func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink) {
    let rowHeight = preparedRowHeight
    var crossed = 0..<rowItems.count
    if rowHeight > 0, rowHeight.isFinite, !rowItems.isEmpty {
      // Compared as doubles: a far rect over tiny rows is no row number at all.
      let first = max(0, ((rect.minY - overhang) / rowHeight).rounded(.down) - 1)
      let last = min(Double(rowItems.count - 1), ((rect.maxY + overhang) / rowHeight).rounded(.down) + 1)
      guard first <= last else { return }
      crossed = Int(first)..<Int(last) + 1
    }
    for list in rowItems[crossed] {
      var i = list.partitioningIndex { frames[Int($0)].maxX >= rect.minX }
      while i < list.count {
        let index = Int(list[i])
        if frames[index].minX > rect.maxX { break }
        if frames[index].intersects(rect) { sink.append(cell(index)) }
        i += 1
      }
    }
  }

  public func layoutAttributesForAllElements(into sink: inout AttributesSink) {
    for index in frames.indices { sink.append(cell(index)) }
  }

  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    offsets.flatIndex(of: indexPath).map(cell)
  }
}
