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
  private var height = 0.0

  public init(collectionView: CollectionView) { self.collectionView = collectionView }

  public func apply(options: LayoutOptions) throws(LayoutError) {
    rowHeight = options.number("rowHeight", default: 44)
    spacing = options.number("spacing", default: 8)
  }

  public func prepare() throws(LayoutError) {
    let width = (collectionView.bounds.width - spacing) / 2
    var columns = [0.0, 0.0]
    frames = (0..<collectionView.numberOfSections).map { section in
      var sectionFrames: [Rect] = []
      collectionView.forEachItemSize(inSection: section, defaultSize: Size(width: width, height: rowHeight)) {
        _, size in
        let column = columns[0] <= columns[1] ? 0 : 1
        sectionFrames.append(
          Rect(x: Double(column) * (width + spacing), y: columns[column], width: width, height: size.height))
        columns[column] += size.height + spacing
      }
      return sectionFrames
    }
    height = max(0, max(columns[0], columns[1]) - spacing)
  }

  public var collectionViewContentSize: Size { Size(width: collectionView.bounds.width, height: height) }

  public func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink) {
    for (section, column) in frames.enumerated() {
      for (item, frame) in column.enumerated() where frame.intersects(rect) {
        sink.append(LayoutAttributes(indexPath: IndexPath(section, item), frame: frame))
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
