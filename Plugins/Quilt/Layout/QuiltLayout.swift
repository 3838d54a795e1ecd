import Algorithms
import TesseraKit

/// Block packing (after RFQuiltLayout): the viewport is a grid of blocks, each item spans some
/// of them (its `blocks` prop, default [1, 1]; a fraction takes the next whole block) and takes
/// the first place, scanning rows top to bottom and columns left to right, where its whole
/// footprint is free (`FreeBands`).
///
/// ```
///  |[0.0     ][0.1][0.2]|
///  |[        ][0.3     ]|
///  |[0.4][0.5][  ][0.6 ]|   a hole stays free until an item fits it
/// ```
///
/// Scanning starts at the first row with a free cell, which is tracked rather than searched
/// from the top: the original suggests staying under about 1,000 items; this stays fast at a
/// million. Cells carry a custom value `overflow` = 1 when their span is wider than the grid.
public final class QuiltLayout: CollectionLayout {
  public static let layoutDescription = LayoutDescription(
    name: "quilt",
    summary: "items spanning blocks, packed into the first free place (after RFQuiltLayout)",
    options: [
      OptionDescription("blockSize", .size, default: "100x100", doc: "size of one block", minimum: 0),
      OptionDescription(
        "direction", .choice(["vertical", "horizontal"]), default: "vertical",
        doc: "vertical: rows of blocks across, stacking down; horizontal swaps the axes"),
      OptionDescription(
        "itemInset", .insets, default: "0,0,0,0", doc: "top,left,bottom,right inside each item's blocks"),
    ],
    customKeys: ["overflow"], zoomOption: "blockSize")

  public let collectionView: CollectionView
  var blockSize = Size(width: 100, height: 100)
  var isVertical = true
  var itemInset = EdgeInsets.zero
  var frames: [Rect] = []
  var overflowing: [Bool] = []
  var offsets = SectionOffsets()
  /// Items sorted by the first row they occupy, with the row: a rect query's binary search.
  var firstRows: [Int32] = []
  var order: [Int32] = []
  /// The most rows one item spans: how far above a rect an overlapping item can start.
  var tallestSpan = 1
  /// How far any frame reaches before its footprint's first row and past its last along the
  /// scroll axis (negative insets): what a rect query widens its rows by.
  var overhang = (before: 0.0, after: 0.0)
  var contentSize = Size.zero

  public init(collectionView: CollectionView) {
    self.collectionView = collectionView
  }

  public func apply(options: LayoutOptions) throws(LayoutError) {
    blockSize = options.size("blockSize", default: blockSize)
    isVertical = options.choice("direction", default: "vertical") == "vertical"
    itemInset = options.insets("itemInset", default: itemInset)
  }

  public var collectionViewContentSize: Size { contentSize }

