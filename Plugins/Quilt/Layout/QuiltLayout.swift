import Algorithms
import TesseraKit

/// Block packing (after RFQuiltLayout): the viewport is a grid of blocks, each item spans a
/// whole number of them (its `blocks` prop, default [1, 1]) and takes the first place, scanning
/// rows top to bottom and columns left to right, where its whole span is free.
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
    summary: "items spanning whole blocks, packed into the first free place (after RFQuiltLayout)",
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
  /// The most 64-bit words of occupancy the rows may take (256 MB): spans cannot grow the grid
  /// without bound, and row numbers stay within Int32.
  static let mostGridWords = 1 << 25

  /// A number as messages show it: whole ones without a decimal point, never converted when huge.
  static func shown(_ x: Double) -> String {
    x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
  }

  /// The occupied cells of one section's grid: a bit mask per row (grids up to 64 blocks wide;
  /// wider ones use several words a row).
  struct Occupancy {
    let width: Int
    let words: Int
    var bits: [UInt64] = []
    /// The first row that may still have a free cell.
    var firstFreeRow = 0
    /// Per span (w << 32 | h): the row its last placement was found in. Cells only fill up, so a
    /// span that did not fit before that row never will: the next search starts there, and a
    /// hole no item fits does not make every later item scan every row (O(n²) before).
    var searchFrom: [Int: Int] = [:]

    init(width: Int) {
      self.width = width
      words = (width + 63) / 64
    }

    var rows: Int { bits.count / words }

    @inline(__always) func isFree(_ row: Int, _ column: Int) -> Bool {
      row >= rows || bits[row * words + column / 64] & (1 << UInt64(column % 64)) == 0
    }

    func fits(_ row: Int, _ column: Int, _ w: Int, _ h: Int) -> Bool {
      guard column + w <= width else { return false }
      for r in row..<(row + h) {
        if r >= rows { return true }
        for c in column..<(column + w) where !isFree(r, c) { return false }
      }
      return true
    }

    mutating func occupy(_ row: Int, _ column: Int, _ w: Int, _ h: Int) {
      while rows < row + h { bits.append(contentsOf: repeatElement(0, count: words)) }
      for r in row..<(row + h) {
        for c in column..<min(width, column + w) { bits[r * words + c / 64] |= 1 << UInt64(c % 64) }
      }
      while firstFreeRow < rows, isFull(firstFreeRow) { firstFreeRow += 1 }
    }

    /// Whole words at a time.
    func isFull(_ row: Int) -> Bool {
      guard row < rows else { return false }
      let base = row * words
      for word in 0..<words {
        let bitsInWord = word == words - 1 && width % 64 != 0 ? width % 64 : 64
        let full: UInt64 = bitsInWord == 64 ? ~0 : (1 << UInt64(bitsInWord)) - 1
        if bits[base + word] & full != full { return false }
      }
      return true
    }

    /// The first origin where a w×h span fits: scanning rows from the first with a free cell,
    /// columns left to right. A span wider than the grid goes to column 0 of the first free rows.
    mutating func place(_ w: Int, _ h: Int) -> (row: Int, column: Int) {
      let key = w << 32 | h
      var row = max(firstFreeRow, searchFrom[key] ?? 0)
      defer { searchFrom[key] = row }
      if w > width {
        while !(0..<width).allSatisfy({ c in (row..<(row + h)).allSatisfy { isFree($0, c) } }) { row += 1 }
        return (row, 0)
      }
      while true {
        if row >= rows { return (row, 0) }
        for column in 0...(width - w) where isFree(row, column) && fits(row, column, w, h) { return (row, column) }
        row += 1
      }
    }
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
    // Built in locals and stored once: appending to a class's properties in the loop would pay a
    // dynamic exclusivity check per item.
    var frames = self.frames
    var overflowing = self.overflowing
    var offsets = SectionOffsets()
    (self.frames, self.overflowing) = ([], [])
    frames.removeAll(keepingCapacity: true)
    overflowing.removeAll(keepingCapacity: true)
    var tallestSpan = 1
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
      var grid = Occupancy(width: gridWidth)
      let count = collectionView.numberOfItems(inSection: s)
      offsets.append(count: count)
      var chunkStart = 0
      while chunkStart < count {
        // Spans and insets in bulk, a chunk at a time.
        let n = min(Self.chunk, count - chunkStart)
        _ = collectionView.numbers(
          "blocks", section: s, from: chunkStart, count: n, perItem: 2, into: blocks, lengths: blockLengths)
        _ = collectionView.numbers(
          "insets", section: s, from: chunkStart, count: n, perItem: 4, into: insetValues, lengths: insetLengths)
        for k in 0..<n {
          let item = chunkStart + k
          var w = 1
          var h = 1
          if blockLengths[k] >= 0 {
            let (a, b) = (blocks[2 * k], blocks[2 * k + 1])
            func whole(_ x: Double) -> Bool { x >= 1 && x == x.rounded() && x <= Double(Self.widestGrid) }
            guard blockLengths[k] == 2, whole(a), whole(b) else {
              let given = (0..<Int(min(blockLengths[k], 2))).map { blocks[2 * k + $0] }
              let shown = given.map(Self.shown).joined(separator: ", ")
              throw LayoutError(
                "item \(s).\(item): blocks [\(shown)] must be two whole numbers of blocks, each at least 1 (fractional spans are the original RFQuiltLayout's most reported bug)"
              )
            }
            (w, h) = (Int(a), Int(b))
            if !isVertical { (w, h) = (h, w) }
          }
          let (row, column) = grid.place(w, h)
          guard (rowBase + row + h) * grid.words <= Self.mostGridWords else {
            throw LayoutError(
              "item \(s).\(item): the grid would grow past \(Self.mostGridWords / grid.words) rows of \(gridWidth) blocks, the most this layout keeps; use smaller spans or a wider grid"
            )
          }
          grid.occupy(row, column, w, h)
          var insets = itemInset
          if insetLengths[k] == 4 {
            insets = EdgeInsets(
              top: insetValues[4 * k], left: insetValues[4 * k + 1], bottom: insetValues[4 * k + 2],
              right: insetValues[4 * k + 3])
          }
          let u = Double(column) * along
          let v = Double(rowBase + row) * across
          var frame =
            isVertical
            ? Rect(x: u, y: v, width: Double(w) * along, height: Double(h) * across)
            : Rect(x: v, y: u, width: Double(h) * across, height: Double(w) * along)
          frame = Rect(
            x: frame.minX + insets.left, y: frame.minY + insets.top,
            width: max(0, frame.width - insets.left - insets.right),
            height: max(0, frame.height - insets.top - insets.bottom))
          placements.append((rowBase + row, Int32(frames.count)))
          frames.append(frame)
          overflowing.append(w > gridWidth)
          tallestSpan = max(tallestSpan, h)
        }
        chunkStart += n
      }
      rowBase += grid.rows  // each section starts on a new row below the previous one
    }
    // Items are placed in roughly increasing rows; sort the few that are not.
    placements.sort { $0.row < $1.row || ($0.row == $1.row && $0.item < $1.item) }
    firstRows = placements.map { Int32($0.row) }
    order = placements.map(\.item)
    (self.frames, self.overflowing, self.offsets, self.tallestSpan) = (
      frames, overflowing, offsets, tallestSpan
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
    // Items whose first row is at most `tallestSpan` rows above the rect can reach into it.
    // Compared as a double first: a far offset over tiny blocks is no row number at all.
    let row = (minV / across).rounded(.down) - Double(tallestSpan)
    let fromRow = row >= Double(Int32.max) ? Int32.max : row > 0 ? Int32(row) : 0
    var i = firstRows.partitioningIndex { $0 >= fromRow }
    while i < firstRows.count, Double(firstRows[i]) * across <= maxV {
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
