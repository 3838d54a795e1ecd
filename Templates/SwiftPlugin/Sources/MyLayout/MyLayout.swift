import TesseraKit

/// Two columns of cells, each cell as tall as the dataset says (or `rowHeight`), placed in the
/// shorter column; sections follow one another. Replace it with your layout.
public final class MyLayout: CollectionLayout {
  public static let layoutDescription = LayoutDescription(
    name: "mylayout", summary: "two columns, each cell in the shorter one",
    options: [
      OptionDescription(
        "rowHeight", .number, default: "44", doc: "height of cells the dataset gives no size", minimum: 1),
      OptionDescription("spacing", .number, default: "8", doc: "space between cells", minimum: 0),
    ])

  public let collectionView: CollectionView
  private var rowHeight = 44.0
  private var spacing = 8.0
  /// Frames by section, then item.
  private var frames: [[Rect]] = []
  /// Each column's cells top to bottom: their tops and bottoms only grow, so a rect query is a
  /// binary search per column, O(log n + k), never a scan of every cell.
  private var columnCells: [[(indexPath: IndexPath, frame: Rect)]] = [[], []]
  private var height = 0.0

  public init(collectionView: CollectionView) { self.collectionView = collectionView }

  public func apply(options: LayoutOptions) throws(LayoutError) {
    rowHeight = options.number("rowHeight", default: 44)
    spacing = options.number("spacing", default: 8)
  }

  public func prepare() throws(LayoutError) {
    let width = (collectionView.bounds.width - spacing) / 2
    var columns = [0.0, 0.0]
    var cells: [[(indexPath: IndexPath, frame: Rect)]] = [[], []]
    frames = (0..<collectionView.numberOfSections).map { section in
      var sectionFrames: [Rect] = []
      collectionView.forEachItemSize(inSection: section, defaultSize: Size(width: width, height: rowHeight)) {
        item, size in
        let column = columns[0] <= columns[1] ? 0 : 1
        let frame = Rect(x: Double(column) * (width + spacing), y: columns[column], width: width, height: size.height)
        sectionFrames.append(frame)
        cells[column].append((IndexPath(section, item), frame))
        columns[column] += size.height + spacing
      }
      return sectionFrames
    }
    columnCells = cells
    height = max(0, max(columns[0], columns[1]) - spacing)
  }

  public var collectionViewContentSize: Size { Size(width: collectionView.bounds.width, height: height) }

  public func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink) {
    for cells in columnCells {
      // The first cell whose bottom reaches the rect, then down until a cell starts below it.
      var low = 0
      var high = cells.count
      while low < high {
        let middle = (low + high) / 2
        if cells[middle].frame.maxY < rect.minY { low = middle + 1 } else { high = middle }
      }
      while low < cells.count, cells[low].frame.minY <= rect.maxY {
        if cells[low].frame.intersects(rect) {
          sink.append(LayoutAttributes(indexPath: cells[low].indexPath, frame: cells[low].frame))
        }
        low += 1
      }
    }
  }

  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard frames.indices.contains(indexPath.section), frames[indexPath.section].indices.contains(indexPath.item)
    else { return nil }
    return LayoutAttributes(indexPath: indexPath, frame: frames[indexPath.section][indexPath.item])
  }

  /// The columns' width follows the bounds: a new width lays the cells out again.
  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.width != collectionView.bounds.width
  }
}