  /// Item sizes play no part here (blocks decide the size): a preferred size changes nothing.
  public func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: LayoutAttributes, withOriginalAttributes original: LayoutAttributes
  ) -> Bool {
    false
  }

  static let chunk = 512
  /// The widest grid, in blocks; also the longest span an item may have.
  static let widestGrid = 10_000
  /// The most rows a layout may reach: row numbers stay within Int32, and spans cannot grow the
  /// content without bound.
  static let mostRows = 1 << 30

  /// A number as messages show it: whole ones without a decimal point, never converted when huge.
  static func shown(_ x: Double) -> String {
    x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
  }

  /// A span's footprint in the grid, (along the rows, across them): whole blocks, a fraction
  /// taking the next whole one, as RFQuiltLayout's `for(int col=point.x; col<point.x+size.width;
  /// col++)` does from a whole origin.
  @inline(__always) func footprint(_ span: SIMD2<Double>) -> (w: Int, h: Int) {
    let (x, y) = (Int(span.x.rounded(.up)), Int(span.y.rounded(.up)))
    return isVertical ? (x, y) : (y, x)
  }

  /// Every item's `blocks` span of section `s`, in blocks along x and y ([1, 1] when it gives
  /// none), each above 0 and at most `widestGrid`: checked before anything converts them.
  func readSpans(
    section s: Int, count: Int, into blocks: UnsafeMutablePointer<Double>, lengths: UnsafeMutablePointer<Int64>
  ) throws(LayoutError) -> [SIMD2<Double>] {
    var spans: [SIMD2<Double>] = []
    spans.reserveCapacity(count)
    var start = 0
    while start < count {
      let n = min(Self.chunk, count - start)
      _ = collectionView.numbers(
        "blocks", section: s, from: start, count: n, perItem: 2, into: blocks, lengths: lengths)
      for k in 0..<n {
        guard lengths[k] >= 0 else {
          spans.append(SIMD2(1, 1))
          continue
        }
        let (a, b) = (blocks[2 * k], blocks[2 * k + 1])
        func valid(_ x: Double) -> Bool { x > 0 && x <= Double(Self.widestGrid) }
        guard lengths[k] == 2, valid(a), valid(b) else {
          let shown = (0..<Int(min(lengths[k], 2))).map { Self.shown(blocks[2 * k + $0]) }.joined(separator: ", ")
          throw LayoutError(
            "item \(s).\(start + k): blocks [\(shown)] must be two numbers of blocks, each above 0 and at most \(Self.widestGrid) (a fraction takes whole blocks and keeps its size, as in RFQuiltLayout)"
          )
        }
        spans.append(SIMD2(a, b))
      }
      start += n
    }
    return spans
  }

  /// A new viewport size lays the items out again; scrolling does not. (Without this, the SDK's
  /// default is UIKit's base class, which never invalidates for a bounds change.)
  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != collectionView.bounds.size
  }

  public func prepare() throws(LayoutError) {
    let bounds = collectionView.bounds
    let along = isVertical ? blockSize.width : blockSize.height
    let across = isVertical ? blockSize.height : blockSize.width
    let extent = isVertical ? bounds.width : bounds.height
    let blocksAcross = along > 0 ? (extent / along).rounded(.down) : 1
    guard blocksAcross <= Double(Self.widestGrid) else {
      throw LayoutError(
        "a \(Self.shown(extent))-point viewport holds more than \(Self.widestGrid) blocks of \(Self.shown(along)) points across, the most this layout lays out; use a larger blockSize or a smaller viewport"
      )
    }
    let gridWidth = max(1, Int(blocksAcross))
    // RFQuiltLayout centres the grid across the view: `(CGRectGetWidth(contentRect) -
    // [self restrictedDimensionBlockSize]*self.blockPixels.width)/ 2` before every x (y when
    // horizontal). Never below 0: a view narrower than one block starts the grid at its edge.
    let pad = max(0, (extent - Double(gridWidth) * along) / 2)
    // Built in locals and stored once: appending to a class's properties in the loop would pay a
    // dynamic exclusivity check per item.
    var frames = self.frames
    var overflowing = self.overflowing
    var offsets = SectionOffsets()
    (self.frames, self.overflowing) = ([], [])
    frames.removeAll(keepingCapacity: true)
    overflowing.removeAll(keepingCapacity: true)
    var tallestSpan = 1
    var overhang = (before: 0.0, after: 0.0)
    let (isVertical, itemInset) = (self.isVertical, self.itemInset)
    var placements: [(row: Int, item: Int32)] = []
    let blocks = UnsafeMutablePointer<Double>.allocate(capacity: 2 * Self.chunk)
    let blockLengths = UnsafeMutablePointer<Int64>.allocate(capacity: Self.chunk)
    let insetValues = UnsafeMutablePointer<Double>.allocate(capacity: 4 * Self.chunk)
    let insetLengths = UnsafeMutablePointer<Int64>.allocate(capacity: Self.chunk)
    defer {
      blocks.deallocate()
      blockLengths.deallocate()
      insetValues.deallocate()
      insetLengths.deallocate()
    }
    var rowBase = 0
    for s in 0..<collectionView.numberOfSections {
      let count = collectionView.numberOfItems(inSection: s)
      offsets.append(count: count)
      // The spans first (x and y, as given): the grid learns which free cells no item of this
      // section can ever fill, and where each span's search may start.
      let spans = try readSpans(section: s, count: count, into: blocks, lengths: blockLengths)
      var grid = FreeBands(width: gridWidth, spans: spans.map(footprint))
      var chunkStart = 0
      while chunkStart < count {
        let n = min(Self.chunk, count - chunkStart)
        _ = collectionView.numbers(
          "insets", section: s, from: chunkStart, count: n, perItem: 4, into: insetValues, lengths: insetLengths)
        for k in 0..<n {
          let item = chunkStart + k
          let span = spans[item]
          let (w, h) = footprint(span)
          let (row, column) = grid.place(w, h)
          guard rowBase + row + h <= Self.mostRows else {
            throw LayoutError(
              "item \(s).\(item): the grid would grow past \(Self.mostRows) rows of \(gridWidth) blocks, the most this layout keeps; use smaller spans or a wider grid"
            )
          }
          grid.occupy(row, column, w, h)
          var insets = itemInset
          if insetLengths[k] == 4 {
            insets = EdgeInsets(
              top: insetValues[4 * k], left: insetValues[4 * k + 1], bottom: insetValues[4 * k + 2],
              right: insetValues[4 * k + 3])
          }
          // The footprint's top-left; the frame is the span itself, x by the block's width and y
          // by its height in either direction (RFQuiltLayout's `elementSize × blockPixels`).
          let u = pad + Double(column) * along
          let v = Double(rowBase + row) * across
          var frame = Rect(
            x: isVertical ? u : v, y: isVertical ? v : u, width: span.x * blockSize.width,
            height: span.y * blockSize.height)
          frame = Rect(
            x: frame.minX + insets.left, y: frame.minY + insets.top,
            width: max(0, frame.width - insets.left - insets.right),
            height: max(0, frame.height - insets.top - insets.bottom))
          placements.append((rowBase + row, Int32(frames.count)))
          frames.append(frame)
          overflowing.append(w > gridWidth)
          tallestSpan = max(tallestSpan, h)
          let (start, end) = isVertical ? (frame.minY, frame.maxY) : (frame.minX, frame.maxX)
          overhang = (max(overhang.before, v - start), max(overhang.after, end - (v + Double(h) * across)))
        }
        chunkStart += n
      }
      rowBase += grid.rows  // each section starts on a new row below the previous one
    }
    // Items are placed in roughly increasing rows; sort the few that are not.
    placements.sort { $0.row < $1.row || ($0.row == $1.row && $0.item < $1.item) }
    firstRows = placements.map { Int32($0.row) }
    order = placements.map(\.item)
    (self.frames, self.overflowing, self.offsets, self.tallestSpan, self.overhang) = (
      frames, overflowing, offsets, tallestSpan, overhang
    )
    let rowsExtent = Double(rowBase) * across
    contentSize =
      isVertical
      ? Size(width: bounds.width, height: rowsExtent) : Size(width: rowsExtent, height: bounds.height)
  }

  func cell(_ index: Int) -> LayoutAttributes {
    var attributes = LayoutAttributes(indexPath: offsets.indexPath(of: index), frame: frames[index])
    if overflowing[index] { attributes.custom[0] = 1 }
    return attributes
  }

  public func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink) {
    let across = isVertical ? blockSize.height : blockSize.width
    guard across > 0 else {
      for index in frames.indices where frames[index].intersects(rect) { sink.append(cell(index)) }
      return
    }
    let (minV, maxV) = isVertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
    // Items whose first row is at most `tallestSpan` rows above the rect (widened by how far a
    // frame reaches past its footprint) can reach into it. Compared as a double first: a far
    // offset over tiny blocks is no row number at all.
    let row = ((minV - overhang.after) / across).rounded(.down) - Double(tallestSpan)
    let fromRow = row >= Double(Int32.max) ? Int32.max : row > 0 ? Int32(row) : 0
    var i = firstRows.partitioningIndex { $0 >= fromRow }
    while i < firstRows.count, Double(firstRows[i]) * across - overhang.before <= maxV {
      let index = Int(order[i])
      if frames[index].intersects(rect) { sink.append(cell(index)) }
      i += 1
    }
  }

  public func layoutAttributesForAllElements(into sink: inout AttributesSink) {
    for index in frames.indices { sink.append(cell(index)) }
  }

  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    offsets.flatIndex(of: indexPath).map(cell)
  }
}
