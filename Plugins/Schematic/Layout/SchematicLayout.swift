import TesseraKit

/// The tree "schematic" of the AltConf 2015 talk "Beyond the Grid": each section is one depth
/// level drawn as a column of boxes, and a `connector` supplementary view joins every node to its
/// parent (its `parent` prop, an id in the previous section).
///
/// ```
///  [root ]─┬─[child 1 ]──[child 1-1]
///          │            └[child 1-2]
///          ├─[child 2 ]
///          └─[child 3 ]──[child 3-1]
/// ```
///
/// Sizes come from the data source (its `estimated` size first, then `size`, then `nodeSize`); a
/// self-sizing node's preferred size replaces its size — kept by item id, so it survives batch updates — and moves
/// its column and every later one.
public final class SchematicLayout: CollectionLayout {
  public static let connector = ElementKind.supplementary("connector")

  public static let layoutDescription = LayoutDescription(
    name: "schematic",
    summary: "a tree drawn as columns of boxes joined by connector lines (AltConf 2015, Beyond the Grid)",
    options: [
      OptionDescription(
        "nodeSize", .size, default: "100x40", doc: "size of nodes the dataset gives no size", minimum: 0),
      OptionDescription(
        "sectionMargin", .number, default: "20", doc: "space left of the first column and right of the last", minimum: 0
      ),
      OptionDescription(
        "sectionPadding", .number, default: "60", doc: "space between columns (where connectors run)", minimum: 0),
      OptionDescription(
        "itemPadding", .number, default: "40", doc: "space between nodes of a column (half of it above the first)",
        minimum: 0),
    ],
    kinds: [connector],
    customKeys: ["startTop"],
    // A connector is a line from the parent's middle to the child's: down to the right
    // (falling) unless the parent is the lower one (startTop = 1).
    drawings: [
      KindDrawingHint(connector, .line, direction: .falling, flipKey: "startTop"),
      // The talk colours its nodes by type.
      KindDrawingHint(nil, .box, colourProp: "type"),
    ])

  public let collectionView: CollectionView
  var nodeSize = Size(width: 100, height: 40)
  var sectionMargin = 20.0
  var sectionPadding = 60.0
  var itemPadding = 40.0
  /// Preferred sizes of self-sized nodes, by item id.
  var preferred: [String: Size] = [:]
  var columns: [SchematicColumn] = []
  var contentSize = Size.zero
  /// The first column the next prepare must lay out again.
  var firstDirtyColumn = 0

  public init(collectionView: CollectionView) {
    self.collectionView = collectionView
  }

  public func apply(options: LayoutOptions) throws(LayoutError) {
    nodeSize = options.size("nodeSize", default: nodeSize)
    sectionMargin = options.number("sectionMargin", default: sectionMargin)
    sectionPadding = options.number("sectionPadding", default: sectionPadding)
    itemPadding = options.number("itemPadding", default: itemPadding)
    firstDirtyColumn = 0
  }

  public var collectionViewContentSize: Size { contentSize }

  public func prepare() throws(LayoutError) {
    columns = layOut(from: min(firstDirtyColumn, columns.count), preferred: preferred)
    if let last = columns.last {
      contentSize = Size(width: last.x + last.width + sectionMargin, height: columns.map(\.height).max() ?? 0)
    } else {
      contentSize = .zero
    }
    firstDirtyColumn = Int.max
  }

  /// The columns, keeping the current ones before `first` and laying out the rest with the
  /// given preferred sizes. Pure, so an invalidation context can compare before and after.
  /// Per node: one bulk read of sizes and of parents (`reference_bulk`), its top, and its
  /// connector's span; ids are read only when some node has a preferred size.
  func layOut(from first: Int, preferred: [String: Size]) -> [SchematicColumn] {
    let sectionCount = collectionView.numberOfSections
    var result = Array(columns.prefix(min(first, sectionCount)))
    for s in result.count..<sectionCount {
      let count = collectionView.numberOfItems(inSection: s)
      var sizes = [Size](repeating: nodeSize, count: count)
      var width = 0.0
      collectionView.forEachItemSize(inSection: s, defaultSize: nodeSize, estimatesFirst: true) { index, size in
        if index < count { sizes[index] = size }
      }
      if !preferred.isEmpty {
        for index in 0..<count {
          if let id = collectionView.string("id", section: s, item: index), let size = preferred[id] {
            sizes[index] = size
          }
        }
      }
      for size in sizes where size.width > width { width = size.width }
      let x = s == 0 ? sectionMargin : result[s - 1].x + result[s - 1].width + sectionPadding
      var tops = [Double](repeating: 0, count: count)
      var y = itemPadding / 2
      for index in 0..<count {
        tops[index] = y
        y += sizes[index].height + itemPadding
      }
      var parents = [Int32](repeating: -1, count: count)
      if s > 0 {
        let previous = s - 1
        let chunk = 4096
        withUnsafeTemporaryAllocation(of: IndexPath?.self, capacity: chunk) { buffer in
          var start = 0
          while start < count {
            let got = collectionView.references(
              "parent", section: s, from: start, count: min(chunk, count - start), into: buffer.baseAddress!)
            guard got > 0 else { break }
            for k in 0..<got {
              if let path = buffer[k], path.section == previous, path.item < result[previous].count {
                parents[start + k] = Int32(path.item)
              }
            }
            start += got
          }
        }
      }
      var column = SchematicColumn(
        x: x, width: width, height: y - itemPadding / 2, tops: tops, sizes: sizes, parents: parents,
        connectors: ConnectorSpans())
      if s > 0 {
        let parentColumn = result[s - 1]
        var minX = Double.infinity
        var maxX = -Double.infinity
        column.connectors = ConnectorSpans(count: count) { item in
          let parent = parents[item]
          guard parent >= 0 else { return nil }
          let parentSize = parentColumn.sizes[Int(parent)]
          minX = min(minX, parentColumn.x + (parentColumn.width + parentSize.width) / 2)
          maxX = max(maxX, x + (width - sizes[item].width) / 2)
          let parentMid = parentColumn.tops[Int(parent)] + parentColumn.sizes[Int(parent)].height / 2
          let childMid = tops[item] + sizes[item].height / 2
          return (min(parentMid, childMid), max(parentMid, childMid))
        }
        column.connectorMinX = minX
        column.connectorMaxX = maxX
      }
      result.append(column)
    }
    return result
  }

  /// The connector into node `item` of column `s`: from its parent's right edge to its left
  /// edge, spanning the two mid-y values; `startTop` is 1 when the parent's mid y is the lower.
  func connector(_ s: Int, _ item: Int) -> LayoutAttributes? {
    Self.connector(s, item, in: columns)
  }

  static func connector(_ s: Int, _ item: Int, in columns: [SchematicColumn]) -> LayoutAttributes? {
    guard s > 0 else { return nil }
    let parentIndex = Int(columns[s].parents[item])
    guard parentIndex >= 0 else { return nil }
    let parent = columns[s - 1].frame(parentIndex)
    let child = columns[s].frame(item)
    var attributes = LayoutAttributes(
      kind: Self.connector, indexPath: IndexPath(s, item),
      frame: Rect(
        x: parent.maxX, y: min(parent.midY, child.midY), width: child.minX - parent.maxX,
        height: abs(parent.midY - child.midY)))
    attributes.custom[0] = parent.midY > child.midY ? 1 : 0
    return attributes
  }
}
